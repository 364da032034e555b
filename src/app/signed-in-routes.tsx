import type { RouteObject } from 'react-router-dom';
import { startTradesHomeRead } from '../features/trades/trades-home-read';
import { AppLayout } from './layout/app-layout';
import { lazyPage, useLazyRoutes } from './routing/lazy-page';

/** Spec §2: /unauthorised and every unmatched path (issue 13 §2: loaded on demand, as any other screen). */
const notAuthorised = lazyPage(() => import('../features/auth/not-authorised-page'), (module) => module.NotAuthorisedPage);
const noSuchPage = lazyPage(() => import('../features/auth/not-authorised-page'), (module) => module.NoSuchPage);

/** Spec §2: every screen with the header bar and side navigation, each loaded when first visited (issue 11). */
export const signedInRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/unauthorised', element: notAuthorised },
      { path: '/clients', element: lazyPage(() => import('../features/clients/clients-page'), (module) => module.ClientsPage) },
      { path: '/clients/create', element: lazyPage(() => import('../features/clients/create-client-page'), (module) => module.CreateClientPage) },
      { path: '/clients/:clientId', element: lazyPage(() => import('../features/clients/client-details-page'), (module) => module.ClientDetailsPage) },
      { path: '/clients/:clientId/edit', element: lazyPage(() => import('../features/clients/edit-client-page'), (module) => module.EditClientPage) },
      { path: '/clients/:clientId/employees/add', element: lazyPage(() => import('../features/employees/invite-admin-page'), (module) => module.InviteAdminPage) },
      { path: '/clients/:clientId/employees/:employeeId', element: lazyPage(() => import('../features/employees/client-employee-page'), (module) => module.ClientEmployeePage) },
      { path: '/company/:companyId', element: lazyPage(() => import('../features/company/company-profile-page'), (module) => module.CompanyProfilePage) },
      { path: '/company/:companyId/edit', element: lazyPage(() => import('../features/company/edit-company-page'), (module) => module.EditCompanyPage) },
      { path: '/company/:companyId/employees', element: lazyPage(() => import('../features/employees/employees-page'), (module) => module.EmployeesPage) },
      { path: '/company/:companyId/employees/add', element: lazyPage(() => import('../features/employees/invite-supervisor-page'), (module) => module.InviteSupervisorPage) },
      { path: '/company/:companyId/employees/add-auditor', element: lazyPage(() => import('../features/employees/invite-supervisor-page'), (module) => module.InviteAuditorPage) },
      { path: '/company/:companyId/employees/:employeeId', element: lazyPage(() => import('../features/employees/employee-details-page'), (module) => module.EmployeeDetailsPage) },
      { path: '/company/:companyId/projectsites', element: lazyPage(() => import('../features/sites/sites-page'), (module) => module.SitesPage) },
      { path: '/company/:companyId/projectsites/add', element: lazyPage(() => import('../features/sites/create-site-page'), (module) => module.CreateSitePage) },
      { path: '/company/:companyId/projectsites/:projectSiteId', element: lazyPage(() => import('../features/sites/site-details-page'), (module) => module.SiteDetailsPage) },
      { path: '/company/:companyId/projectsites/:projectSiteId/edit', element: lazyPage(() => import('../features/sites/edit-site-page'), (module) => module.EditSitePage) },
      { path: '/company/:companyId/projectsites/:projectSiteId/evacuation', element: lazyPage(() => import('../features/sites/evacuation-page'), (module) => module.EvacuationPage) },
      { path: '/company/:companyId/swms', element: lazyPage(() => import('../features/swms/swms-page'), (module) => module.SwmsPage) },
      { path: '/company/:companyId/audit', element: lazyPage(() => import('../features/audit/audit-page'), (module) => module.AuditPage) },
      { path: '/company/:companyId/swms/:swmsId', element: lazyPage(() => import('../features/swms/swms-submission-page'), (module) => module.SwmsSubmissionPage) },
      { path: '/profile', element: lazyPage(() => import('../features/profile/profile-page'), (module) => module.ProfilePage) },
      { path: '/profile/create', element: lazyPage(() => import('../features/profile/create-profile-page'), (module) => module.CreateProfilePage) },
      { path: '/profile/:profileId', element: lazyPage(() => import('../features/profile/edit-profile-page'), (module) => module.EditProfilePage) },
      { path: '/trades/:id', element: lazyPage(() => import('../features/trades/tradesperson-page'), (module) => module.TradespersonPage, { reads: startTradesHomeRead }) },
      { path: '/trades/:id/edit', element: lazyPage(() => import('../features/trades/edit-trades-profile-page'), (module) => module.EditTradesProfilePage) },
      { path: '/site/:siteId/swms', element: lazyPage(() => import('../features/swms-signon/site-signon-page'), (module) => module.SiteSignOnPage) },
      { path: '/site/:siteId/swms/:swmsId/sign', element: lazyPage(() => import('../features/swms-signon/read-and-sign-page'), (module) => module.ReadAndSignPage) },
      { path: '/site/:siteId/swms/new', element: lazyPage(() => import('../features/swms-builder/swms-builder-page'), (module) => module.SwmsBuilderPage) },
      { path: '/site/:siteId/swms/:swmsId/revise', element: lazyPage(() => import('../features/swms-builder/swms-builder-page'), (module) => module.SwmsBuilderPage) },
      { path: '/workflows', element: lazyPage(() => import('../features/workflows/workflows-page'), (module) => module.WorkflowsPage) },
      { path: '/workflows/:machineId', element: lazyPage(() => import('../features/workflows/workflow-page'), (module) => module.WorkflowPage) },
      { path: '*', element: noSuchPage },
    ],
  },
];

/** The signed-in area, below the router's catch-all: its paths are the full paths. */
export function SignedInRoutes() {
  return useLazyRoutes(signedInRoutes);
}
