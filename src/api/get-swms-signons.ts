import { SwmsSignOns } from '../domain/swms-signon';
import { callForJson, type CallOptions } from './client';

/** Issue 57 §3 GET company/{id}/swms/{swmsId}/signons: each worker's latest sign-on to the SWMS, current then stale. */
export function getSwmsSignOns(companyId: string, swmsId: string, options: CallOptions = {}): Promise<SwmsSignOns> {
  return callForJson(SwmsSignOns, 'get', `company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}/signons`, options);
}
