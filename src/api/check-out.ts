import { EndedCheckIn, type CheckOutRequest } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** POST site/{siteId}/checkout: ends the tradesperson's open check-in there; no key needed (issue 10). */
export function checkOut(siteId: string, options: CallOptions = {}): Promise<EndedCheckIn> {
  const request: CheckOutRequest = {};
  return callForJson(EndedCheckIn, 'post', `site/${encodeURIComponent(siteId)}/checkout`, { ...options, json: request });
}
