import { describe, expect, test } from 'vitest';
import { isPublicRoute, routeAccess, type RouteAccess, type RouteViewer } from '../../machines/route-access.selectors';
import type { Role } from '../../src/domain/roles';

const viewer = (roles: Role[], company: string | null = null): RouteViewer => ({
  signedIn: true,
  payload: { sub: 'user-1', exp: 2_000_000_000, roles, company },
});

const signedOut: RouteViewer = { signedIn: false, payload: null };
const superUser = viewer(['SuperUser']);
const admin = viewer(['CompanyAdmin'], 'acme');
const supervisor = viewer(['CompanySupervisor'], 'acme');
const auditor = viewer(['CompanyAuditor'], 'acme');
const tradesPerson = viewer(['TradesPerson']);
const unregistered = viewer(['Unregistered']);
const noRoles = viewer([]);

const allow: RouteAccess = { kind: 'allow' };
const to = (path: string): RouteAccess => ({ kind: 'redirect', to: path, rememberReturnTo: false });
const signIn: RouteAccess = { kind: 'redirect', to: '/', rememberReturnTo: true };

const cases: [rule: string, path: string, who: RouteViewer, expected: RouteAccess][] = [
  ['the login screen is public', '/', signedOut, allow],
  ['the invitation screen is public', '/accept_invitation', signedOut, allow],
  ['the no-role screen is public', '/unauthorised_role', signedOut, allow],
  ['public screens stay open when signed in', '/accept_invitation', admin, allow],

  ['a signed-out visitor goes to / and the location is remembered', '/clients', signedOut, signIn],
  ['so does a deep company link', '/company/acme/swms/42', signedOut, signIn],
  ['so does an unmatched path', '/nowhere', signedOut, signIn],
  ['signed in without a payload counts as signed out', '/profile', { signedIn: true, payload: null }, signIn],

  ['a super user may see the client list', '/clients', superUser, allow],
  ['a super user may see every client page', '/clients/9/employees/add', superUser, allow],
  ['an admin at /clients goes to their company', '/clients', admin, to('/company/acme')],
  ['an admin at a client page goes to their company', '/clients/9/edit', admin, to('/company/acme')],
  ["a supervisor at /clients ends at their company's SWMS", '/clients', supervisor, to('/company/acme/swms')],
  ['a user without a company at /clients is unauthorised', '/clients', tradesPerson, to('/unauthorised')],
  ['an Unregistered user at /clients has no roles', '/clients', unregistered, to('/unauthorised_role')],

  ['an admin may see their company profile', '/company/acme', admin, allow],
  ['an admin may see every company page', '/company/acme/projectsites/7/edit', admin, allow],
  ["another company's pages are unauthorised", '/company/other/swms', admin, to('/unauthorised')],
  ["a super user at a company's page is unauthorised (no company of their own)", '/company/acme', superUser, to('/unauthorised')],
  ['a non-company role in its own company goes to /clients, then on', '/company/acme', viewer(['TradesPerson'], 'acme'), to('/unauthorised')],
  ['a supervisor may see the SWMS list', '/company/acme/swms', supervisor, allow],
  ['a supervisor may see one SWMS', '/company/acme/swms/42', supervisor, allow],
  ['a supervisor at the company profile goes to the SWMS list', '/company/acme', supervisor, to('/company/acme/swms')],
  ['a supervisor at employees goes to the SWMS list', '/company/acme/employees', supervisor, to('/company/acme/swms')],
  ['a supervisor at project sites goes to the SWMS list', '/company/acme/projectsites/add', supervisor, to('/company/acme/swms')],
  ['a supervisor below a SWMS page goes to the SWMS list', '/company/acme/swms/42/history', supervisor, to('/company/acme/swms')],
  ['an auditor may read the audit trail', '/company/acme/audit', auditor, allow],
  ['an auditor may read the SWMS list and one SWMS', '/company/acme/swms/42', auditor, allow],
  ['an auditor may read the project sites and one site', '/company/acme/projectsites/7', auditor, allow],
  ['an auditor at the new-site form goes to the audit trail', '/company/acme/projectsites/add', auditor, to('/company/acme/audit')],
  ['an auditor at a site edit form goes to the audit trail', '/company/acme/projectsites/7/edit', auditor, to('/company/acme/audit')],
  ['an auditor at employees goes to the audit trail', '/company/acme/employees', auditor, to('/company/acme/audit')],
  ['an auditor at /clients ends at their audit trail', '/clients', auditor, to('/company/acme/audit')],
  ["an auditor of another company goes to /unauthorised", '/company/other/audit', auditor, to('/unauthorised')],
  ['a supervisor at the audit trail goes to the SWMS list', '/company/acme/audit', supervisor, to('/company/acme/swms')],
  ['an Unregistered user at a company page has no roles', '/company/acme', viewer(['Unregistered'], 'acme'), to('/unauthorised_role')],
  ['an encoded company id is compared decoded', '/company/ac%6De', admin, allow],

  ['any role may see their profile', '/profile', superUser, allow],
  ['a tradesperson may see their profile', '/profile', tradesPerson, allow],
  ['the create-profile page is open to roles', '/profile/create', supervisor, allow],
  ['the edit-profile page is open to roles', '/profile/p-1', admin, allow],
  ['an Unregistered user at /profile has no roles', '/profile', unregistered, to('/unauthorised_role')],
  ['a user with no roles at /profile/{id} has no roles', '/profile/p-1', noRoles, to('/unauthorised_role')],

  ['tradesperson details need only a sign-in', '/trades/t-1', unregistered, allow],
  ["a tradesperson's home is their own details page", '/trades/user-1', tradesPerson, allow],
  ['a tradesperson may edit their own profile', '/trades/user-1/edit', tradesPerson, allow],
  ["a tradesperson may not edit someone else's profile", '/trades/t-2/edit', tradesPerson, to('/unauthorised')],
  ["a company user may not edit a tradesperson's profile", '/trades/user-1/edit', admin, to('/unauthorised')],
  ['an Unregistered user at a profile form has no roles', '/trades/user-1/edit', unregistered, to('/unauthorised_role')],
  ['a signed-out visitor of a profile form signs in first', '/trades/user-1/edit', signedOut, signIn],

  ["a site's check-in page is public", '/site/site-4/check-in', signedOut, allow],
  ['the check-in page with its key is public', '/site/site-4/check-in?key=k-1', signedOut, allow],
  ['the check-in page stays open to any role', '/site/site-4/check-in', admin, allow],
  ['the check-in page stays open without a role', '/site/site-4/check-in/', unregistered, allow],
  ['the SWMS builder is for tradespeople', '/site/site-4/swms/new', tradesPerson, allow],
  ['a company user at the SWMS builder is unauthorised', '/site/site-4/swms/new', supervisor, to('/unauthorised')],
  ['an Unregistered user at the SWMS builder has no roles', '/site/site-4/swms/new', unregistered, to('/unauthorised_role')],
  ['a signed-out visitor of the SWMS builder signs in first', '/site/site-4/swms/new', signedOut, signIn],
  ["the site's SWMS to sign on to are for tradespeople", '/site/site-4/swms', tradesPerson, allow],
  ["'Read and sign' is for tradespeople", '/site/site-4/swms/swms-1/sign', tradesPerson, allow],
  ["a company user at a site's SWMS to sign is unauthorised", '/site/site-4/swms', supervisor, to('/unauthorised')],
  ["a company user at 'Read and sign' is unauthorised", '/site/site-4/swms/swms-1/sign', supervisor, to('/unauthorised')],
  ["a signed-out visitor of 'Read and sign' signs in first", '/site/site-4/swms/swms-1/sign', signedOut, signIn],

  ["a supervisor may see a site's details", '/company/acme/projectsites/7', supervisor, allow],
  ["a supervisor may see a site's evacuation list", '/company/acme/projectsites/7/evacuation', supervisor, allow],
  ['a supervisor at the site list goes to the SWMS list', '/company/acme/projectsites', supervisor, to('/company/acme/swms')],
  ['a supervisor at a site edit form goes to the SWMS list', '/company/acme/projectsites/7/edit', supervisor, to('/company/acme/swms')],
  ["an auditor may see a site's evacuation list", '/company/acme/projectsites/7/evacuation', auditor, allow],
  ['an admin may see the evacuation list', '/company/acme/projectsites/7/evacuation', admin, allow],
  ['a super user may read the workflow diagrams', '/workflows', superUser, allow],
  ['an admin may read a workflow diagram', '/workflows/swmsReview', admin, allow],
  ['a supervisor may read a workflow diagram', '/workflows/swmsReview', supervisor, allow],
  ['an auditor may read the workflow diagrams', '/workflows', auditor, allow],
  ['a tradesperson at the workflow diagrams is unauthorised', '/workflows', tradesPerson, to('/unauthorised')],
  ['a tradesperson at one workflow diagram is unauthorised', '/workflows/swmsBuilder', tradesPerson, to('/unauthorised')],
  ['a tradesperson who is also an admin may read them', '/workflows', viewer(['TradesPerson', 'CompanyAdmin'], 'acme'), allow],
  ['an Unregistered user at the workflow diagrams has no roles', '/workflows', unregistered, to('/unauthorised_role')],
  ['a signed-out visitor of a workflow diagram signs in first', '/workflows/session', signedOut, signIn],
  ['the unauthorised page needs only a sign-in', '/unauthorised', unregistered, allow],
  ['an unmatched path is allowed (the app says it is not authorised)', '/nowhere/at/all', admin, allow],
  ['a trailing slash is ignored', '/clients/', admin, to('/company/acme')],
];

describe('routeAccess', () => {
  test.for(cases)('%s (%s)', ([, path, who, expected]) => {
    expect(routeAccess(path, who)).toEqual(expected);
  });

  test('a redirect never lands on a page that redirects again', () => {
    const viewers = [superUser, admin, supervisor, tradesPerson, unregistered, noRoles, viewer(['TradesPerson'], 'acme')];
    const paths = ['/clients', '/clients/1', '/company/acme', '/company/acme/employees', '/company/acme/swms', '/company/x', '/profile', '/workflows'];
    for (const who of viewers) {
      for (const path of paths) {
        const access = routeAccess(path, who);
        if (access.kind === 'redirect') expect(routeAccess(access.to, who), `${path} → ${access.to}`).toEqual(allow);
      }
    }
  });
});

describe('isPublicRoute', () => {
  test.for([
    ['/', true],
    ['/accept_invitation', true],
    ['/accept_invitation?invitationCode=abc', true],
    ['/unauthorised_role/', true],
    ['/site/site-4/check-in?key=k-1', true],
    ['/site/site-4/swms/new', false],
    ['/clients', false],
    ['/unauthorised', false],
  ] as const)('%s → %s', ([path, expected]) => {
    expect(isPublicRoute(path)).toBe(expected);
  });
});
