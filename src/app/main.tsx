import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles/theme.css';
import '../ui/styles/base.css';
import '../ui/styles/components.css';
import './layout/layout.css';
import { keepSignedInHint, storedAccessToken } from '../api/session-storage';
import { App } from './app';
import { startSession } from '../flows/session/session-context';
import { initialiseTheme } from './theme/theme-store';

initialiseTheme();
keepSignedInHint(storedAccessToken() !== null);
// Before the first render, so that it already knows whether someone is signed in (session-context.tsx).
startSession();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
