import { SiteQr } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** GET company/{companyId}/projectSites/{siteId}/qr: the check-in address for the site's current key (issue 10 §1). */
export function getSiteQr(companyId: string, siteId: string, options: CallOptions = {}): Promise<SiteQr> {
  return callForJson(SiteQr, 'get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/qr`, options);
}
