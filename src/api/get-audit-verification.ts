import { AuditVerification } from '../domain/audit';
import { callForJson, type CallOptions } from './client';

/** GET company/{id}/audit/verification: the latest walk the server made of the company's chain. */
export function getAuditVerification(companyId: string, options: CallOptions = {}): Promise<AuditVerification> {
  return callForJson(AuditVerification, 'get', `company/${encodeURIComponent(companyId)}/audit/verification`, options);
}
