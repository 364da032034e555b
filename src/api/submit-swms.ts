import { Swms } from '../domain/swms';
import type { SwmsSubmission } from '../domain/swms-submission';
import { callForJson, type CallOptions } from './client';

/** Issue 10 POST site/{siteId}/swms: 201 with the SWMS, or 200 with the same SWMS when this submission id was already stored. */
export function submitSwms(siteId: string, submission: SwmsSubmission, options: CallOptions = {}): Promise<Swms> {
  return callForJson(Swms, 'post', `site/${encodeURIComponent(siteId)}/swms`, { ...options, json: submission });
}
