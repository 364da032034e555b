import { call } from './client';
import { auditQueryParams, type AuditFilters } from './get-audit-events';
import { saveDownload } from './save-download';

/** GET company/{id}/audit.csv with the same filters: saved as a file by the browser. */
export async function downloadAuditCsv(companyId: string, filters: AuditFilters): Promise<void> {
  const params = auditQueryParams(filters);
  const response = await call('get', `company/${encodeURIComponent(companyId)}/audit.csv${params.size > 0 ? `?${params}` : ''}`);
  await saveDownload(response, `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`);
}
