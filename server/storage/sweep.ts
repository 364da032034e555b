import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../db/transaction';
import { repeating, type RepeatingJob } from '../jobs/repeating';
import { deleteUnheldFiles, takeDueRetiredKeys } from './files-repository';

/** An upload nothing holds this long after its URL was signed is removed (issue 55 §11). */
export const unheldFileLifetimeMs = 24 * 60 * 60_000;
const sweepEveryMs = 60 * 60_000;
const batchSize = 100;

type App = Pick<FastifyInstance, 'db' | 'storage'>;

/**
 * One pass: removes uploads no record took within a day of their upload URL, and the blobs emptied by a deletion once
 * their upload URL has expired (BlobStore.deleteFile). Rows are claimed with SKIP LOCKED, so instances sharing a
 * database each remove different files; a blob goes in the transaction that deletes its row, so a failure keeps both.
 * Answers how many files and emptied blobs it removed.
 */
export async function sweepStorage(app: App, now: Date = new Date()): Promise<{ files: number; retired: number }> {
  const removed = { files: 0, retired: 0 };
  for (;;) {
    const files = await inTransaction(app.db, async (trx) => {
      // A day on, their create-only upload URLs (15 minutes) have long expired: the blobs may simply go.
      const rows = await deleteUnheldFiles(trx, new Date(now.getTime() - unheldFileLifetimeMs), batchSize);
      for (const row of rows) await app.storage.removeExpired(row.file_key);
      return rows.length;
    });
    removed.files += files;
    if (files < batchSize) break;
  }
  for (;;) {
    const retired = await inTransaction(app.db, async (trx) => {
      const keys = await takeDueRetiredKeys(trx, now, batchSize);
      for (const key of keys) await app.storage.removeExpired(key);
      return keys.length;
    });
    removed.retired += retired;
    if (retired < batchSize) break;
  }
  return removed;
}

/** Sweeps the store a minute after start and then hourly, in every instance (each file is claimed by one). */
export function startStorageSweep(app: App & Pick<FastifyInstance, 'log'>): RepeatingJob {
  return repeating(
    async () => {
      const removed = await sweepStorage(app);
      if (removed.files + removed.retired > 0) app.log.info(removed, 'uploads nothing holds and emptied blobs removed');
    },
    { firstMs: 60_000, everyMs: sweepEveryMs },
    (error) => app.log.warn({ err: error }, 'the storage sweep failed; the next one retries'),
  );
}
