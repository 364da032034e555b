import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { startAzurite } from '../storage/azurite';
import { openBlobStore } from '../storage/blob-store';
import { countRowsPerTable } from './table-counts';

export interface FolderContents {
  /** Rows per table; null when a database is there but could not be opened. */
  readonly rows: Record<string, number> | null;
  readonly files: { readonly count: number; readonly bytes: number };
}

export const databaseFolder = (dataDir: string) => path.join(dataDir, 'pglite');
export const blobFolder = (dataDir: string) => path.join(dataDir, 'azurite');

async function countDatabaseRows(folder: string): Promise<Record<string, number>> {
  const db = await openDatabase({ dataDir: folder });
  try {
    return await countRowsPerTable(db);
  } finally {
    await db.destroy();
  }
}

async function countBlobs(folder: string): Promise<{ count: number; bytes: number }> {
  const azurite = await startAzurite(folder);
  try {
    const store = await openBlobStore(azurite.connectionString, { publicEndpoint: () => azurite.blobEndpoint });
    let count = 0;
    let bytes = 0;
    for await (const file of store.listFiles()) {
      count += 1;
      bytes += file.bytes;
    }
    return { count, bytes };
  } finally {
    await azurite.stop();
  }
}

/** What the embedded database and blob store under dataDir hold now (the restore says what it replaces). */
export async function folderContents(dataDir: string): Promise<FolderContents> {
  const database = databaseFolder(dataDir);
  const blobs = blobFolder(dataDir);
  const [rows, files] = await Promise.all([
    existsSync(path.join(database, 'PG_VERSION')) ? countDatabaseRows(database).catch(() => null) : {},
    existsSync(blobs) ? countBlobs(blobs) : { count: 0, bytes: 0 },
  ]);
  return { rows, files };
}

/** Whether anything would be lost: a row beyond the migration record, a file, or a database that could not be read. */
export function holdsData(contents: FolderContents): boolean {
  if (contents.rows === null || contents.files.count > 0) return true;
  return Object.entries(contents.rows).some(([table, rows]) => table !== 'schema_migrations' && rows > 0);
}
