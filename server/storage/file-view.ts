import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { StoredFile } from '../../src/domain/file';
import type { FilesTable } from '../db/tables';

export type FileRow = Selectable<FilesTable>;

type Files = Pick<FastifyInstance, 'db' | 'storage'>;

function fileRowView(app: Pick<FastifyInstance, 'storage'>, row: FileRow): Required<StoredFile> {
  return { friendlyName: row.friendly_name, fileKey: row.file_key, type: row.type, url: app.storage.readUrl(row.file_key) };
}

/** Spec §3 file metadata with a fresh read url; null when there is no file. */
export async function fileView(app: Files, file: string | FileRow | null | undefined): Promise<Required<StoredFile> | null> {
  if (!file) return null;
  if (typeof file !== 'string') return fileRowView(app, file);
  const row = await app.db.selectFrom('files').selectAll().where('id', '=', file).executeTakeFirst();
  return row ? fileRowView(app, row) : null;
}

/** The views of many files at once, keyed by file id (for lists). */
export async function fileViews(app: Files, ids: readonly (string | null)[]): Promise<Map<string, Required<StoredFile>>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await app.db.selectFrom('files').selectAll().where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, fileRowView(app, row)]));
}
