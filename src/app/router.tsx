import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AcceptInvitationPage } from '../features/auth/accept-invitation-page';
import { LoginPage } from '../features/auth/login-page';
import { NotAuthorisedPage } from '../features/auth/not-authorised-page';
import { UnauthorisedRolePage } from '../features/auth/unauthorised-role-page';
import { ClientDetailsPage } from '../features/clients/client-details-page';
import { ClientsPage } from '../features/clients/clients-page';
import { CreateClientPage } from '../features/clients/create-client-page';
import { EditClientPage } from '../features/clients/edit-client-page';
import { CompanyProfilePage } from '../features/company/company-profile-page';
import { EditCompanyPage } from '../features/company/edit-company-page';
import { ClientEmployeePage } from '../features/employees/client-employee-page';
import { EmployeeDetailsPage } from '../features/employees/employee-details-page';
import { EmployeesPage } from '../features/employees/employees-page';
import { InviteAdminPage } from '../features/employees/invite-admin-page';
import { InviteSupervisorPage } from '../features/employees/invite-supervisor-page';
import { CreateProfilePage } from '../features/profile/create-profile-page';
import { EditProfilePage } from '../features/profile/edit-profile-page';
import { ProfilePage } from '../features/profile/profile-page';
import { CreateSitePage } from '../features/sites/create-site-page';
import { EditSitePage } from '../features/sites/edit-site-page';
import { EvacuationPage } from '../features/sites/evacuation-page';
import { SiteDetailsPage } from '../features/sites/site-details-page';
import { SitesPage } from '../features/sites/sites-page';
import { SwmsPage } from '../features/swms/swms-page';
import { SwmsSubmissionPage } from '../features/swms/swms-submission-page';
import { TradespersonPage } from '../features/trades/tradesperson-page';
import { EditTradesProfilePage } from '../features/trades/edit-trades-profile-page';
import { CheckInPage } from '../features/check-in/check-in-page';
import { SwmsBuilderPage } from '../features/swms-builder/swms-builder-page';
import { AppLayout } from './layout/app-layout';
import { BareLayout } from './layout/bare-layout';
import { RouteError } from './routing/route-error';
import { RouteGuard } from './routing/route-guard';
import { AuditPage } from '../features/audit/audit-page';

/** Spec §2: every screen. The guard sits above both layouts, so every route asks `routeAccess`. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: '/', element: <LoginPage /> },
          { path: '/accept_invitation', element: <AcceptInvitationPage /> },
          { path: '/unauthorised_role', element: <UnauthorisedRolePage /> },
          { path: '/site/:siteId/check-in', element: <CheckInPage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: '/unauthorised', element: <NotAuthorisedPage /> },
          { path: '/clients', element: <ClientsPage /> },
          { path: '/clients/create', element: <CreateClientPage /> },
          { path: '/clients/:clientId', element: <ClientDetailsPage /> },
          { path: '/clients/:clientId/edit', element: <EditClientPage /> },
          { path: '/clients/:clientId/employees/add', element: <InviteAdminPage /> },
          { path: '/clients/:clientId/employees/:employeeId', element: <ClientEmployeePage /> },
          { path: '/company/:companyId', element: <CompanyProfilePage /> },
          { path: '/company/:companyId/edit', element: <EditCompanyPage /> },
          { path: '/company/:companyId/employees', element: <EmployeesPage /> },
          { path: '/company/:companyId/employees/add', element: <InviteSupervisorPage /> },
          { path: '/company/:companyId/employees/add-auditor', element: <InviteSupervisorPage role="CompanyAuditor" /> },
          { path: '/company/:companyId/employees/:employeeId', element: <EmployeeDetailsPage /> },
          { path: '/company/:companyId/projectsites', element: <SitesPage /> },
          { path: '/company/:companyId/projectsites/add', element: <CreateSitePage /> },
          { path: '/company/:companyId/projectsites/:projectSiteId', element: <SiteDetailsPage /> },
          { path: '/company/:companyId/projectsites/:projectSiteId/edit', element: <EditSitePage /> },
          { path: '/company/:companyId/projectsites/:projectSiteId/evacuation', element: <EvacuationPage /> },
          { path: '/company/:companyId/swms', element: <SwmsPage /> },
          { path: '/company/:companyId/audit', element: <AuditPage /> },
          { path: '/company/:companyId/swms/:swmsId', element: <SwmsSubmissionPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/profile/create', element: <CreateProfilePage /> },
          { path: '/profile/:profileId', element: <EditProfilePage /> },
          { path: '/trades/:id', element: <TradespersonPage /> },
          { path: '/trades/:id/edit', element: <EditTradesProfilePage /> },
          { path: '/site/:siteId/swms/new', element: <SwmsBuilderPage /> },
          // The diagrams carry the layout engine (elkjs): loaded only when someone opens them.
          { path: '/workflows', lazy: () => import('../features/workflows/workflows-page').then((module) => ({ Component: module.WorkflowsPage })) },
          { path: '/workflows/:machineId', lazy: () => import('../features/workflows/workflow-page').then((module) => ({ Component: module.WorkflowPage })) },
          { path: '*', element: <NotAuthorisedPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
