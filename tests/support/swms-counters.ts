import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';

/** The counters and the For Review queue agree with the SWMS rows themselves. */
export async function expectSwmsCountersExact(db: Db, companyId: string): Promise<void> {
  const { rows } = await sql<{ matches: boolean }>`
    SELECT c.admin_pending = s.admin_pending AND c.supervisor_pending = s.supervisor_pending
      AND c.admin_changes = s.admin_changes AND c.supervisor_changes = s.supervisor_changes AND c.total = s.total
      AND q.admin = s.admin_pending AND q.supervisor = s.supervisor_pending AS matches
    FROM swms_counts c,
      (SELECT count(*)::int AS total,
        count(*) FILTER (WHERE company_admin_reviewed_at IS NULL AND company_admin_changes_requested_at IS NULL)::int AS admin_pending,
        count(*) FILTER (WHERE supervisor_reviewed_at IS NULL AND supervisor_changes_requested_at IS NULL)::int AS supervisor_pending,
        count(*) FILTER (WHERE company_admin_changes_requested_at IS NOT NULL)::int AS admin_changes,
        count(*) FILTER (WHERE supervisor_changes_requested_at IS NOT NULL)::int AS supervisor_changes
      FROM swms WHERE company_id = ${companyId}) s,
      (SELECT count(*) FILTER (WHERE flag = 'companyAdmin')::int AS admin, count(*) FILTER (WHERE flag = 'supervisor')::int AS supervisor
      FROM swms_awaiting_review WHERE company_id = ${companyId}) q
    WHERE c.company_id = ${companyId} AND c.dimension = 'company' AND c.key = ${companyId}`.execute(db);
  expect(rows).toEqual([{ matches: true }]);
}
