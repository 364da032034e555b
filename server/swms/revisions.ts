import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decode } from '../../src/domain/decode';
import { Uuid } from '../../src/domain/fields';
import { swmsMessages, type Swms, type SwmsRevisionSummary } from '../../src/domain/swms';
import { SwmsSubmission, swmsSubmissionMessages, type SwmsRevisionResult } from '../../src/domain/swms-submission';
import { conflict, decodeOr400, forbidden, notFound } from '../http/errors';
import { inTransaction } from '../db/transaction';
import { queueSignOnStaleEmails } from '../mail/signon-stale';
import type { Reviewer } from './access';
import { findCompanySwms } from './repository';
import { findRevisedSwms, findRevision, findRevisionBySubmission, listRevisions, recordRevision, writeRevision } from './revisions-repository';
import { checkedInToday, checkSubmission, submittedContent } from './submission';
import { findSubmissionSite, queueDigestItems, reviewRecipients } from './submission-repository';
import { readSwms } from './service';
import { swmsView } from './view';

type App = Pick<FastifyInstance, 'db' | 'storage' | 'live' | 'mailQueue' | 'config'>;

export interface RevisionOutcome {
  /** False when this revision's submission id was already stored by its author (a resend). */
  readonly created: boolean;
  readonly result: SwmsRevisionResult;
}

const rawSubmissionId = (body: unknown) => {
  const id = decode(Uuid, (body as { submissionId?: unknown } | null)?.submissionId);
  return id.ok ? id.value.toLowerCase() : undefined;
};

/** A resend of a revision of this SWMS answers its number again; an id stored for anything else is refused. */
async function revisedBefore(app: App, swmsId: string, submissionId: string): Promise<SwmsRevisionResult | undefined> {
  const stored = await findRevisionBySubmission(app.db, submissionId);
  if (!stored) return undefined;
  if (stored.swms_id !== swmsId) throw conflict(swmsSubmissionMessages.alreadySubmitted);
  return { swmsId, revision: stored.revision };
}

/**
 * POST site/{siteId}/swms/{swmsId}/revisions (issue 57, WHS Regulation 302): the SWMS's author, checked in at its site
 * now or today as a submission requires, sends its next revision with the body of a submission. In one transaction the
 * SWMS row takes the revision's content with both flags back to For Review, the revision is stored for good, the audit
 * chain records it and the reviewers' digest is queued. The revision is its author's sign-on (the database writes it),
 * and every other worker whose sign-on it made stale is emailed to sign again. The revision's submission id stores it once.
 */
export async function reviseSwms(app: App, request: FastifyRequest, rawSiteId: unknown, rawSwmsId: unknown, body: unknown, now = new Date()): Promise<RevisionOutcome> {
  const userId = request.user.sub;
  if (!request.user.roles.includes('TradesPerson')) throw forbidden(swmsSubmissionMessages.tradesOnly);
  const siteId = decode(Uuid, rawSiteId);
  const site = siteId.ok ? await findSubmissionSite(app.db, siteId.value) : undefined;
  const swmsId = decode(Uuid, rawSwmsId);
  const swms = site && swmsId.ok ? await findRevisedSwms(app.db, swmsId.value.toLowerCase()) : undefined;
  // An unknown site or SWMS and another person's answer alike, so a path reveals nothing of what it names.
  if (!site || !swms || swms.site_id !== site.id || swms.created_by !== userId) throw forbidden(swmsSubmissionMessages.authorOnly);

  const resentId = rawSubmissionId(body);
  const resent = resentId === undefined ? undefined : await revisedBefore(app, swms.id, resentId);
  if (resent) return { created: false, result: resent };

  if (!(await checkedInToday(app, userId, site, now))) throw forbidden(swmsSubmissionMessages.notCheckedInToRevise);
  const submission = decodeOr400(SwmsSubmission, body);
  await checkSubmission(app, submission);
  const submissionId = submission.submissionId.toLowerCase();

  const outcome = await inTransaction(app.db, async (trx): Promise<RevisionOutcome> => {
    const locked = await findRevisedSwms(trx, swms.id, true);
    if (!locked || locked.created_by !== userId) throw forbidden(swmsSubmissionMessages.authorOnly);
    // A resend that raced the first send finds it stored once the lock is held.
    const stored = await findRevisionBySubmission(trx, submissionId);
    if (stored) {
      if (stored.swms_id !== swms.id) throw conflict(swmsSubmissionMessages.alreadySubmitted);
      return { created: false, result: { swmsId: swms.id, revision: stored.revision } };
    }
    const revision = await writeRevision(trx, swms.id, submissionId, await submittedContent(trx, userId, submission));
    await recordRevision(trx, { userId, requestId: request.id }, swms.company_id, swms.id, {
      siteId: site.id,
      revision,
      previousRevision: locked.revision,
      submissionId,
      highRiskWork: [...new Set(submission.highRiskWork)],
      riskOverallLevel: (submission.riskConsequenceLevel ?? 1) * (submission.riskLikelihoodLevel ?? 1),
    });
    await queueDigestItems(trx, swms.company_id, swms.id, await reviewRecipients(trx, swms.company_id, site.supervisor_role_id));
    await queueSignOnStaleEmails(trx, app.mailQueue, app.config.publicUrl, { swmsId: swms.id, revision, authorId: userId });
    return { created: true, result: { swmsId: swms.id, revision } };
  });
  if (outcome.created) {
    app.mailQueue.wake();
    await app.live.publish({ companyId: swms.company_id, topic: 'swms' });
    // Earlier sign-ons are stale now: the gap lists and the SWMS's sign-ons change.
    await app.live.publish({ companyId: swms.company_id, topic: 'signons' });
  }
  return outcome;
}

/** GET company/{id}/swms/{swmsId}/revisions: each revision's number, time and author, oldest first. */
export async function readRevisions(app: App, reader: Reviewer, swmsId: string): Promise<SwmsRevisionSummary[]> {
  await readSwms(app, reader, swmsId);
  const rows = await listRevisions(app.db, reader.companyId, swmsId);
  return rows.map((row) => ({
    revision: row.revision,
    createdAt: new Date(row.created_at).toISOString(),
    createdUserDetails: { _id: row.created_by, firstName: row.first_name, surname: row.surname },
  }));
}

/**
 * GET company/{id}/swms/{swmsId}/revisions/{n}: the SWMS as its revision n wrote it, with its review flags as they stand
 * and the comments made on that revision.
 */
export async function readRevision(app: App, reader: Reviewer, swmsId: string, revision: number): Promise<Swms> {
  const [row] = await findCompanySwms(app.db, reader.companyId, [swmsId]);
  if (!row) throw forbidden(swmsMessages.notAuthorised);
  const content = await findRevision(app.db, reader.companyId, swmsId, revision);
  if (!content) throw notFound(swmsSubmissionMessages.revisionNotFound);
  return swmsView(app, { ...row, ...content, comments: row.comments.filter((comment) => comment.revision === revision) });
}
