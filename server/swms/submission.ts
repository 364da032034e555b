import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decode } from '../../src/domain/decode';
import { Uuid } from '../../src/domain/fields';
import { highRiskWorkCodes, highRiskWorkText } from '../../src/domain/high-risk-work';
import type { Swms } from '../../src/domain/swms';
import { incompleteSwmsMessage, SwmsSubmission, swmsGaps, swmsSubmissionMessages } from '../../src/domain/swms-submission';
import { calendarDateIn, tradesMessages, type PhotoReference } from '../../src/domain/trades';
import { badRequest, conflict, decodeOr400, forbidden } from '../http/errors';
import { checkUploads } from '../storage/file-check';
import { findOwnPhotos } from '../trades/repository';
import { findCompanySwms } from './repository';
import { findRevisionBySubmission, type SubmittedContent } from './revisions-repository';
import {
  findSubmissionSite,
  findSwmsAuthor,
  insertSubmittedSwms,
  openOrRecentCheckIns,
  queueDigestItems,
  recordSubmission,
  reviewRecipients,
} from './submission-repository';
import { swmsView } from './view';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';

type App = Pick<FastifyInstance, 'db' | 'storage' | 'live'>;

export interface SubmissionResult {
  /** False when this submission id was already stored by the same tradesperson (a resend). */
  readonly created: boolean;
  readonly swms: Swms;
}

/** Long enough to reach back past the start of any site's calendar day. */
const todayReach = 48 * 60 * 60 * 1000;

/** Issue 10: checked in at the site now, or at any time today in the site's time zone. */
export async function checkedInToday(app: App, userId: string, site: { id: string; time_zone: string }, now: Date): Promise<boolean> {
  const timeZone = site.time_zone;
  const today = calendarDateIn(timeZone, now);
  const checkIns = await openOrRecentCheckIns(app.db, userId, site.id, new Date(now.getTime() - todayReach));
  return checkIns.some((checkIn) => checkIn.checked_out_at === null || calendarDateIn(timeZone, new Date(checkIn.created_at)) === today);
}


/** Refuses a submission or revision that is incomplete per WHS Regulation 299 (400 naming each gap) or whose photos' uploads fail their checks. */
export async function checkSubmission(app: App, submission: SwmsSubmission): Promise<void> {
  const gaps = swmsGaps(submission);
  if (gaps.length > 0) throw badRequest(incompleteSwmsMessage(gaps));
  await checkUploads(app, [
    { field: 'riskPhoto', fileKey: submission.task.riskPhoto?.fileKey },
    { field: 'controlPhoto', fileKey: submission.task.controlPhoto?.fileKey },
  ]);
}

/** The content columns of a checked submission; its photos must be the author's own uploads. */
export async function submittedContent(db: Db, userId: string, submission: SwmsSubmission): Promise<SubmittedContent> {
  const consequence = submission.riskConsequenceLevel ?? 1;
  const likelihood = submission.riskLikelihoodLevel ?? 1;
  const { task } = submission;
  const references = [task.riskPhoto, task.controlPhoto].filter((photo): photo is PhotoReference => photo !== null);
  const photos = await findOwnPhotos(db, userId, references.map((photo) => photo.fileKey));
  const photoId = (photo: PhotoReference | null) => {
    if (photo === null) return null;
    const file = photos.get(photo.fileKey);
    if (!file) throw badRequest(tradesMessages.photoUploadAgain);
    return file.id;
  };
  const chosen = new Set(submission.highRiskWork);
  return {
    high_risk_work: highRiskWorkCodes.filter((code) => chosen.has(code)).map(highRiskWorkText),
    risk_consequence_level: consequence,
    risk_likelihood_level: likelihood,
    risk_overall_level: consequence * likelihood,
    task_description: task.taskDescription.trim(),
    mobile_plant_tools: task.mobilePlantTools.trim(),
    risk_text: task.riskText.trim(),
    risk_photo_file_id: photoId(task.riskPhoto),
    control_text: task.controlText.trim(),
    control_photo_file_id: photoId(task.controlPhoto),
    control_implementation: task.controlImplementation.trim(),
    control_monitoring: task.controlMonitoring.trim(),
    control_review: task.controlReview.trim(),
    ppe: [...new Set(task.ppe)],
    other_ppe: task.otherPpe.trim(),
  };
}

