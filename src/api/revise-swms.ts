import { SwmsRevisionResult, type SwmsSubmission } from '../domain/swms-submission';
import { callForJson, type CallOptions } from './client';

/** Issue 57 POST site/{siteId}/swms/{swmsId}/revisions: 201 with the revision's number, 200 with it again for a resend. */
export function reviseSwms(siteId: string, swmsId: string, submission: SwmsSubmission, options: CallOptions = {}): Promise<SwmsRevisionResult> {
  return callForJson(SwmsRevisionResult, 'post', `site/${encodeURIComponent(siteId)}/swms/${encodeURIComponent(swmsId)}/revisions`, { ...options, json: submission });
}
