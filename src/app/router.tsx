import type { RouteObject } from 'react-router-dom';
import { checkInRoute } from '../domain/check-in-page';
import { LoginPage } from '../features/auth/login-page';
import { startSiteVisitRead } from '../features/check-in/site-visit-read';
import { setScreenPrefetch } from '../ui/screen-prefetch';
import { BareLayout } from './layout/bare-layout';
import { lazyPage, prefetchPages, preloadPages, useLazyRoutes } from './routing/lazy-page';
import { RouteGuard } from './routing/route-guard';
import { routeReader } from '../flows/route-read/route-read';
import { startSession } from '../flows/session/session-context';

/** The signed-in area starts loading the screen at the address it opened on, and its reads, as soon as it arrives. */
const loadSignedInArea = () =>
  import('./signed-in-routes').then((area) => {
    preloadPages(area.signedInRoutes, window.location, routeReader(startSession().getSnapshot()));
    return area;
  });

// Screens ask for the code of the screen a likely tap opens by its address (src/ui/screen-prefetch.ts): here that is
// the signed-in area's table, then the screens it matches there.
setScreenPrefetch((pathname) => import('./signed-in-routes').then((area) => prefetchPages(area.signedInRoutes, { pathname })));

/**
 * Spec §2: the gateway screens, and the signed-in area (signed-in-routes.tsx) as one unit loaded on
 * first visit, so that the login page carries neither its layout nor its route table (issue 11). The
 * guard sits above both, so every route asks `routeAccess`.
 */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: '/', element: <LoginPage /> },
          { path: '/accept_invitation', element: lazyPage(() => import('../features/auth/accept-invitation-page'), (module) => module.AcceptInvitationPage) },
          { path: '/unauthorised_role', element: lazyPage(() => import('../features/auth/unauthorised-role-page'), (module) => module.UnauthorisedRolePage) },
          {
            path: checkInRoute,
            element: lazyPage(() => import('../features/check-in/check-in-page'), (module) => module.CheckInPage, { reads: startSiteVisitRead }),
          },
        ],
      },
      { path: '*', element: lazyPage(loadSignedInArea, (area) => area.SignedInRoutes) },
    ],
  },
];

export function AppRoutes() {
  return useLazyRoutes(routes);
}
