import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Actor } from '../audit/request-context';
import type { Db } from '../db/database';
import type { SwmsTable } from '../db/tables';

/** What a submission or a revision writes of the SWMS's content (the columns each revision keeps). */
export type SubmittedContent = Pick<
  Insertable<SwmsTable>,
  | 'high_risk_work' | 'risk_consequence_level' | 'risk_likelihood_level' | 'risk_overall_level' | 'task_description' | 'mobile_plant_tools'
  | 'risk_text' | 'risk_photo_file_id' | 'control_text' | 'control_photo_file_id' | 'control_implementation' | 'control_monitoring'
  | 'control_review' | 'ppe' | 'other_ppe'
>;

/** The revision stored under this submission id (revision 1's is its SWMS's id), if any. */
export async function findRevisionBySubmission(db: Db, submissionId: string) {
  return db
    .selectFrom('swms_revisions')
    .select(['swms_id', 'revision', 'created_by'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
}

/** The SWMS a revision is sent for, locked when `forUpdate`, so that two revisions of it are numbered one after the other. */
export async function findRevisedSwms(db: Db, swmsId: string, forUpdate = false) {
  const query = db.selectFrom('swms').select(['id', 'company_id', 'site_id', 'created_by', 'revision']).where('id', '=', swmsId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Makes the SWMS row the next revision's content with both flags For Review (no review, no request for changes), then
 * stores that content as the revision; answers its number.
 */
export async function writeRevision(db: Db, swmsId: string, submissionId: string, content: SubmittedContent): Promise<number> {
  const updated = await db
    .updateTable('swms')
    .set({
      ...content,
      revision: sql<number>`revision + 1`,
      company_admin_reviewed_at: null,
      company_admin_reviewed_by: null,
      company_admin_changes_requested_at: null,
      company_admin_changes_requested_by: null,
      supervisor_reviewed_at: null,
      supervisor_reviewed_by: null,
      supervisor_changes_requested_at: null,
      supervisor_changes_requested_by: null,
    })
    .where('id', '=', swmsId)
    .returning('revision')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('swms_revisions')
    .columns([
      'swms_id', 'revision', 'submission_id', 'company_id', 'site_id', 'created_by', 'high_risk_work', 'risk_consequence_level',
      'risk_likelihood_level', 'risk_overall_level', 'task_description', 'mobile_plant_tools', 'risk_text', 'risk_photo_file_id',
      'control_text', 'control_photo_file_id', 'control_implementation', 'control_monitoring', 'control_review', 'ppe', 'other_ppe',
    ])
    .expression((eb) =>
      eb
        .selectFrom('swms as s')
        .select([
          's.id', 's.revision', eb.val(submissionId).as('submission_id'), 's.company_id', 's.site_id', 's.created_by', 's.high_risk_work',
          's.risk_consequence_level', 's.risk_likelihood_level', 's.risk_overall_level', 's.task_description', 's.mobile_plant_tools',
          's.risk_text', 's.risk_photo_file_id', 's.control_text', 's.control_photo_file_id', 's.control_implementation',
          's.control_monitoring', 's.control_review', 's.ppe', 's.other_ppe',
        ])
        .where('s.id', '=', swmsId),
    )
    .execute();
  return updated.revision;
}

export async function recordRevision(db: Db, actor: Actor, companyId: string, swmsId: string, detail: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: actor.userId,
      action: 'swms.revised',
      entity: 'swms',
      entity_id: swmsId,
      detail: JSON.stringify({ companyId, ...detail }),
      company_id: companyId,
      request_id: actor.requestId,
    })
    .execute();
}

/** The company's SWMS's revisions, oldest first, each with its author. */
export async function listRevisions(db: Db, companyId: string, swmsId: string) {
  return db
    .selectFrom('swms_revisions as r')
    .innerJoin('users as u', 'u.id', 'r.created_by')
    .select(['r.revision', 'r.created_at', 'r.created_by', 'u.first_name', 'u.surname'])
    .where('r.company_id', '=', companyId)
    .where('r.swms_id', '=', swmsId)
    .orderBy('r.revision')
    .execute();
}

/** One revision's content with its photos' file keys. */
export async function findRevision(db: Db, companyId: string, swmsId: string, revision: number) {
  return db
    .selectFrom('swms_revisions as r')
    .leftJoin('files as rp', 'rp.id', 'r.risk_photo_file_id')
    .leftJoin('files as cp', 'cp.id', 'r.control_photo_file_id')
    .select([
      'r.revision', 'r.high_risk_work', 'r.risk_consequence_level', 'r.risk_likelihood_level', 'r.risk_overall_level', 'r.task_description',
      'r.mobile_plant_tools', 'r.risk_text', 'rp.file_key as risk_photo_key', 'rp.friendly_name as risk_photo_name', 'r.control_text',
      'cp.file_key as control_photo_key', 'cp.friendly_name as control_photo_name',
      'r.control_implementation', 'r.control_monitoring', 'r.control_review', 'r.ppe', 'r.other_ppe',
    ])
    .where('r.company_id', '=', companyId)
    .where('r.swms_id', '=', swmsId)
    .where('r.revision', '=', revision)
    .executeTakeFirst();
}
