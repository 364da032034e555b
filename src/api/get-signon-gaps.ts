import { SignOnGaps } from '../domain/swms-signon';
import { callForJson, type CallOptions } from './client';

/** Issue 57 §3 GET company/{id}/projectSites/{siteId}/signon-gaps: who is on site now without a current sign-on. */
export function getSignOnGaps(companyId: string, siteId: string, options: CallOptions = {}): Promise<SignOnGaps> {
  return callForJson(SignOnGaps, 'get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/signon-gaps`, options);
}
