import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/tables';

type Queries = Kysely<Database>;

/**
 * Whether a record holds the file `f` (a company's logo, a site's safety plan, a SWMS's photos and its revisions', a white card or
 * licence photo): the one list of what may hold a file, for the upload check, the storage sweep and the pending cap.
 */
function isHeld(eb: ExpressionBuilder<Database & { f: Database['files'] }, 'f'>) {
  return eb.or([
    eb.exists(eb.selectFrom('companies').select('companies.id').whereRef('companies.image_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('project_sites').select('project_sites.id').whereRef('project_sites.site_safety_plan_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('swms').select('swms.id').whereRef('swms.risk_photo_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('swms').select('swms.id').whereRef('swms.control_photo_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('swms_revisions').select('swms_revisions.swms_id').whereRef('swms_revisions.risk_photo_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('swms_revisions').select('swms_revisions.swms_id').whereRef('swms_revisions.control_photo_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.whitecard_photo_file_id', '=', 'f.id')),
    eb.exists(eb.selectFrom('licences').select('licences.id').whereRef('licences.photo_file_id', '=', 'f.id')),
  ]);
}

export async function isFileHeld(db: Queries, fileId: string): Promise<boolean> {
  const row = await db.selectFrom('files as f').select('f.id').where('f.id', '=', fileId).where(isHeld).executeTakeFirst();
  return row !== undefined;
}

export interface PendingFile {
  readonly id: string;
  readonly file_key: string;
  readonly type: Database['files']['type'];
  readonly created_at: Date;
  readonly stored_bytes: number | null;
}

/** The account's uploads that no record holds yet. */
export async function pendingFilesOf(db: Queries, userId: string): Promise<PendingFile[]> {
  return db
    .selectFrom('files as f')
    .select(['f.id', 'f.file_key', 'f.type', 'f.created_at', 'f.stored_bytes'])
    .where('f.created_by', '=', userId)
    .where((eb) => eb.not(isHeld(eb)))
    .execute();
}

export async function noteStoredBytes(db: Queries, fileId: string, bytes: number): Promise<void> {
  await db.updateTable('files').set({ stored_bytes: bytes }).where('id', '=', fileId).execute();
}

/**
 * Deletes up to `limit` files no record holds whose upload URL was signed before `before`, and answers their keys and
 * when they were signed. Rows another instance's sweep has claimed are skipped, so each file is removed by one sweep.
 */
export async function deleteUnheldFiles(trx: Queries, before: Date, limit: number): Promise<{ file_key: string; created_at: Date }[]> {
  return trx
    .deleteFrom('files')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('files as f')
        .select('f.id')
        .where('f.created_at', '<', before)
        .where((inner) => inner.not(isHeld(inner)))
        .orderBy('f.created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['file_key', 'created_at'])
    .execute();
}

export async function recordRetiredKey(db: Queries, fileKey: string, removeAfter: Date): Promise<void> {
  await db
    .insertInto('retired_file_keys')
    .values({ file_key: fileKey, remove_after: removeAfter })
    .onConflict((conflict) => conflict.column('file_key').doUpdateSet({ remove_after: removeAfter }))
    .execute();
}

/** Deletes up to `limit` retired keys due by `now` and answers them; another sweep's are skipped. */
export async function takeDueRetiredKeys(trx: Queries, now: Date, limit: number): Promise<string[]> {
  const rows = await trx
    .deleteFrom('retired_file_keys')
    .where('file_key', 'in', (eb) => eb.selectFrom('retired_file_keys').select('file_key').where('remove_after', '<=', now).orderBy('remove_after').limit(limit).forUpdate().skipLocked())
    .returning('file_key')
    .execute();
  return rows.map((row) => row.file_key);
}
