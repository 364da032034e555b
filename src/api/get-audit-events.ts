import { AuditPage } from '../domain/audit';
import { callForJson, type CallOptions } from './client';

export interface AuditFilters {
  readonly search?: string;
  readonly action?: string;
  readonly targetType?: string;
  readonly from?: string;
  readonly to?: string;
}

export const auditQueryParams = (filters: AuditFilters, cursor: string | null = null): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  if (cursor) params.set('cursor', cursor);
  return params;
};

/** GET company/{id}/audit: newest first, a page at a time; pass the previous page's nextCursor. */
export function getAuditEvents(companyId: string, filters: AuditFilters, cursor: string | null, options: CallOptions = {}): Promise<AuditPage> {
  const params = auditQueryParams(filters, cursor);
  return callForJson(AuditPage, 'get', `company/${encodeURIComponent(companyId)}/audit${params.size > 0 ? `?${params}` : ''}`, options);
}
