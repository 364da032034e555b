import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { NotAuthorisedPage } from '../features/auth/not-authorised-page';
import { AppLayout } from './layout/app-layout';
import { BareLayout } from './layout/bare-layout';
import { RouteError } from './routing/route-error';
import { RouteGuard } from './routing/route-guard';
import { lazyPage } from './routing/lazy-page';
import { LoadingState } from '../ui/status';

/**
 * Spec §2: every screen. The guard sits above both layouts, so every route asks `routeAccess`. Each
 * screen but the login and the not-authorised message is loaded when first visited (issue 11).
 */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState fullScreen />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: '/', element: <LoginPage /> },
          { path: '/accept_invitation', lazy: lazyPage(() => import('../features/auth/accept-invitation-page'), (module) => module.AcceptInvitationPage) },
          { path: '/unauthorised_role', lazy: lazyPage(() => import('../features/auth/unauthorised-role-page'), (module) => module.UnauthorisedRolePage) },
          { path: '/site/:siteId/check-in', lazy: lazyPage(() => import('../features/check-in/check-in-page'), (module) => module.CheckInPage) },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: '/unauthorised', element: <NotAuthorisedPage /> },
          { path: '/clients', lazy: lazyPage(() => import('../features/clients/clients-page'), (module) => module.ClientsPage) },
          { path: '/clients/create', lazy: lazyPage(() => import('../features/clients/create-client-page'), (module) => module.CreateClientPage) },
          { path: '/clients/:clientId', lazy: lazyPage(() => import('../features/clients/client-details-page'), (module) => module.ClientDetailsPage) },
          { path: '/clients/:clientId/edit', lazy: lazyPage(() => import('../features/clients/edit-client-page'), (module) => module.EditClientPage) },
          { path: '/clients/:clientId/employees/add', lazy: lazyPage(() => import('../features/employees/invite-admin-page'), (module) => module.InviteAdminPage) },
          { path: '/clients/:clientId/employees/:employeeId', lazy: lazyPage(() => import('../features/employees/client-employee-page'), (module) => module.ClientEmployeePage) },
          { path: '/company/:companyId', lazy: lazyPage(() => import('../features/company/company-profile-page'), (module) => module.CompanyProfilePage) },
          { path: '/company/:companyId/edit', lazy: lazyPage(() => import('../features/company/edit-company-page'), (module) => module.EditCompanyPage) },
          { path: '/company/:companyId/employees', lazy: lazyPage(() => import('../features/employees/employees-page'), (module) => module.EmployeesPage) },
          { path: '/company/:companyId/employees/add', lazy: lazyPage(() => import('../features/employees/invite-supervisor-page'), (module) => module.InviteSupervisorPage) },
          { path: '/company/:companyId/employees/add-auditor', lazy: lazyPage(() => import('../features/employees/invite-supervisor-page'), (module) => module.InviteAuditorPage) },
          { path: '/company/:companyId/employees/:employeeId', lazy: lazyPage(() => import('../features/employees/employee-details-page'), (module) => module.EmployeeDetailsPage) },
          { path: '/company/:companyId/projectsites', lazy: lazyPage(() => import('../features/sites/sites-page'), (module) => module.SitesPage) },
          { path: '/company/:companyId/projectsites/add', lazy: lazyPage(() => import('../features/sites/create-site-page'), (module) => module.CreateSitePage) },
          { path: '/company/:companyId/projectsites/:projectSiteId', lazy: lazyPage(() => import('../features/sites/site-details-page'), (module) => module.SiteDetailsPage) },
          { path: '/company/:companyId/projectsites/:projectSiteId/edit', lazy: lazyPage(() => import('../features/sites/edit-site-page'), (module) => module.EditSitePage) },
          { path: '/company/:companyId/projectsites/:projectSiteId/evacuation', lazy: lazyPage(() => import('../features/sites/evacuation-page'), (module) => module.EvacuationPage) },
          { path: '/company/:companyId/swms', lazy: lazyPage(() => import('../features/swms/swms-page'), (module) => module.SwmsPage) },
          { path: '/company/:companyId/audit', lazy: lazyPage(() => import('../features/audit/audit-page'), (module) => module.AuditPage) },
          { path: '/company/:companyId/swms/:swmsId', lazy: lazyPage(() => import('../features/swms/swms-submission-page'), (module) => module.SwmsSubmissionPage) },
          { path: '/profile', lazy: lazyPage(() => import('../features/profile/profile-page'), (module) => module.ProfilePage) },
          { path: '/profile/create', lazy: lazyPage(() => import('../features/profile/create-profile-page'), (module) => module.CreateProfilePage) },
          { path: '/profile/:profileId', lazy: lazyPage(() => import('../features/profile/edit-profile-page'), (module) => module.EditProfilePage) },
          { path: '/trades/:id', lazy: lazyPage(() => import('../features/trades/tradesperson-page'), (module) => module.TradespersonPage) },
          { path: '/trades/:id/edit', lazy: lazyPage(() => import('../features/trades/edit-trades-profile-page'), (module) => module.EditTradesProfilePage) },
          { path: '/site/:siteId/swms/new', lazy: lazyPage(() => import('../features/swms-builder/swms-builder-page'), (module) => module.SwmsBuilderPage) },
          { path: '/workflows', lazy: lazyPage(() => import('../features/workflows/workflows-page'), (module) => module.WorkflowsPage) },
          { path: '/workflows/:machineId', lazy: lazyPage(() => import('../features/workflows/workflow-page'), (module) => module.WorkflowPage) },
          { path: '*', element: <NotAuthorisedPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
