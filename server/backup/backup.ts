import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import { embeddedPglite } from '../db/database';
import { sha256, writeArchive, type ArchiveEntry } from './archive';
import { FileStaging } from './file-staging';
import {
  backupFormat,
  backupFormatVersion,
  databaseMemberName,
  filesPrefix,
  manifestMemberName,
  type ArchiveMember,
  type BackupManifest,
} from './manifest';
import { embeddedOnly } from './messages';
import { appliedMigrations, countRowsPerTable } from './table-counts';

export interface BackupSummary {
  readonly file: string;
  readonly archiveBytes: number;
  readonly manifest: BackupManifest;
  readonly elapsedMs: number;
}

interface DatabaseSnapshot {
  readonly rows: Record<string, number>;
  readonly migrations: string[];
  readonly tarball: Uint8Array;
}

/**
 * Copies the files, then holds the embedded database's one connection (no transaction is half done,
 * none can start) while it counts the rows, catches up with files written meanwhile and dumps the
 * data folder. The archive so holds exactly the files that existed when the database was dumped.
 */
async function snapshot(app: FastifyInstance, files: FileStaging): Promise<DatabaseSnapshot> {
  const pglite = embeddedPglite(app.db);
  if (!pglite) throw new Error(embeddedOnly);
  await files.catchUp(app.storage);
  return app.db.connection().execute(async (held) => {
    const rows = await countRowsPerTable(held);
    const migrations = await appliedMigrations(held);
    await files.catchUp(app.storage);
    await pglite.exec('CHECKPOINT');
    const tarball = await pglite.dumpDataDir('none');
    return { rows, migrations, tarball: new Uint8Array(await tarball.arrayBuffer()) };
  });
}

/** `npm run cli -- backup <file>`: the embedded database and every blob in one tar with a manifest. */
export async function writeBackup(app: FastifyInstance, file: string): Promise<BackupSummary> {
  const started = Date.now();
  if (app.config.databaseUrl || app.config.azureStorageConnectionString) throw new Error(embeddedOnly);
  if (existsSync(file)) throw new Error(`${file} already exists: choose another name, or remove it first`);
  await mkdir(path.dirname(file), { recursive: true });
  const stagingFolder = await mkdtemp(path.join(path.dirname(file), `.${path.basename(file)}-files-`));
  try {
    const files = new FileStaging(stagingFolder);
    const database = await snapshot(app, files);
    // Mostly empty WAL pages: the fastest level packs them nearly as small as the default, in a quarter of the time.
    const compressed = await promisify(gzip)(database.tarball, { level: 1 });
    const staged = files.files();
    const members: ArchiveMember[] = [
      { name: databaseMemberName, bytes: compressed.byteLength, sha256: sha256(compressed) },
      ...staged.map((file) => ({ name: filesPrefix + file.fileKey, bytes: file.bytes, sha256: file.sha256, contentType: file.contentType })),
    ];
    const manifest: BackupManifest = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      createdAt: new Date().toISOString(),
      appVersion: packageJson.version,
      database: { migrations: database.migrations, rows: database.rows },
      files: { count: staged.length, bytes: staged.reduce((sum, file) => sum + file.bytes, 0) },
      members,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const entries: ArchiveEntry[] = [
      { name: manifestMemberName, bytes: manifestBytes.byteLength, body: manifestBytes },
      { name: databaseMemberName, bytes: compressed.byteLength, body: compressed },
      ...staged.map((file) => ({ name: filesPrefix + file.fileKey, bytes: file.bytes, body: { path: file.path } })),
    ];
    const archiveBytes = await writeArchive(file, entries);
    return { file, archiveBytes, manifest, elapsedMs: Date.now() - started };
  } finally {
    await rm(stagingFolder, { recursive: true, force: true });
  }
}
