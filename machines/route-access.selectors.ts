import { decodedSegment } from '../src/domain/path-segment';
import type { AccessTokenPayload } from '../src/domain/token';

export interface RouteViewer {
  signedIn: boolean;
  payload: AccessTokenPayload | null;
}

export type RouteAccess =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; rememberReturnTo: boolean };

type SignedInViewer = AccessTokenPayload;

const allow: RouteAccess = { kind: 'allow' };
const redirect = (to: string, rememberReturnTo = false): RouteAccess => ({ kind: 'redirect', to, rememberReturnTo });

/** Spec §2: the screens that need no sign-in and show no header or side navigation. */
const publicPaths: readonly string[] = ['/', '/accept_invitation', '/unauthorised_role'];

function normalisePathname(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Issue 10: the page a site poster's QR code opens, `/site/{siteId}/check-in`, public like the gateway screens. */
export function isCheckInPage(pathname: string): boolean {
  return /^\/site\/[^/]+\/check-in$/.test(normalisePathname(pathname));
}

export function isPublicRoute(pathname: string): boolean {
  return publicPaths.includes(normalisePathname(pathname)) || isCheckInPage(pathname);
}

type Role = AccessTokenPayload['roles'][number];

const has = (viewer: SignedInViewer, role: Role) => viewer.roles.includes(role);
const hasNoPortalRole = (viewer: SignedInViewer) => has(viewer, 'Unregistered') || viewer.roles.length === 0;

/** Spec §2: a non-super-user at /clients goes to their company, or to /unauthorised without one. */
function clientsArea(viewer: SignedInViewer): RouteAccess {
  if (has(viewer, 'SuperUser')) return allow;
  if (hasNoPortalRole(viewer)) return redirect('/unauthorised_role');
  const isCompanyUser = has(viewer, 'CompanyAdmin') || has(viewer, 'CompanySupervisor') || has(viewer, 'CompanyAuditor');
  return viewer.company !== null && isCompanyUser ? redirect(`/company/${viewer.company}`) : redirect('/unauthorised');
}

/** Issue 10: one site's details and its evacuation list (not the site list, the new-site form or the edit form). */
function isSitePage(rest: readonly string[], ...pages: readonly (string | undefined)[]): boolean {
  const [section, siteId, page] = rest;
  return section === 'projectsites' && siteId !== undefined && siteId !== 'add' && rest.length <= 3 && pages.includes(page);
}

/**
 * Spec §2 company access rules with DESIGN's admin-only decision (all but the SWMS list and detail),
 * and issue 10's: a supervisor also opens a site's details and its evacuation list.
 */
function companyArea(viewer: SignedInViewer, companyId: string, rest: readonly string[]): RouteAccess {
  if (hasNoPortalRole(viewer)) return redirect('/unauthorised_role');
  if (viewer.company !== companyId) return redirect('/unauthorised');
  if (has(viewer, 'CompanyAdmin')) return allow;
  if (has(viewer, 'CompanyAuditor')) return auditorArea(companyId, rest);
  if (!has(viewer, 'CompanySupervisor')) return redirect('/clients');
  const isSwmsPage = rest[0] === 'swms' && rest.length <= 2;
  return isSwmsPage || isSitePage(rest, undefined, 'evacuation') ? allow : redirect(`/company/${companyId}/swms`);
}

/** Issue 9: an auditor reads the SWMS, the project sites and the audit trail (issue 10: and a site's evacuation list); anything else leads back to the trail. */
function auditorArea(companyId: string, rest: readonly string[]): RouteAccess {
  const [section, id, ...deeper] = rest;
  const readable = (section === 'swms' || section === 'projectsites') && deeper.length === 0 && id !== 'add';
  const trail = section === 'audit' && id === undefined;
  return readable || trail || isSitePage(rest, 'evacuation') ? allow : redirect(`/company/${companyId}/audit`);
}

/**
 * Issue 10: a site's SWMS builder (`/site/{siteId}/swms/new`) is a tradesperson's; so are issue 57's sign-on pages
 * (`/site/{siteId}/swms` and `/site/{siteId}/swms/{swmsId}/sign`). Other site paths are unmatched.
 */
function siteArea(viewer: SignedInViewer, rest: readonly string[]): RouteAccess {
  const isSwmsBuilder = rest.length === 3 && rest[1] === 'swms' && rest[2] === 'new';
  const isSignOn = rest[1] === 'swms' && (rest.length === 2 || (rest.length === 4 && rest[3] === 'sign'));
  if (!isSwmsBuilder && !isSignOn) return allow;
  if (hasNoPortalRole(viewer)) return redirect('/unauthorised_role');
  return has(viewer, 'TradesPerson') ? allow : redirect('/unauthorised');
}

/** /trades/{id} for any signed-in user (the page decides what they see); /trades/{id}/edit for that tradesperson only. */
function tradesArea(viewer: SignedInViewer, rest: readonly string[]): RouteAccess {
  const [id, page, ...deeper] = rest;
  if (page !== 'edit' || deeper.length > 0 || id === undefined) return allow;
  if (hasNoPortalRole(viewer)) return redirect('/unauthorised_role');
  return has(viewer, 'TradesPerson') && viewer.sub === id ? allow : redirect('/unauthorised');
}

/** Issue 55 §9: the workflow diagrams are for company and platform roles, not tradespeople. */
export const workflowReaders: readonly Role[] = ['SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'];

/** /workflows and /workflows/{machineId}: a workflow reader's. */
function workflowsArea(viewer: SignedInViewer): RouteAccess {
  if (workflowReaders.some((role) => has(viewer, role))) return allow;
  return hasNoPortalRole(viewer) ? redirect('/unauthorised_role') : redirect('/unauthorised');
}

/** /profile, /profile/create and /profile/{id}: any role but Unregistered. */
function profileArea(viewer: SignedInViewer, rest: readonly string[]): RouteAccess {
  return rest.length <= 1 && hasNoPortalRole(viewer) ? redirect('/unauthorised_role') : allow;
}

const decodeSegment = (segment: string): string => decodedSegment(segment) ?? segment;

function firstDecision(pathname: string, viewer: RouteViewer): RouteAccess {
  if (isPublicRoute(pathname)) return allow;
  if (!viewer.signedIn || viewer.payload === null) return redirect('/', true);
  const [area, ...rest] = normalisePathname(pathname).split('/').slice(1);
  const signedInViewer = viewer.payload;
  switch (area) {
    case 'clients':
      return clientsArea(signedInViewer);
    case 'company':
      return rest[0] ? companyArea(signedInViewer, decodeSegment(rest[0]), rest.slice(1)) : allow;
    case 'profile':
      return profileArea(signedInViewer, rest);
    case 'site':
      return siteArea(signedInViewer, rest);
    case 'trades':
      return tradesArea(signedInViewer, rest.map(decodeSegment));
    case 'workflows':
      return workflowsArea(signedInViewer);
    default:
      return allow;
  }
}

const maxRedirects = 5;

/**
 * Spec §2 and §6 route guards with DESIGN's decisions. Redirect chains are followed to their end, so
 * the app navigates once; a chain that comes back on itself ends at /unauthorised.
 */
export function routeAccess(pathname: string, viewer: RouteViewer): RouteAccess {
  const first = firstDecision(pathname, viewer);
  if (first.kind === 'allow') return first;
  const visited = new Set([normalisePathname(pathname)]);
  let current = first;
  for (let hop = 0; hop < maxRedirects; hop += 1) {
    if (visited.has(current.to)) return redirect('/unauthorised', first.rememberReturnTo);
    visited.add(current.to);
    const next = firstDecision(current.to, viewer);
    if (next.kind === 'allow') return redirect(current.to, first.rememberReturnTo);
    current = next;
  }
  return redirect('/unauthorised', first.rememberReturnTo);
}
