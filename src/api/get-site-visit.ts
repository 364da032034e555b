import { siteVisitApiPath } from '../domain/check-in-page';
import { SiteVisit } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** GET site/{siteId}?key=K: the site for anyone holding the poster's key; signed in as a tradesperson, also their visit (issue 10). */
export function getSiteVisit(siteId: string, key: string, options: CallOptions = {}): Promise<SiteVisit> {
  return callForJson(SiteVisit, 'get', siteVisitApiPath(siteId, key), options);
}
