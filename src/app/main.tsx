import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles/theme.css';
import '../ui/styles/base.css';
import '../ui/styles/components.css';
import './layout/layout.css';
import { readEarly } from '../api/early-read';
import { keepSignedInHint, storedAccessToken } from '../api/session-storage';
import { App } from './app';
import { firstReadsAt } from './first-reads';
import { startSession } from '../flows/session/session-context';
import { initialiseTheme } from './theme/theme-store';

initialiseTheme();
keepSignedInHint(storedAccessToken() !== null);
// Before the first render, so that it already knows whether someone is signed in (session-context.tsx).
startSession();
// The screen at this address asks for what it reads first as the app starts, not once its code has arrived and run
// (a site's check-in page, a tradesperson's home: first-reads.ts, early-read.ts).
readEarly((signedInAs) => firstReadsAt(window.location, signedInAs));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
