/**
 * Issue 11: the check-in page a site poster's QR code opens is a tradesperson's first screen, on a phone, often on
 * poor signal. The build renders the app's own view of it with markers for the site's fields into copies of
 * index.html (`checkInPageFile`, vite.config.ts); the portal fills in the site the address names and sends that
 * (server/http/check-in-drawn.ts), so the site shows as the HTML arrives. The drawn page sits in an element of its own
 * beside the app's `#root`, which stays hidden until the app's own page is ready and removes it (src/app/drawn-page.ts).
 */
export const checkInRoute = '/site/:siteId/check-in';

/** The build's copies of index.html with the check-in page drawn in (`CheckInPageCopies`), as JSON. */
export const checkInPageFile = 'check-in-page.json';

/** The drawn page with its site's fields as markers, for a site with a job number and for one without. */
export interface CheckInPageCopies {
  readonly withJobNumber: string;
  readonly withoutJobNumber: string;
}

/** The element a page is drawn into, beside `#root`; the app removes it as it takes over. */
export const drawnPageId = 'drawn-page';

/** The site's fields the drawn page shows, each written as its marker until the portal fills it in. */
export const drawnSiteFields = ['companyName', 'address', 'suburb', 'postcode', 'siteNumber'] as const;
export type DrawnSiteField = (typeof drawnSiteFields)[number];
export type DrawnSite = Readonly<Record<DrawnSiteField, string>>;
export const drawnSiteMarker = (field: DrawnSiteField) => `{{${field}}}`;
/** Every marker of `drawnSiteMarker`'s shape, the field's name caught. */
export const drawnSiteMarkers = new RegExp(`\\{\\{(${drawnSiteFields.join('|')})\\}\\}`, 'g');

/** The site id in a request's path (no query) when it is the check-in page's address. */
export function checkInSiteId(pathname: string): string | undefined {
  const match = /^\/site\/([^/]+)\/check-in\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
