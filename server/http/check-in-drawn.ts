import type { FastifyBaseLogger } from 'fastify';
import { checkInPath, drawnMarkers, type CheckInPageCopies, type DrawnBody, type DrawnCheckInPage, type DrawnField, type DrawnVisitor } from '../../src/domain/check-in-page';
import { isClosedForCheckIn } from '../../src/domain/site-visit';
import type { Db } from '../db/database';
import { escapeHtml } from '../mail/html';
import { siteForKey, visitSiteView } from '../site-visits/service';
import { HttpError } from './errors';

/**
 * The drawn page for one site and visitor: the copy for its body (a closed site's has no way in below it), each marker
 * replaced, in one pass, by the field's text, escaped, and the notice's by the build's markup for the site's status.
 */
export function fillDrawnPage(copies: CheckInPageCopies, visitor: DrawnVisitor, page: DrawnCheckInPage): string {
  const body: DrawnBody = isClosedForCheckIn(page.status) ? 'siteClosed' : visitor;
  const copy = page.siteNumber ? copies[body].withJobNumber : copies[body].withoutJobNumber;
  return copy.replace(drawnMarkers, (_marker: string, field: DrawnField | 'statusNotice') => (field === 'statusNotice' ? copies.notices[page.status] : escapeHtml(page[field])));
}

/**
 * Issue 11: the site a check-in page's address (`/site/{siteId}/check-in?key=…`) names, for the portal to draw it in
 * (src/domain/check-in-page.ts). Only for the site's current key: a wrong, replaced or malformed one draws nothing (the
 * app then says the code is no longer valid, as ever), so the page tells no more than the gate's own
 * GET site/{siteId}?key=… does. Undefined too when the site cannot be read: the plain page still works.
 */
export async function drawnCheckInSite(db: Db, siteId: string, key: string, log: FastifyBaseLogger): Promise<DrawnCheckInPage | undefined> {
  try {
    const site = visitSiteView(await siteForKey(db, siteId, key));
    return { ...site, returnTo: checkInPath(siteId, key), status: site.status };
  } catch (error) {
    if (!(error instanceof HttpError)) log.warn({ err: error }, 'the check-in page could not be drawn: the plain page is sent');
    return undefined;
  }
}
