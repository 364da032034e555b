import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { routeAccess } from '../../../machines/route-access.selectors';
import * as session from '../../../machines/session.selectors';
import { LoadingState } from '../../ui/status';
import { Session } from '../../flows/session/session-context';
import { rememberReturnTo } from '../../flows/session/return-to';

function Redirect({ to, returnTo }: { readonly to: string; readonly returnTo: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (returnTo) rememberReturnTo(returnTo);
    navigate(to, { replace: true });
  }, [navigate, to, returnTo]);
  return <LoadingState fullScreen />;
}

/** Waits for the session to settle, then follows `routeAccess` (machines/route-access.selectors.ts). */
export function RouteGuard() {
  const settled = Session.useSelector((snapshot) => session.isInitialised(snapshot) && !session.isBusy(snapshot));
  const signedIn = Session.useSelector(session.isSignedIn);
  const payload = Session.useSelector(session.payload);
  const { pathname, search, hash } = useLocation();

  if (!settled) return <LoadingState fullScreen />;
  const access = routeAccess(pathname, { signedIn, payload });
  if (access.kind === 'redirect') {
    return <Redirect to={access.to} returnTo={access.rememberReturnTo ? `${pathname}${search}${hash}` : null} />;
  }
  return <Outlet />;
}
