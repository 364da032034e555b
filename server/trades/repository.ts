import type { Db } from '../db/database';
import type { FileRow } from '../storage/file-view';

export interface TradesViewer {
  readonly userId: string;
  /** The viewer's company when they are its admin or supervisor; otherwise null. */
  readonly companyId: string | null;
}

/**
 * Issue 5 /trades/{id}: a tradesperson is seen by themself, and by the admins and supervisors of a
 * company on whose sites they checked in or for which they submitted a SWMS.
 */
export async function findVisibleTradesPerson(db: Db, viewer: TradesViewer, tradesPersonId: string) {
  const companyId = viewer.companyId;
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.surname',
      'u.phone',
      'u.contact_email',
      'u.emergency_contact_name',
      'u.emergency_contact_phone',
      'u.trade_qualifications',
      'u.whitecard_number',
      'u.whitecard_photo_file_id',
    ])
    .where('u.id', '=', tradesPersonId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('user_roles as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.role', '=', 'TradesPerson')),
    )
    .where(({ eb, or, exists, selectFrom }) => {
      const self = eb('u.id', '=', viewer.userId);
      if (companyId === null) return self;
      return or([
        self,
        exists(selectFrom('swms as s').select('s.id').whereRef('s.created_by', '=', 'u.id').where('s.company_id', '=', companyId)),
        exists(
          selectFrom('check_ins as ci')
            .innerJoin('project_sites as p', 'p.id', 'ci.site_id')
            .select('ci.id')
            .whereRef('ci.user_id', '=', 'u.id')
            .where('p.company_id', '=', companyId),
        ),
      ]);
    })
    .executeTakeFirst();
}

/** The tradesperson's licences in the order they listed them. */
export async function listLicences(db: Db, userId: string) {
  return db
    .selectFrom('licences')
    .select(['id', 'licence_class', 'number', 'expires_on', 'photo_file_id'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}

/** The user holds an active TradesPerson role; the row is locked for the profile save. */
export async function lockTradesUser(db: Db, userId: string) {
  const holdsRole = await db
    .selectFrom('user_roles')
    .select('id')
    .where('user_id', '=', userId)
    .where('role', '=', 'TradesPerson')
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!holdsRole) return undefined;
  return db.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
}

export interface TradesUserColumns {
  readonly first_name: string;
  readonly surname: string;
  readonly phone: string;
  readonly contact_email: string;
  readonly emergency_contact_name: string;
  readonly emergency_contact_phone: string;
  readonly trade_qualifications: string;
  readonly whitecard_number: string;
  readonly whitecard_photo_file_id: string | null;
}

export async function updateTradesUser(db: Db, userId: string, columns: TradesUserColumns): Promise<void> {
  await db.updateTable('users').set({ ...columns, updated_at: new Date() }).where('id', '=', userId).execute();
}

export interface LicenceColumns {
  readonly id: string;
  readonly licence_class: string;
  readonly number: string;
  readonly expires_on: string;
  readonly photo_file_id: string | null;
}

/** Replaces every licence of the user with `licences`, in that order. */
export async function replaceLicences(db: Db, userId: string, licences: readonly LicenceColumns[]): Promise<void> {
  await db.deleteFrom('licences').where('user_id', '=', userId).execute();
  if (licences.length === 0) return;
  await db
    .insertInto('licences')
    .values(licences.map((licence, position) => ({ ...licence, user_id: userId, position })))
    .execute();
}

/** The photo files among `fileKeys` that this user uploaded through POST file. */
export async function findOwnPhotos(db: Db, userId: string, fileKeys: readonly string[]): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(fileKeys)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('files')
    .selectAll()
    .where('file_key', 'in', wanted)
    .where('type', '=', 'photo')
    .where('created_by', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.file_key, row]));
}

