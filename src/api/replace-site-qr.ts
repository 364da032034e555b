import { SiteQr } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** POST company/{companyId}/projectSites/{siteId}/qr: a new site key; every poster printed before stops working. */
export function replaceSiteQr(companyId: string, siteId: string, options: CallOptions = {}): Promise<SiteQr> {
  return callForJson(SiteQr, 'post', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/qr`, options);
}
