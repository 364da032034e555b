import { auditQueryParams, type AuditFilters } from './get-audit-events';
import { call } from './client';

/** GET company/{id}/audit.csv with the same filters: saved as a file by the browser. */
export async function downloadAuditCsv(companyId: string, filters: AuditFilters): Promise<void> {
  const params = auditQueryParams(filters);
  const response = await call('get', `company/${encodeURIComponent(companyId)}/audit.csv${params.size > 0 ? `?${params}` : ''}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
