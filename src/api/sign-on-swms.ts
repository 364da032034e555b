import { SwmsSignOnResult, type SwmsSignOnRequest } from '../domain/swms-signon';
import { callForJson, type CallOptions } from './client';

/** Issue 57 §3 POST site/{siteId}/swms/{swmsId}/signon: 201 with the sign-on; 409 when the revision signed is not the latest. */
export function signOnSwms(siteId: string, swmsId: string, request: SwmsSignOnRequest, options: CallOptions = {}): Promise<SwmsSignOnResult> {
  return callForJson(SwmsSignOnResult, 'post', `site/${encodeURIComponent(siteId)}/swms/${encodeURIComponent(swmsId)}/signon`, { ...options, json: request });
}
