import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Actor } from '../audit/request-context';
import type { Db } from '../db/database';
import type { SwmsTable } from '../db/tables';

/** A project site of a live company, with what a submission (and a sign-on, issue 57) needs of it. */
export async function findSubmissionSite(db: Db, siteId: string) {
  return db
    .selectFrom('project_sites as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .select(['p.id', 'p.company_id', 'p.time_zone', 'p.supervisor_role_id', 'p.site_number', 'p.address', 'p.suburb', 'p.postcode'])
    .where('p.id', '=', siteId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The user's check-ins at the site that are still open or began after `since`. */
export async function openOrRecentCheckIns(db: Db, userId: string, siteId: string, since: Date) {
  return db
    .selectFrom('check_ins')
    .select(['created_at', 'checked_out_at'])
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('checked_out_at', 'is', null), eb('created_at', '>=', since)]))
    .execute();
}

export async function findSwmsAuthor(db: Db, swmsId: string) {
  return db.selectFrom('swms').select(['created_by', 'company_id']).where('id', '=', swmsId).executeTakeFirst();
}

/** Inserts the SWMS unless its id is already stored; answers whether this call stored it. */
export async function insertSubmittedSwms(db: Db, row: Insertable<SwmsTable>): Promise<boolean> {
  const inserted = await db.insertInto('swms').values(row).onConflict((conflict) => conflict.column('id').doNothing()).returning('id').execute();
  return inserted.length > 0;
}

/** Issue 10: who reviews a new SWMS: every active admin of the company and the site's supervisor. */
export async function reviewRecipients(db: Db, companyId: string, supervisorRoleId: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .where((eb) =>
      supervisorRoleId === null
        ? eb('role', '=', 'CompanyAdmin')
        : eb.or([eb('role', '=', 'CompanyAdmin'), eb.and([eb('id', '=', supervisorRoleId), eb('role', '=', 'CompanySupervisor')])]),
    )
    .execute();
  return [...new Set(rows.map((row) => row.user_id))];
}

/** One digest item per recipient for the SWMS (a person who is admin and supervisor gets one). */
export async function queueDigestItems(db: Db, companyId: string, swmsId: string, recipients: readonly string[]): Promise<void> {
  if (recipients.length === 0) return;
  await db
    .insertInto('review_digest_items')
    .values(recipients.map((recipient) => ({ id: randomUUID(), recipient_user_id: recipient, company_id: companyId, swms_id: swmsId })))
    // The partial unique index of migration 046: one unsent item per reviewer and SWMS, however many were sent before.
    .onConflict((conflict) => conflict.columns(['recipient_user_id', 'swms_id']).where('sent_at', 'is', null).doNothing())
    .execute();
}

export async function recordSubmission(db: Db, actor: Actor, companyId: string, swmsId: string, detail: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: actor.userId,
      action: 'swms.submitted',
      entity: 'swms',
      entity_id: swmsId,
      detail: JSON.stringify({ companyId, ...detail }),
      company_id: companyId,
      request_id: actor.requestId,
    })
    .execute();
}
