import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles/theme.css';
import '../ui/styles/base.css';
import '../ui/styles/components.css';
import './layout/layout.css';
import { readEarly } from '../api/early-read';
import { keepSignedInHint, storedAccessToken } from '../api/session-storage';
import { checkInSiteId, siteVisitApiPath } from '../domain/check-in-page';
import { App } from './app';
import { startSession } from './session/session-context';
import { initialiseTheme } from './theme/theme-store';

initialiseTheme();
keepSignedInHint(storedAccessToken() !== null);
// Before the first render, so that it already knows whether someone is signed in (session-context.tsx).
startSession();
// A site poster's check-in page reads its site (and the tradesperson's visit) as the app starts, not once the page's
// code has arrived (early-read.ts).
const checkInSite = checkInSiteId(window.location.pathname);
const checkInKey = new URLSearchParams(window.location.search).get('key');
if (checkInSite !== undefined && checkInKey) readEarly(siteVisitApiPath(checkInSite, checkInKey));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
