import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import * as session from '../../machines/session.selectors';
import { SwmsOutboxProvider } from '../components/swms-outbox/swms-outbox-provider';
import { LoadingState } from '../ui/status';
import { whenIdle } from '../ui/when-idle';
import { ToasterOnDemand } from './layout/toaster-on-demand';
import { registerServiceWorker } from './offline/register-service-worker';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './routing/route-error-boundary';
import { Session } from './session/session-context';
import { useSessionExpiry } from './session/session-expiry';

/**
 * Issue 11: react-router's declarative mode (BrowserRouter) rather than its data router, which adds
 * 16 KB gzipped to every screen for loaders and actions the portal does not use. Navigations run as
 * transitions, so the current screen stays until the next one's code has arrived.
 */
function Routes() {
  useSessionExpiry();
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingState fullScreen />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
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
  return <SwmsOutboxProvider userId={tradespersonId}>{children}</SwmsOutboxProvider>;
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
