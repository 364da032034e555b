import type { FastifyInstance } from 'fastify';
import {
  defaultSwmsPageSize,
  defaultSwmsSort,
  filteredReviewStatus,
  swmsMessages,
  type BulkReviewStatus,
  type Swms,
  type SwmsCommentPart,
  type SwmsList,
  type SwmsListQuery,
  type SwmsMatching,
  type SwmsMatchingResult,
} from '../../src/domain/swms';
import type { CheckedAnswer } from '../auth/company-check';
import type { ListOfJsonText } from '../http/json-text';
import type { Db } from '../db/database';
import { pageStart, queryFingerprint } from '../db/keyset';
import { forbidden } from '../http/errors';
import type { Reviewer } from './access';
import {
  companySwmsIds,
  findCompanySwms,
  holdsActiveRole,
  listSwms,
  swmsKeyset,
  lockFlagStates,
  lockMatchingFlagStates,
  writeChangesRequest,
  writeReviews,
  type FlagState,
} from './repository';
import { swmsView } from './view';
import { inTransaction } from '../db/transaction';
import { queueChangesRequestedEmail } from '../mail/changes-requested';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

/** Spec §2 SWMS list: each row as PostgreSQL wrote it (`swmsListItemJson`), sent by the route unparsed (`listJson`). */
export async function searchSwms(app: App, reviewer: Reviewer, query: SwmsListQuery): Promise<CheckedAnswer<ListOfJsonText<SwmsList>>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSwmsPageSize;
  const search = query.search?.trim() ?? '';
  const sort = query.sort ?? defaultSwmsSort;
  const reviewFilter = filteredReviewStatus(query.filter);
  const fingerprint = queryFingerprint(['swms', reviewer.companyId, reviewer.flag, search, sort, reviewFilter ?? null, pageSize]);
  const start = pageStart(fingerprint, swmsKeyset(sort), { page, after: query.after, before: query.before });
  const { rows, total, cursors, companyLive } = await listSwms(
    app.db,
    { companyId: reviewer.companyId, flag: reviewer.flag, search, sort, reviewFilter, start, pageSize },
    fingerprint,
  );
  return { answer: { items: rows.map((row) => row.item), total, page, pageSize, ...cursors }, companyLive };
}

/** One SWMS of the reviewer's company; an unknown id and another company's answer alike. */
export async function readSwms(app: App, reviewer: Reviewer, swmsId: string): Promise<Swms> {
  const [row] = await findCompanySwms(app.db, reviewer.companyId, [swmsId]);
  if (!row) throw forbidden(swmsMessages.notAuthorised);
  return swmsView(app, row);
}

/** The 403 of a change that named SWMS the reviewer may not change; it lists them. */
export const refusedSwms = (ids: readonly string[]) => forbidden(`${swmsMessages.refused}: ${ids.join(', ')}`);

/** Reviewed changes a flag not yet reviewed; For Review one reviewed or with changes requested. */
const needsChange = (state: FlagState, status: BulkReviewStatus) =>
  status === 'reviewed' ? state.reviewedAt === null : state.reviewedAt !== null || state.changesRequestedAt !== null;

/** How a change was asked for, as the audit trail records it. */
type ChangeKind = { readonly bulk: false } | { readonly bulk: true; readonly matching?: SwmsMatching };

/**
 * Spec §4 SWMS review and issue 5, shared by every form of the call: in one transaction the reviewer
 * must still hold the role, `lock` picks and locks the targets (or refuses them), and those not yet in
 * `status` change. A SWMS already in `status` keeps its reviewer and time. Every change leaves an audit
 * event with the previous value.
 */
const roleOf = (reviewer: Reviewer) => (reviewer.flag === 'companyAdmin' ? 'CompanyAdmin' : 'CompanySupervisor');

