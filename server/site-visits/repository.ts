import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CheckoutKind } from '../../src/domain/site-visit';
import type { Db } from '../db/database';

/** A site as the gate, its poster and its lists need it; only sites of companies that still have access. */
function gateSites(db: Db) {
  return db
    .selectFrom('project_sites as ps')
    .innerJoin('companies as c', 'c.id', 'ps.company_id')
    .leftJoin('files as f', 'f.id', 'ps.site_safety_plan_file_id')
    .select([
      'ps.id',
      'ps.company_id',
      'c.name as company_name',
      'ps.address',
      'ps.suburb',
      'ps.postcode',
      'ps.time_zone',
      'ps.site_number',
      'ps.ppe',
      'ps.other_ppe',
      'ps.status',
      'ps.site_key',
      'f.file_key as plan_file_key',
    ])
    .where('c.deleted_at', 'is', null);
}

export type GateSite = Awaited<ReturnType<ReturnType<typeof gateSites>['executeTakeFirstOrThrow']>>;

export async function findGateSite(db: Db, siteId: string): Promise<GateSite | undefined> {
  return gateSites(db).where('ps.id', '=', siteId).executeTakeFirst();
}

export async function findCompanySite(db: Db, companyId: string, siteId: string): Promise<GateSite | undefined> {
  return gateSites(db).where('ps.id', '=', siteId).where('ps.company_id', '=', companyId).executeTakeFirst();
}

export async function setSiteKey(db: Db, siteId: string, key: string): Promise<void> {
  await db.updateTable('project_sites').set({ site_key: key }).where('id', '=', siteId).execute();
}

/** The fields the licence check and the profile completeness read. */
export async function findTradesProfile(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'surname',
      'contact_email',
      'phone',
      'emergency_contact_name',
      'emergency_contact_phone',
      'trade_qualifications',
      'whitecard_number',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const licences = await db
    .selectFrom('licences')
    .select(['licence_class', 'number', 'expires_on'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return { ...user, licences };
}

export type TradesProfileRow = NonNullable<Awaited<ReturnType<typeof findTradesProfile>>>;

export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function insertTradesRole(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: userId, company_id: null, role: 'TradesPerson', status: 'active', accepted_at: at })
    .execute();
}

/** Open check-ins with what closing them needs: the site's time zone, company and the person's name. */
function openCheckIns(db: Db) {
  return db
    .selectFrom('check_ins as ci')
    .innerJoin('project_sites as ps', 'ps.id', 'ci.site_id')
    .innerJoin('users as u', 'u.id', 'ci.user_id')
    .select(['ci.id', 'ci.site_id', 'ci.user_id', 'ci.created_at', 'ps.time_zone', 'ps.company_id', 'u.first_name', 'u.surname', 'u.email'])
    .where('ci.checked_out_at', 'is', null);
}

export type OpenCheckIn = Awaited<ReturnType<ReturnType<typeof openCheckIns>['executeTakeFirstOrThrow']>>;

export interface OpenCheckInFilter {
  readonly userId?: string;
  /** Takes the rows for closing; rows another transaction is closing are left to it. */
  readonly lockForClosing?: boolean;
}

export async function findOpenCheckIns(db: Db, filter: OpenCheckInFilter = {}): Promise<OpenCheckIn[]> {
  let query = openCheckIns(db).orderBy('ci.created_at').orderBy('ci.id');
  if (filter.userId) query = query.where('ci.user_id', '=', filter.userId);
  if (filter.lockForClosing) query = query.forUpdate('ci').skipLocked();
  return query.execute();
}

export async function findOpenCheckInAtSite(db: Db, siteId: string, checkInId: string): Promise<OpenCheckIn | undefined> {
  return openCheckIns(db).where('ci.site_id', '=', siteId).where('ci.id', '=', checkInId).executeTakeFirst();
}

export async function insertCheckIn(
  db: Db,
  row: { readonly siteId: string; readonly userId: string; readonly at: Date; readonly safetyPlanAcknowledged: boolean },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('check_ins')
    .values({
      id,
      site_id: row.siteId,
      user_id: row.userId,
      created_at: row.at,
      ppe_confirmed: true,
      safety_plan_acknowledged: row.safetyPlanAcknowledged,
    })
    .execute();
  return id;
}

export interface CheckOut {
  readonly id: string;
  readonly at: Date;
  readonly kind: CheckoutKind;
  readonly by: string | null;
}

export interface ClosedCheckIn {
  readonly id: string;
  readonly site_id: string;
  readonly user_id: string;
  readonly created_at: Date;
  readonly checked_out_at: Date;
  readonly checkout_kind: CheckoutKind;
}

/**
 * Ends check-ins that are still open. A check-in another instance (or request) ended meanwhile is
 * left as it is and not returned, so each one ends exactly once.
 */
export async function closeCheckIns(db: Db, closes: readonly CheckOut[]): Promise<ClosedCheckIn[]> {
  if (closes.length === 0) return [];
  const rows = sql.join(
    closes.map((close) => sql`(${close.id}::uuid, ${close.at.toISOString()}::timestamptz, ${close.kind}::text, ${close.by}::uuid)`),
  );
  const result = await sql<ClosedCheckIn>`
    UPDATE check_ins AS ci
    SET checked_out_at = closing.close_at, checkout_kind = closing.close_kind, checked_out_by = closing.closer
    FROM (VALUES ${rows}) AS closing (check_in_id, close_at, close_kind, closer)
    WHERE ci.id = closing.check_in_id AND ci.checked_out_at IS NULL
    RETURNING ci.id, ci.site_id, ci.user_id, ci.created_at, ci.checked_out_at, ci.checkout_kind`.execute(db);
  return result.rows.map((row) => ({ ...row, created_at: new Date(row.created_at), checked_out_at: new Date(row.checked_out_at) }));
}

export async function hasCheckedInSince(db: Db, userId: string, siteId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('check_ins')
    .select('id')
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Issue 10 §3: who is on the site now, newest first: open check-ins made since midnight site time. */
export async function findPeopleOnSite(db: Db, siteId: string, since: Date) {
  return db
    .selectFrom('check_ins as ci')
    .innerJoin('users as u', 'u.id', 'ci.user_id')
    .select([
      'ci.id',
      'ci.user_id',
      'ci.created_at',
      'u.email',
      'u.first_name',
      'u.surname',
      'u.trade_qualifications',
      'u.phone',
      'u.emergency_contact_name',
      'u.emergency_contact_phone',
    ])
    .where('ci.site_id', '=', siteId)
    .where('ci.checked_out_at', 'is', null)
    .where('ci.created_at', '>=', since)
    .orderBy('ci.created_at', 'desc')
    .orderBy('ci.id', 'desc')
    .execute();
}

/** Sites whose job number or id is `reference` (the CLI's `site link`). */
export async function findSitesByReference(db: Db, reference: string, isId: boolean) {
  let query = db
    .selectFrom('project_sites as ps')
    .innerJoin('companies as c', 'c.id', 'ps.company_id')
    .select(['ps.id', 'ps.site_key', 'ps.site_number', 'ps.address', 'ps.suburb', 'c.name as company_name'])
    .where('c.deleted_at', 'is', null)
    .orderBy('c.name')
    .orderBy('ps.site_number');
  query = isId
    ? query.where((where) => where.or([where('ps.id', '=', reference), where(sql<string>`lower(ps.site_number)`, '=', reference.toLowerCase())]))
    : query.where(sql<string>`lower(ps.site_number)`, '=', reference.toLowerCase());
  return query.execute();
}
