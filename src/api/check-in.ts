import { ActiveCheckIn, type CheckInRequest } from '../domain/site-visit';
import { callForJson, type CallOptions } from './client';

/** POST site/{siteId}/checkin: a 409 lists what blocks check-in, joined by '; ' (issue 10). */
export function checkIn(siteId: string, request: CheckInRequest, options: CallOptions = {}): Promise<ActiveCheckIn> {
  return callForJson(ActiveCheckIn, 'post', `site/${encodeURIComponent(siteId)}/checkin`, { ...options, json: request });
}
