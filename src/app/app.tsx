import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../ui/toaster';
import { createRouter } from './router';
import { Session } from './session/session-context';
import { useSessionExpiry } from './session/session-expiry';

function Routes() {
  useSessionExpiry();
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <Session.Provider>
      <Routes />
      <Toaster />
    </Session.Provider>
  );
}
