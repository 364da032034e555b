import { Suspense, useEffect, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import * as session from '../../machines/session.selectors';
import { SwmsOutboxProvider } from '../flows/swms-outbox/swms-outbox-provider';
import { LoadingState } from '../ui/status';
import { whenIdle } from '../ui/when-idle';
import { ToasterOnDemand } from './layout/toaster-on-demand';
import { registerServiceWorker } from './offline/register-service-worker';
import { AppRoutes } from './router';
import { createGuardedHistory } from './routing/guarded-history';
import { RouteErrorBoundary } from './routing/route-error-boundary';
import { Session } from '../flows/session/session-context';
import { useSessionExpiry } from './session/session-expiry';

const history = createGuardedHistory();

/**
 * Issue 11: react-router's declarative mode (BrowserRouter's history router) rather than its data router, which adds
 * 16 KB gzipped to every screen for loaders and actions the portal does not use. Navigations run as
 * transitions, so the current screen stays until the next one's code has arrived. Issue 55 §7: its history asks a
 * form's leave guard before leaving.
 */
function Routes() {
  useSessionExpiry();
  return (
    <HistoryRouter history={history}>
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingState fullScreen />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </HistoryRouter>
  );
}

/**
 * Issue 10 §4: a tradesperson's SWMS saved offline are sent from whichever screen is open. Issue 55 §4: their screens
 * open with no signal once visited, through the service worker, registered once their first screen has shown.
 */
function SwmsOutbox({ children }: { readonly children: ReactNode }) {
  const tradespersonId = Session.useSelector((snapshot) => (session.hasRole('TradesPerson')(snapshot) ? session.userId(snapshot) : null));
  const isTradesperson = tradespersonId !== null;
  useEffect(() => (isTradesperson ? whenIdle(registerServiceWorker) : undefined), [isTradesperson]);
  const token = Session.useSelector(session.accessToken);
  return (
    <SwmsOutboxProvider userId={tradespersonId} token={token}>
      {children}
    </SwmsOutboxProvider>
  );
}

export function App() {
  return (
    <Session.Provider>
      <SwmsOutbox>
        <Routes />
      </SwmsOutbox>
      <ToasterOnDemand />
    </Session.Provider>
  );
}
