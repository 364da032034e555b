import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Actor } from '../audit/request-context';
import type { Db } from '../db/database';
import type { SignOnKind } from '../db/tables';

/** The site's SWMS with its latest revision's number, locked against a new revision (FOR SHARE) when `lock`. */
export async function findSiteSwms(db: Db, siteId: string, swmsId: string, lock = false) {
  const query = db.selectFrom('swms').select(['id', 'company_id', 'site_id', 'revision']).where('id', '=', swmsId).where('site_id', '=', siteId);
  return (lock ? query.forShare() : query).executeTakeFirst();
}

export interface NewSignOn {
  readonly swmsId: string;
  readonly revision: number;
  readonly siteId: string;
  readonly companyId: string;
  readonly userId: string;
  readonly at: Date;
  readonly kind: Exclude<SignOnKind, 'authored'>;
  readonly signature: string;
}

/** Stores the sign-on unless the worker signed this revision already; answers the new row's id and time, if stored. */
export async function insertSignOn(db: Db, signOn: NewSignOn) {
  return db
    .insertInto('swms_signons')
    .values({
      id: randomUUID(),
      swms_id: signOn.swmsId,
      revision: signOn.revision,
      site_id: signOn.siteId,
      company_id: signOn.companyId,
      user_id: signOn.userId,
      signed_at: signOn.at,
      signature_kind: signOn.kind,
      signature: signOn.signature,
    })
    .onConflict((conflict) => conflict.columns(['swms_id', 'user_id', 'revision']).doNothing())
    .returning(['id', 'signed_at'])
    .executeTakeFirst();
}

/** The worker's sign-on to one revision of the SWMS. */
export async function findSignOn(db: Db, swmsId: string, userId: string, revision: number) {
  return db
    .selectFrom('swms_signons')
    .select(['id', 'signed_at'])
    .where('swms_id', '=', swmsId)
    .where('user_id', '=', userId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}

/**
 * The sign-on's audit event. It names the sign-on, not the SWMS: a SWMS's history (its panel, its diagram, its PDF)
 * keeps to its review workflow however many workers sign on, and the event is labelled with the SWMS as those are.
 */
export async function recordSignOn(db: Db, actor: Actor, signOn: { readonly id: string; readonly companyId: string; readonly swmsId: string }, detail: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: actor.userId,
      action: 'swms.signedOn',
      entity: 'swms_signon',
      entity_id: signOn.id,
      detail: JSON.stringify({ companyId: signOn.companyId, swmsId: signOn.swmsId, ...detail }),
      company_id: signOn.companyId,
      target_label: sql<string>`(SELECT audit_swms_label(p.site_number, s.task_description) FROM swms s JOIN project_sites p ON p.id = s.site_id WHERE s.id = ${signOn.swmsId})`,
      request_id: actor.requestId,
    })
    .execute();
}

/**
 * The site's SWMS, newest first, each with its latest revision, its author and the worker's latest sign-on to it (the
 * sign-ons' unique key (swms_id, user_id, revision) finds it).
 */
export async function listSiteSwmsForWorker(db: Db, siteId: string, userId: string) {
  return db
    .selectFrom('swms as s')
    .innerJoin('users as a', 'a.id', 's.created_by')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('swms_signons as g')
          .select(['g.revision', 'g.signed_at'])
          .whereRef('g.swms_id', '=', 's.id')
          .where('g.user_id', '=', userId)
          .orderBy('g.revision', 'desc')
          .limit(1)
          .as('own'),
      (join) => join.onTrue(),
    )
    .select(['s.id', 's.revision', 's.task_description', 's.high_risk_work', 's.created_at', 's.created_by', 'a.first_name', 'a.surname', 'a.email'])
    .select(['own.revision as signed_revision', 'own.signed_at'])
    .where('s.site_id', '=', siteId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** Each worker's latest sign-on to the SWMS, with the signature as stored. */
export async function listLatestSignOns(db: Db, swmsId: string) {
  return db
    .selectFrom('swms_signons as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .distinctOn('g.user_id')
    .select(['g.user_id', 'g.revision', 'g.signed_at', 'g.signature_kind', 'g.signature', 'u.first_name', 'u.surname', 'u.email'])
    .where('g.swms_id', '=', swmsId)
    .orderBy('g.user_id')
    .orderBy('g.revision', 'desc')
    .execute();
}

/** Every sign-on to the SWMS, oldest first, as its PDF's sign-on sheet prints them. */
export async function listAllSignOns(db: Db, swmsId: string) {
  return db
    .selectFrom('swms_signons as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.user_id', 'g.revision', 'g.signed_at', 'g.signature_kind', 'g.signature', 'u.first_name', 'u.surname', 'u.email'])
    .where('g.swms_id', '=', swmsId)
    .orderBy('g.signed_at')
    .orderBy('g.id')
    .execute();
}

/**
 * Issue 57 §3, the gap list: workers on the site now (open check-ins made since `since`, the site's midnight) with no
 * sign-on to the latest revision of any SWMS of the site, newest check-in first; `signed_before` when they signed only
 * earlier revisions. Each worker's sign-ons at the site are one range of swms_signons_site_worker.
 */
export async function findSignOnGaps(db: Db, siteId: string, since: Date) {
  const signedAtSite = (current: boolean) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM swms_signons g ${current ? sql`JOIN swms s ON s.id = g.swms_id AND s.revision = g.revision` : sql``}
      WHERE g.site_id = ${siteId} AND g.user_id = ci.user_id)`;
  return db
    .selectFrom('check_ins as ci')
    .innerJoin('users as u', 'u.id', 'ci.user_id')
    .select(['ci.id', 'ci.user_id', 'ci.created_at', 'u.first_name', 'u.surname', 'u.email'])
    .select(signedAtSite(false).as('signed_before'))
    .where('ci.site_id', '=', siteId)
    .where('ci.checked_out_at', 'is', null)
    .where('ci.created_at', '>=', since)
    .where(sql<SqlBool>`NOT ${signedAtSite(true)}`)
    .orderBy('ci.created_at', 'desc')
    .orderBy('ci.id', 'desc')
    .execute();
}

/** The workers, other than the author, whose latest sign-on to the SWMS is to a revision before `revision`. */
export async function findStaleSigners(db: Db, swmsId: string, revision: number, authorId: string) {
  return db
    .selectFrom('swms_signons as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['u.id', 'u.email', 'u.first_name'])
    .distinct()
    .where('g.swms_id', '=', swmsId)
    .where('g.revision', '<', revision)
    .where('g.user_id', '!=', authorId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('swms_signons as n').select('n.id').whereRef('n.swms_id', '=', 'g.swms_id').whereRef('n.user_id', '=', 'g.user_id').where('n.revision', '>=', revision))),
    )
    .orderBy('u.id')
    .execute();
}

/** Whether the user holds the active supervisor role the site names. */
export async function supervisesSite(db: Db, siteId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_sites as p')
    .innerJoin('user_roles as r', 'r.id', 'p.supervisor_role_id')
    .select('p.id')
    .where('p.id', '=', siteId)
    .where('r.user_id', '=', userId)
    .where('r.role', '=', 'CompanySupervisor')
    .where('r.status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}
