import { checkInSiteId, siteVisitApiPath } from '../domain/check-in-page';
import { decodedSegment } from '../domain/path-segment';
import { tradesActivityApiPath, tradesPersonApiPath } from '../domain/trades-paths';

const ownHome = /^\/trades\/([^/]+)\/?$/;

/**
 * Issue 11: the reads the screen at an address makes first, for the person the stored token is for (null: no one), so
 * that they are asked for as the app starts (src/api/early-read.ts): a site's check-in page, its site and the visit;
 * a tradesperson's own home, their details and their recent activity. Other screens: none.
 */
export function firstReadsAt(location: Pick<Location, 'pathname' | 'search'>, signedInAs: string | null): string[] {
  const siteId = checkInSiteId(location.pathname);
  if (siteId !== undefined) {
    const key = new URLSearchParams(location.search).get('key');
    return key ? [siteVisitApiPath(siteId, key)] : [];
  }
  const home = ownHome.exec(location.pathname)?.[1];
  if (home === undefined || signedInAs === null || decodedSegment(home) !== signedInAs) return [];
  return [tradesPersonApiPath(signedInAs), tradesActivityApiPath(signedInAs)];
}
