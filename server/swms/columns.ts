import type { ReviewFlag } from '../../src/domain/swms';
import { isoMillisText, utcText } from '../db/iso-text';

/** The columns of each review flag (spec §4: two independent flags; issue 57: each may have changes requested). */
export const flagColumns = {
  companyAdmin: {
    at: 'company_admin_reviewed_at',
    by: 'company_admin_reviewed_by',
    pending: 'admin_pending',
    changesAt: 'company_admin_changes_requested_at',
    changesBy: 'company_admin_changes_requested_by',
    changes: 'admin_changes',
  },
  supervisor: {
    at: 'supervisor_reviewed_at',
    by: 'supervisor_reviewed_by',
    pending: 'supervisor_pending',
    changesAt: 'supervisor_changes_requested_at',
    changesBy: 'supervisor_changes_requested_by',
    changes: 'supervisor_changes',
  },
} as const satisfies Record<ReviewFlag, { at: string; by: string; pending: string; changesAt: string; changesBy: string; changes: string }>;

/** created_at to the microsecond, as the opaque cursors carry it. */
export const exactTimestamp = (column: 's.created_at' | 'ci.created_at') => utcText(column, 'US');

/** A time as JavaScript's toISOString writes it, to the millisecond (to_char's MS truncates as Date does): the audit detail's and the list row's form. */
export const isoMillis = (column: 's.created_at' | `s.${(typeof flagColumns)[ReviewFlag]['at' | 'changesAt']}`) => isoMillisText(column);

