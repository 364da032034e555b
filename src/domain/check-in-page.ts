import { decodedSegment } from './path-segment';
import type { SiteStatus } from './site-status';

/**
 * Issue 11: the check-in page a site poster's QR code opens is a tradesperson's first screen, on a phone, often on
 * poor signal. The build renders the app's own view of it with markers for the site's fields into copies of
 * index.html (`checkInPageFile`, vite.config.ts); the portal fills in the site the address names and sends that
 * (server/http/check-in-drawn.ts), so the site shows as the HTML arrives. The drawn page sits in an element of its own
 * beside the app's `#root`, which stays hidden until the app's own page is ready and removes it (src/components/drawn-page/drawn-page.ts).
 */
export const checkInRoute = '/site/:siteId/check-in';

/** The build's copies of index.html with the check-in page drawn in (`CheckInPageCopies`), as JSON. */
export const checkInPageFile = 'check-in-page.json';

/**
 * Who a drawn copy is for. A browser without the `signedInHintCookie` (src/domain/login-page.ts) holds no session: it gets
 * the sign-in panel drawn in, whose buttons start a sign-in that comes back to this page (`returnToParam`) before the
 * app's code has arrived. Any other browser gets the loading state where the page's actions will be.
 */
export const drawnVisitors = ['signedOut', 'returning'] as const;
export type DrawnVisitor = (typeof drawnVisitors)[number];

/**
 * What a drawn copy shows below the site: the visitor's way in, or at a site closed for check-in (issue 55 §8) nothing
 * more than the notice that says so, as the app's page does (no sign-in to a site nobody checks in at).
 */
export const drawnBodies = [...drawnVisitors, 'siteClosed'] as const;
export type DrawnBody = (typeof drawnBodies)[number];

/** The drawn page with its fields as markers, for a site with a job number and for one without. */
export interface JobNumberCopies {
  readonly withJobNumber: string;
  readonly withoutJobNumber: string;
}

/**
 * Each body's pair of copies, and the notice each site status puts between the site and the body (issue 55 §8: a
 * cancelled or on-hold site's page says so before anything to tick): the app's own markup, with the app's words.
 */
export type CheckInPageCopies = Readonly<Record<DrawnBody, JobNumberCopies>> & { readonly notices: Readonly<Record<SiteStatus, string>> };

/** The element a page is drawn into, beside `#root`; the app removes it as it takes over. */
export const drawnPageId = 'drawn-page';

/** The site's fields the drawn page shows. */
export const drawnSiteFields = ['companyName', 'address', 'suburb', 'postcode', 'siteNumber'] as const;
type DrawnSiteField = (typeof drawnSiteFields)[number];
export type DrawnSite = Readonly<Record<DrawnSiteField, string>>;

/** Every field the portal fills in, each written as its marker until then: the site's, and the page's own address for the sign-in to come back to. */
const drawnFields = [...drawnSiteFields, 'returnTo'] as const;
export type DrawnField = (typeof drawnFields)[number];
export type DrawnCheckInPage = DrawnSite & { readonly returnTo: string; readonly status: SiteStatus };
export const drawnMarker = (field: DrawnField) => `{{${field}}}`;
/** Where the site status's notice goes: filled with the build's own markup (`CheckInPageCopies.notices`), not escaped text. */
export const drawnNoticeMarker = '{{statusNotice}}';
/** Every marker of `drawnMarker`'s shape and the notice's, the field's name caught (`statusNotice` for the notice). */
export const drawnMarkers = new RegExp(`\\{\\{(${[...drawnFields, 'statusNotice'].join('|')})\\}\\}`, 'g');

/** The site id in a request's path (no query) when it is the check-in page's address. */
export function checkInSiteId(pathname: string): string | undefined {
  const match = /^\/site\/([^/]+)\/check-in\/?$/.exec(pathname);
  return match?.[1] ? decodedSegment(match[1]) : undefined;
}

/** The check-in page's address: `{PUBLIC_URL}/site/{siteId}/check-in?key=…`. */
export function checkInPath(siteId: string, key: string): string {
  return `/site/${encodeURIComponent(siteId)}/check-in?key=${encodeURIComponent(key)}`;
}

/** The API's read of the site a check-in page shows, and of the visitor's visit (`GET /api/{this}`): the page's first and only read. */
export function siteVisitApiPath(siteId: string, key: string): string {
  return `site/${encodeURIComponent(siteId)}?${new URLSearchParams({ key })}`;
}

/** Far more than a site's id and key take (85 characters): the way back rides in the sign-in's cookie, which has room for 4 KB. */
const returnPathLimit = 512;

/**
 * A sign-in's way back (`returnToParam`), when it names a check-in page and nothing else: the only page a sign-in is
 * carried back to by the server (the drawn page's form). Written afresh, so nothing but the site and its key survives.
 */
export function checkInReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  let address: URL;
  try {
    address = new URL(value, 'http://portal.invalid');
  } catch {
    return undefined;
  }
  const siteId = checkInSiteId(address.pathname);
  const key = address.searchParams.get('key');
  if (address.origin !== 'http://portal.invalid' || siteId === undefined || !key) return undefined;
  const path = checkInPath(siteId, key);
  return path.length <= returnPathLimit ? path : undefined;
}
