import { Schema } from 'effect';
import { AuditEvent } from '../domain/audit';
import { callForJson, type CallOptions } from './client';

const SwmsHistory = Schema.Array(AuditEvent);

/** GET company/{id}/swms/{swmsId}/history: the SWMS's own audit events, oldest first (issue 9). */
export function getSwmsHistory(companyId: string, swmsId: string, options: CallOptions = {}): Promise<readonly AuditEvent[]> {
  return callForJson(SwmsHistory, 'get', `company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}/history`, options);
}
