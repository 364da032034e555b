import { Swms } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

/** Issue 10 GET profile/trades/{id}/swms/{swmsId}: one of the tradesperson's own SWMS (to start a new one from it). */
export function getOwnSwms(tradespersonId: string, swmsId: string, options: CallOptions = {}): Promise<Swms> {
  return callForJson(Swms, 'get', `profile/trades/${encodeURIComponent(tradespersonId)}/swms/${encodeURIComponent(swmsId)}`, options);
}