async function readStored(app: App, companyId: string, swmsId: string): Promise<Swms> {
  const [row] = await findCompanySwms(app.db, companyId, [swmsId]);
  if (!row) throw conflict(swmsSubmissionMessages.alreadySubmitted);
  return swmsView(app, row);
}

/** A resend of a SWMS this tradesperson already stored answers it again; anyone else's id is refused. */
async function storedBefore(app: App, userId: string, swmsId: string): Promise<Swms | undefined> {
  const stored = await findSwmsAuthor(app.db, swmsId);
  if (!stored) {
    // A revision's submission id is taken as a SWMS's would be: revision 1 is stored under its SWMS's id.
    if (await findRevisionBySubmission(app.db, swmsId)) throw conflict(swmsSubmissionMessages.alreadySubmitted);
    return undefined;
  }
  if (stored.created_by !== userId) throw conflict(swmsSubmissionMessages.alreadySubmitted);
  return readStored(app, stored.company_id, swmsId);
}

const rawSubmissionId = (body: unknown) => {
  const id = decode(Uuid, (body as { submissionId?: unknown } | null)?.submissionId);
  return id.ok ? id.value.toLowerCase() : undefined;
};

/**
 * POST site/{siteId}/swms (issue 10 §4): a tradesperson checked in at the site now or today submits a
 * SWMS complete per WHS Regulation 299. Stored once per submission id (the phone's offline queue may
 * send it twice), 'For Review' on both flags, recorded in the company's audit chain and queued for the
 * review digest of every company admin and the site's supervisor.
 */
export async function submitSwms(app: App, request: FastifyRequest, rawSiteId: unknown, body: unknown, now = new Date()): Promise<SubmissionResult> {
  const userId = request.user.sub;
  if (!request.user.roles.includes('TradesPerson')) throw forbidden(swmsSubmissionMessages.tradesOnly);
  const siteId = decode(Uuid, rawSiteId);
  const site = siteId.ok ? await findSubmissionSite(app.db, siteId.value) : undefined;
  if (!site) throw forbidden(swmsSubmissionMessages.notCheckedIn);

  const resentId = rawSubmissionId(body);
  const resent = resentId === undefined ? undefined : await storedBefore(app, userId, resentId);
  if (resent) return { created: false, swms: resent };

  if (!(await checkedInToday(app, userId, site, now))) throw forbidden(swmsSubmissionMessages.notCheckedIn);
  const submission = decodeOr400(SwmsSubmission, body);
  await checkSubmission(app, submission);

  const swmsId = submission.submissionId.toLowerCase();
  const created = await inTransaction(app.db, async (trx) => {
    const inserted = await insertSubmittedSwms(trx, {
      id: swmsId,
      company_id: site.company_id,
      site_id: site.id,
      created_by: userId,
      ...(await submittedContent(trx, userId, submission)),
      company_admin_reviewed_at: null,
      company_admin_reviewed_by: null,
      supervisor_reviewed_at: null,
      supervisor_reviewed_by: null,
    });
    if (!inserted) return false;
    await recordSubmission(trx, { userId, requestId: request.id }, site.company_id, swmsId, {
      siteId: site.id,
      highRiskWork: [...new Set(submission.highRiskWork)],
      riskOverallLevel: (submission.riskConsequenceLevel ?? 1) * (submission.riskLikelihoodLevel ?? 1),
    });
    await queueDigestItems(trx, site.company_id, swmsId, await reviewRecipients(trx, site.company_id, site.supervisor_role_id));
    return true;
  });

  if (!created) {
    const stored = await storedBefore(app, userId, swmsId);
    if (!stored) throw conflict(swmsSubmissionMessages.alreadySubmitted);
    return { created: false, swms: stored };
  }
  await app.live.publish({ companyId: site.company_id, topic: 'swms' });
  // The site has one more SWMS to sign, which its author signed by submitting it (issue 57 §3).
  await app.live.publish({ companyId: site.company_id, topic: 'signons' });
  return { created: true, swms: await readStored(app, site.company_id, swmsId) };
}