/** Files among `fileIds` that no profile, licence or SWMS refers to any more. */
export async function unreferencedFiles(db: Db, fileIds: readonly string[]): Promise<FileRow[]> {
  const wanted = [...new Set(fileIds)];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('files as f')
    .selectAll('f')
    .where('f.id', 'in', wanted)
    .where(({ not, exists, selectFrom, or }) =>
      not(
        or([
          exists(selectFrom('users as u').select('u.id').whereRef('u.whitecard_photo_file_id', '=', 'f.id')),
          exists(selectFrom('licences as l').select('l.id').whereRef('l.photo_file_id', '=', 'f.id')),
          exists(
            selectFrom('swms as s')
              .select('s.id')
              .where((eb) => eb.or([eb('s.risk_photo_file_id', '=', eb.ref('f.id')), eb('s.control_photo_file_id', '=', eb.ref('f.id'))])),
          ),
        ]),
      ),
    )
    .execute();
}

export async function deleteFileRows(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.deleteFrom('files').where('id', 'in', fileIds).execute();
}

const recentCheckIns = 20;
const recentSwms = 50;

/** The tradesperson's latest check-ins with their site and its company. */
export async function listRecentCheckIns(db: Db, userId: string) {
  return db
    .selectFrom('check_ins as ci')
    .innerJoin('project_sites as p', 'p.id', 'ci.site_id')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .leftJoin('user_roles as sr', (join) =>
      join.onRef('sr.id', '=', 'p.supervisor_role_id').on('sr.status', '=', 'active').on('sr.role', '=', 'CompanySupervisor'),
    )
    .select([
      'ci.id',
      'ci.created_at',
      'ci.checked_out_at',
      'ci.checkout_kind',
      'p.id as site_id',
      'p.address',
      'p.suburb',
      'p.site_number',
      'p.time_zone',
      'c.name as company_name',
      'sr.id as supervisor_role_id',
    ])
    .where('ci.user_id', '=', userId)
    .orderBy('ci.created_at', 'desc')
    .orderBy('ci.id', 'desc')
    .limit(recentCheckIns)
    .execute();
}

/** The tradesperson's latest SWMS with their site, its company, both review flags and the latest review comment. */
export async function listOwnSwms(db: Db, userId: string) {
  return db
    .selectFrom('swms as s')
    .innerJoin('project_sites as p', 'p.id', 's.site_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('swms_comments as sc')
          .select(['sc.text as comment_text', 'sc.part as comment_part'])
          .whereRef('sc.swms_id', '=', 's.id')
          .orderBy('sc.created_at', 'desc')
          .orderBy('sc.id', 'desc')
          .limit(1)
          .as('lc'),
      (join) => join.onTrue(),
    )
    .leftJoin('user_roles as sr', (join) =>
      join.onRef('sr.id', '=', 'p.supervisor_role_id').on('sr.status', '=', 'active').on('sr.role', '=', 'CompanySupervisor'),
    )
    .leftJoin('swms_revisions as lr', (join) => join.onRef('lr.swms_id', '=', 's.id').onRef('lr.revision', '=', 's.revision'))
    .select([
      's.id',
      's.created_at',
      's.revision',
      'lr.created_at as revised_at',
      's.task_description',
      's.company_admin_reviewed_at',
      's.supervisor_reviewed_at',
      's.company_admin_changes_requested_at',
      's.supervisor_changes_requested_at',
      'lc.comment_text',
      'lc.comment_part',
      'p.id as site_id',
      'p.address',
      'p.suburb',
      'p.site_number',
      'p.time_zone',
      'c.name as company_name',
      'sr.id as supervisor_role_id',
    ])
    .where('s.created_by', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(recentSwms)
    .execute();
}

/** The company of one of the user's own SWMS, or undefined when it is not theirs. */
export async function ownSwmsCompany(db: Db, userId: string, swmsId: string): Promise<string | undefined> {
  const row = await db.selectFrom('swms').select('company_id').where('id', '=', swmsId).where('created_by', '=', userId).executeTakeFirst();
  return row?.company_id;
}
