import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AuditEventsTable } from '../db/tables';
import type { DemoPlan } from './demo-plan';

type HistoryRow = Insertable<AuditEventsTable> & { created_at: Date };

const at = (value: Date | string | undefined) => new Date(value ?? Date.now());

/**
 * The audit trail the demo data would have left had people made it through the portal: each client
 * created by the super user, each site by the company admin, each status change and each review by
 * whoever made it, in the order it happened, so the demo chains read as a real history.
 */
export function demoHistory(plan: DemoPlan, userId: (id: string) => string): HistoryRow[] {
  const holder = (role: string, companyId: string | null) => plan.roles.find((row) => row.role === role && (row.company_id ?? null) === companyId)?.user_id;
  const superUser = holder('SuperUser', null);
  const rows: HistoryRow[] = [];
  const add = (row: Omit<HistoryRow, 'id' | 'detail'> & { detail: Record<string, unknown> }) =>
    rows.push({ ...row, id: randomUUID(), actor_user_id: row.actor_user_id ? userId(row.actor_user_id) : null, detail: JSON.stringify(row.detail) });

  for (const company of plan.companies) {
    add({ actor_user_id: superUser ?? null, action: 'company.create', entity: 'company', entity_id: company.id, created_at: at(company.created_at), detail: { name: company.name, abn: company.abn } });
  }
  for (const site of plan.sites) {
    const admin = holder('CompanyAdmin', site.company_id);
    add({ actor_user_id: admin ?? null, action: 'site.create', entity: 'project_site', entity_id: site.id, created_at: at(site.created_at), detail: { address: site.address, siteNumber: site.site_number, status: 'ongoing' } });
    if (site.status && site.status !== 'ongoing') {
      add({ actor_user_id: admin ?? null, action: 'site.status', entity: 'project_site', entity_id: site.id, created_at: at(site.updated_at), detail: { from: 'ongoing', to: site.status } });
    }
  }
  for (const swms of plan.swms) {
    for (const flag of ['supervisor', 'companyAdmin'] as const) {
      const reviewedAt = flag === 'supervisor' ? swms.supervisor_reviewed_at : swms.company_admin_reviewed_at;
      const reviewedBy = flag === 'supervisor' ? swms.supervisor_reviewed_by : swms.company_admin_reviewed_by;
      if (!reviewedAt || !reviewedBy) continue;
      add({ actor_user_id: reviewedBy, action: 'swms.reviewed', entity: 'swms', entity_id: swms.id, created_at: at(reviewedAt), detail: { flag, status: 'reviewed', kind: 'single' } });
    }
  }
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
