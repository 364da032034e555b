import { sql } from 'kysely';
import type { ReviewFlag } from '../../src/domain/swms';

/** The two columns of each review flag (spec §4: two independent flags). */
export const flagColumns = {
  companyAdmin: { at: 'company_admin_reviewed_at', by: 'company_admin_reviewed_by', pending: 'admin_pending' },
  supervisor: { at: 'supervisor_reviewed_at', by: 'supervisor_reviewed_by', pending: 'supervisor_pending' },
} as const satisfies Record<ReviewFlag, { at: string; by: string; pending: string }>;

/** created_at to the microsecond, as the opaque cursors carry it. */
export const exactTimestamp = (column: 's.created_at' | 'ci.created_at') =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

