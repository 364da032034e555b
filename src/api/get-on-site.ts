import { OnSiteList } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** GET company/{companyId}/projectSites/{siteId}/onsite: the people checked in at the site now. */
export function getOnSite(companyId: string, siteId: string, options: CallOptions = {}): Promise<OnSiteList> {
  return callForJson(OnSiteList, 'get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/onsite`, options);
}