async function applyReview(
  app: App,
  reviewer: Reviewer,
  status: BulkReviewStatus,
  kind: ChangeKind,
  lock: (trx: Db) => Promise<readonly FlagState[]>,
): Promise<{ matched: number; changed: number }> {
  return inTransaction(app.db, async (trx) => {
    const role = roleOf(reviewer);
    if (!(await holdsActiveRole(trx, reviewer.userId, reviewer.companyId, role))) throw forbidden();
    const states = await lock(trx);
    const changing = states.filter((state) => needsChange(state, status));
    if (changing.length > 0) {
      await writeReviews(
        trx,
        {
          flag: reviewer.flag,
          companyId: reviewer.companyId,
          actorUserId: reviewer.userId,
          actorRole: role,
          reviewedBy: status === 'reviewed' ? reviewer.userId : null,
          action: status === 'reviewed' ? 'swms.reviewed' : 'swms.returnedForReview',
          detail: { companyId: reviewer.companyId, flag: reviewer.flag, status, ...kind },
          requestId: reviewer.requestId,
        },
        changing,
      );
    }
    return { matched: states.length, changed: changing.length };
  });
}

/** One SWMS or a list of ids: all of them change or, when any is not the company's, none does. */
export async function changeReviewStatus(
  app: App,
  reviewer: Reviewer,
  ids: readonly string[],
  status: BulkReviewStatus,
  bulk: boolean,
): Promise<Swms[]> {
  const wanted = [...new Set(ids)];
  await applyReview(app, reviewer, status, { bulk }, async (trx) => {
    const states = await lockFlagStates(trx, reviewer.companyId, reviewer.flag, wanted);
    const found = new Set(states.map((state) => state.id));
    const refused = wanted.filter((id) => !found.has(id));
    if (refused.length > 0) throw refusedSwms(refused);
    return states;
  });
  const rows = await findCompanySwms(app.db, reviewer.companyId, wanted);
  return rows.map((row) => swmsView(app, row));
}

/** The refusal of a SWMS id the reviewer may not change, as the single review answers it. */
async function lockOwnSwms(trx: Db, reviewer: Reviewer, swmsId: string): Promise<FlagState> {
  const [state] = await lockFlagStates(trx, reviewer.companyId, reviewer.flag, [swmsId]);
  if (!state) throw refusedSwms([swmsId]);
  return state;
}

/**
 * Issue 57: the reviewer's flag goes to Changes requested with their comment, in one transaction with its audit event
 * (which carries the comment). Asking again adds a comment; the flag keeps Changes requested with the new time.
 */
export async function requestChanges(
  app: App & Pick<FastifyInstance, 'mailQueue' | 'config'>,
  reviewer: Reviewer,
  swmsId: string,
  comment: string,
  part: SwmsCommentPart | null,
): Promise<Swms> {
  await inTransaction(app.db, async (trx) => {
    const role = roleOf(reviewer);
    if (!(await holdsActiveRole(trx, reviewer.userId, reviewer.companyId, role))) throw forbidden();
    const state = await lockOwnSwms(trx, reviewer, swmsId);
    await writeChangesRequest(
      trx,
      { flag: reviewer.flag, companyId: reviewer.companyId, actorUserId: reviewer.userId, actorRole: role, requestId: reviewer.requestId, comment, part },
      state,
    );
    await queueChangesRequestedEmail(trx, app.mailQueue, app.config.publicUrl, { swmsId, reviewerUserId: reviewer.userId, flag: reviewer.flag, comment, part });
  });
  app.mailQueue.wake();
  return readSwms(app, reviewer, swmsId);
}

/**
 * Select-all across pages: every SWMS the list shows the reviewer for this search and filter (their own
 * flag), except `excludedIds`, in one transaction. An excluded id that is not the company's is refused
 * like any other foreign id, and nothing changes.
 */
export async function changeMatchingReviewStatus(
  app: App,
  reviewer: Reviewer,
  matching: SwmsMatching,
  excludedIds: readonly string[],
  status: BulkReviewStatus,
): Promise<SwmsMatchingResult> {
  const excluded = [...new Set(excludedIds)];
  return applyReview(app, reviewer, status, { bulk: true, matching }, async (trx) => {
    const known = await companySwmsIds(trx, reviewer.companyId, excluded);
    const refused = excluded.filter((id) => !known.has(id));
    if (refused.length > 0) throw refusedSwms(refused);
    return lockMatchingFlagStates(trx, {
      companyId: reviewer.companyId,
      flag: reviewer.flag,
      search: matching.search ?? '',
      reviewFilter: filteredReviewStatus(matching.filter),
      excludedIds: excluded,
    });
  });
}
