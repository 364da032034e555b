import { EndedCheckIn } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** POST company/{companyId}/projectSites/{siteId}/onsite/{checkInId}/checkout: an admin or supervisor checks a person out by hand. */
export function checkOutPerson(companyId: string, siteId: string, checkInId: string, options: CallOptions = {}): Promise<EndedCheckIn> {
  return callForJson(
    EndedCheckIn,
    'post',
    `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/onsite/${encodeURIComponent(checkInId)}/checkout`,
    options,
  );
}
