import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import * as session from '../../machines/session.selectors';
import { SwmsOutboxProvider } from '../components/swms-outbox/swms-outbox-provider';
import { Toaster } from '../ui/toaster';
import { createRouter } from './router';
import { Session } from './session/session-context';
import { useSessionExpiry } from './session/session-expiry';

function Routes() {
  useSessionExpiry();
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}

/** Issue 10 §4: a tradesperson's SWMS saved offline are sent from whichever screen is open. */
function SwmsOutbox({ children }: { readonly children: ReactNode }) {
  const tradespersonId = Session.useSelector((snapshot) => (session.hasRole('TradesPerson')(snapshot) ? session.userId(snapshot) : null));
  return <SwmsOutboxProvider userId={tradespersonId}>{children}</SwmsOutboxProvider>;
}

export function App() {
  return (
    <Session.Provider>
      <SwmsOutbox>
        <Routes />
      </SwmsOutbox>
      <Toaster />
    </Session.Provider>
  );
}
