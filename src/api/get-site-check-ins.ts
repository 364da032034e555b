import { CheckInPage } from '../domain/check-in';
import { callForJson, type CallOptions } from './client';

/** GET company/{id}/projectSites/{siteId}/checkins: newest first; pass the previous page's nextCursor and, optionally, a page size. */
export function getSiteCheckIns(companyId: string, siteId: string, page: { readonly cursor: string | null; readonly limit?: number }, options: CallOptions = {}): Promise<CheckInPage> {
  const params = new URLSearchParams();
  if (page.cursor) params.set('cursor', page.cursor);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  const query = params.size > 0 ? `?${params}` : '';
  return callForJson(CheckInPage, 'get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/checkins${query}`, options);
}
