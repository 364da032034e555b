import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FileType } from '../../src/domain/file';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { uploadLifetimeMs } from './blob-store';
import { noteStoredBytes, pendingFilesOf } from './files-repository';
import { megabytes, uploadLimitBytes } from './upload-rules';
import { inTransaction } from '../db/transaction';

/** Issue 55 §11: the most one account's uploads that no record holds yet may take, counted as `pendingBytes` does. */
export const pendingCapBytes = 100 * 1024 * 1024;

const roundedMegabytes = (bytes: number) => Math.round(megabytes(bytes) * 10) / 10;

const pendingCapMessage = (pending: number, asked: number) =>
  `You have ${roundedMegabytes(pending)} MB of uploads not yet saved to anything, and this one may take up to ${roundedMegabytes(asked)} MB more: one account may have at most ${roundedMegabytes(pendingCapBytes)} MB waiting. Save the forms they were for, or upload again once they are removed, a day after upload.`;

type App = Pick<FastifyInstance, 'db' | 'storage'>;

/**
 * The bytes the account's uploads that no record holds may take: a blob's size once stored (a create-only URL cannot
 * change it), its type's limit while its URL may still write it, and nothing once the URL expired without a blob.
 * A size is noted on the row once the URL has expired, so each blob is asked about at most once after that.
 */
async function pendingBytes(app: App, db: Db, userId: string, now: Date): Promise<number> {
  const files = await pendingFilesOf(db, userId);
  const sizes = await Promise.all(
    files.map(async (file) => {
      if (file.stored_bytes !== null) return file.stored_bytes;
      const stored = await app.storage.fileSize(file.file_key);
      const urlLive = new Date(file.created_at).getTime() + uploadLifetimeMs > now.getTime();
      if (urlLive) return stored ?? uploadLimitBytes[file.type];
      await noteStoredBytes(db, file.id, stored ?? 0);
      return stored ?? 0;
    }),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

/**
 * Runs `issue` (which records the new upload) unless the account's pending uploads and the new one's limit would pass
 * the cap; one account's requests take turns (an advisory lock), so two at once cannot both squeeze in.
 */
export async function withinPendingCap<T>(app: App, userId: string, type: FileType, issue: (trx: Db) => Promise<T>): Promise<T> {
  return inTransaction(app.db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`pending uploads ${userId}`}))`.execute(trx);
    const pending = await pendingBytes(app, trx, userId, new Date());
    const asked = uploadLimitBytes[type];
    if (pending + asked > pendingCapBytes) throw new HttpError(409, pendingCapMessage(pending, asked));
    return issue(trx);
  });
}
