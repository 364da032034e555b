import { SiteSwmsToSign } from '../domain/swms-signon';
import { callForJson, type CallOptions } from './client';

/** Issue 57 §3 GET site/{siteId}/signons: the site's SWMS a checked-in tradesperson can work under, with their sign-on state. */
export function getSiteSignOns(siteId: string, options: CallOptions = {}): Promise<SiteSwmsToSign> {
  return callForJson(SiteSwmsToSign, 'get', `site/${encodeURIComponent(siteId)}/signons`, options);
}
