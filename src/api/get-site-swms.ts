import { SiteSwmsPage } from '../domain/check-in';
import { callForJson, type CallOptions } from './client';

/** GET company/{id}/projectSites/{siteId}/swms: newest first; pass the previous page's nextCursor and, optionally, a page size. */
export function getSiteSwms(companyId: string, siteId: string, page: { readonly cursor: string | null; readonly limit?: number }, options: CallOptions = {}): Promise<SiteSwmsPage> {
  const params = new URLSearchParams();
  if (page.cursor) params.set('cursor', page.cursor);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  const query = params.size > 0 ? `?${params}` : '';
  return callForJson(SiteSwmsPage, 'get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/swms${query}`, options);
}
