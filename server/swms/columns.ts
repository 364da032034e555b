import { sql } from 'kysely';
import type { ReviewFlag } from '../../src/domain/swms';

/** The two columns of each review flag (spec §4: two independent flags). */
export const flagColumns = {
  companyAdmin: { at: 'company_admin_reviewed_at', by: 'company_admin_reviewed_by' },
  supervisor: { at: 'supervisor_reviewed_at', by: 'supervisor_reviewed_by' },
} as const satisfies Record<ReviewFlag, { at: string; by: string }>;

/**
 * Spec §5 job number low-high: the digits of the job number read as one number ('HB-0042' is 42);
 * a job number without digits sorts last, and high-low is the exact reverse. The same expression is
 * indexed by migration 004.
 */
export const jobNumber = sql<string | null>`nullif(regexp_replace(p.site_number, '[^0-9]', '', 'g'), '')::numeric`;

/** created_at to the microsecond, as the opaque cursors carry it. */
export const exactTimestamp = (column: 's.created_at' | 'ci.created_at') =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
