import { Swms } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

/** Issue 57 §3 GET site/{siteId}/swms/{swmsId}: the latest revision of one of the site's SWMS, for a worker checked in there to read. */
export function getSiteSwmsToSign(siteId: string, swmsId: string, options: CallOptions = {}): Promise<Swms> {
  return callForJson(Swms, 'get', `site/${encodeURIComponent(siteId)}/swms/${encodeURIComponent(swmsId)}`, options);
}
