import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { AppConfig } from '../config';
import { claimDataDir, DataDirBusyError, liveOwner } from '../data-dir/owner-lock';
import { pgliteExtensions } from '../db/database';
import { pglitePool } from '../db/pglite-pool';
import type { Database } from '../db/tables';
import { startAzurite } from '../storage/azurite';
import { openBlobStore } from '../storage/blob-store';
import { collect, readArchive } from './archive';
import { blobFolder, databaseFolder, folderContents, holdsData, type FolderContents } from './folder-contents';
import { knownMigrations } from '../db/migrate';
import { databaseMemberName, filesPrefix, manifestMemberName, type BackupManifest } from './manifest';
import { describeContents, embeddedOnly, portalRunning } from './messages';
import { countRowsPerTable } from './table-counts';
import { verifyArchive } from './verify-archive';

export interface RestoreSummary {
  readonly manifest: BackupManifest;
  /** What the folder held before, when anything. */
  readonly replaced: FolderContents | undefined;
}

interface Loaded {
  readonly rows: Record<string, number>;
  readonly files: { readonly count: number; readonly bytes: number };
}

async function loadDatabase(folder: string, compressed: Uint8Array): Promise<Record<string, number>> {
  const pglite = await PGlite.create(folder, { loadDataDir: new Blob([await promisify(gunzip)(compressed)]), extensions: pgliteExtensions });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) as never }) });
  try {
    return await countRowsPerTable(db);
  } finally {
    await db.destroy();
  }
}

/** Loads the database and the files into empty folders and counts what they then hold. */
async function loadMembers(file: string, manifest: BackupManifest, database: string, blobs: string): Promise<Loaded> {
  const contentTypes = new Map(manifest.members.map((member) => [member.name, member.contentType ?? 'application/octet-stream']));
  const azurite = await startAzurite(blobs);
  try {
    const store = await openBlobStore(azurite.connectionString, { publicEndpoint: () => azurite.blobEndpoint });
    let rows: Record<string, number> = {};
    for await (const member of readArchive(file)) {
      if (member.name === manifestMemberName) continue;
      const bytes = await collect(member.body);
      if (member.name === databaseMemberName) rows = await loadDatabase(database, bytes);
      else await store.putFile(member.name.slice(filesPrefix.length), bytes, contentTypes.get(member.name) ?? 'application/octet-stream');
    }
    const files = { count: 0, bytes: 0 };
    for await (const stored of store.listFiles()) {
      files.count += 1;
      files.bytes += stored.bytes;
    }
    return { rows, files };
  } finally {
    await azurite.stop();
  }
}

function checkLoaded(manifest: BackupManifest, { rows, files }: Loaded): void {
  const differing = Object.keys({ ...rows, ...manifest.database.rows }).filter((table) => rows[table] !== manifest.database.rows[table]);
  if (differing.length > 0) throw new Error(`The restored database does not hold the rows the manifest lists (${differing.join(', ')}); nothing was replaced`);
  if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes) {
    throw new Error(`The restored blob store holds ${files.count} files, the manifest lists ${manifest.files.count}; nothing was replaced`);
  }
}

/** Puts the loaded folders in place of the live ones, then removes what they replaced. */
async function swapIn(live: string, loaded: string): Promise<void> {
  const replaced = `${live}.replaced`;
  await rm(replaced, { recursive: true, force: true });
  if (existsSync(live)) await rename(live, replaced);
  await rename(loaded, live);
  await rm(replaced, { recursive: true, force: true });
}

function claim(dataDir: string) {
  try {
    return claimDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirBusyError) throw new Error(portalRunning(dataDir, error.ownerPid));
    throw error;
  }
}

/**
 * An archive from an older portal is fine: its missing migrations run at the next start. One from a
 * newer portal holds tables this code does not know, so it is refused before anything is touched.
 */
function refuseNewerSchema(file: string, manifest: BackupManifest): void {
  const known = new Set(knownMigrations());
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  throw new Error(
    `${file} was made by a newer portal (version ${manifest.appVersion}): its database has migrations this portal does not know (${unknown.join(', ')}).\n` +
      'Upgrade this portal to that version or later, then restore it. Nothing was changed.',
  );
}

/**
 * `npm run cli -- restore <file> [--force]`: checks every checksum first, refuses while a portal owns
 * the folder and, without --force, when the folder holds data; loads the archive beside the live
 * folders, checks the counts, then swaps the database and blob store in.
 */
export async function restoreBackup(config: AppConfig, file: string, force: boolean): Promise<RestoreSummary> {
  if (config.databaseUrl || config.azureStorageConnectionString) throw new Error(embeddedOnly);
  const owner = liveOwner(config.dataDir);
  if (owner !== undefined) throw new Error(portalRunning(config.dataDir, owner));
  const manifest = await verifyArchive(file);
  refuseNewerSchema(file, manifest);
  const lock = claim(config.dataDir);
  const database = `${databaseFolder(config.dataDir)}.restoring`;
  const blobs = `${blobFolder(config.dataDir)}.restoring`;
  try {
    const before = await folderContents(config.dataDir);
    const replaced = holdsData(before) ? before : undefined;
    if (replaced && !force) {
      throw new Error(
        `${config.dataDir} already holds data: ${describeContents(replaced)}.\n` +
          'The restore would replace all of it. Run it again with --force to replace it.',
      );
    }
    await Promise.all([rm(database, { recursive: true, force: true }), rm(blobs, { recursive: true, force: true })]);
    checkLoaded(manifest, await loadMembers(file, manifest, database, blobs));
    await swapIn(databaseFolder(config.dataDir), database);
    await swapIn(blobFolder(config.dataDir), blobs);
    return { manifest, replaced };
  } finally {
    await Promise.all([rm(database, { recursive: true, force: true }), rm(blobs, { recursive: true, force: true })]);
    lock.release();
  }
}
