import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFromShell } from '../../server/cli';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { startAzurite } from '../../server/storage/azurite';
import { openBlobStore } from '../../server/storage/blob-store';
import { companyBody } from '../support/company-body';
import { freePort, runCliProcess, startPortal, type PortalProcess } from '../support/portal-process';
import { pgliteTemplate } from '../support/pglite-template';

// Issue 12 point 8: the embedded default's backup and restore, run as `npm run cli` runs them.
const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', AZURE_STORAGE_CONNECTION_STRING: '' });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface FolderState {
  /** Per table: its row count and a hash over every row's text. */
  readonly tables: Record<string, { rows: number; hash: string }>;
  /** Per blob: its content type and SHA-256. */
  readonly files: Record<string, { contentType: string | undefined; sha256: string }>;
}

async function databaseState(dataDir: string): Promise<FolderState['tables']> {
  const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const tables: FolderState['tables'] = {};
  try {
    const names = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(db);
    for (const { name } of names.rows) {
      const table = sql.table(name);
      const result = await sql<{ rows: number; hash: string | null }>`
        SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash FROM ${table} t`.execute(db);
      const [row] = result.rows;
      tables[name] = { rows: row?.rows ?? 0, hash: row?.hash ?? '' };
    }
  } finally {
    await db.destroy();
  }
  return tables;
}

async function blobState(dataDir: string): Promise<FolderState['files']> {
  const azurite = await startAzurite(path.join(dataDir, 'azurite'));
  const files: FolderState['files'] = {};
  try {
    const store = await openBlobStore(azurite.connectionString, { publicEndpoint: () => azurite.blobEndpoint });
    for await (const file of store.listFiles()) {
      const bytes = await store.readFile(file.fileKey);
      files[file.fileKey] = { contentType: file.contentType, sha256: sha256(bytes ?? Buffer.alloc(0)) };
    }
  } finally {
    await azurite.stop();
  }
  return files;
}

/** Everything the embedded database and blob store of a data folder hold, read straight from them. */
async function folderState(dataDir: string): Promise<FolderState> {
  const [tables, files] = await Promise.all([databaseState(dataDir), blobState(dataDir)]);
  return { tables, files };
}

/** `npm run cli` in this process: runFromShell is all its entry file runs (a few calls below go through the real entry). */
async function cli(args: readonly string[], dataDir: string) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const config = loadConfig({ ...embedded(dataDir), NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, { serveSpa: false });
  const code = await runFromShell(args, { out: (text) => stdout.push(`${text}\n`), err: (text) => stderr.push(`${text}\n`) }, config);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

interface Manifest {
  database: { rows: Record<string, number>; migrations: string[] };
  files: { count: number; bytes: number };
  members: { name: string; bytes: number; sha256: string }[];
}

const manifestOf = (archive: string): Manifest => JSON.parse(execFileSync('tar', ['-xOf', archive, 'manifest.json'], { encoding: 'utf8' }));

const rowCounts = (state: FolderState) => Object.fromEntries(Object.entries(state.tables).map(([table, { rows }]) => [table, rows]));

describe('npm run cli -- backup and restore (embedded database and blob store)', { timeout: 240_000 }, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const dataDir = path.join(work, 'data');
  const whileRunning = path.join(work, 'while-running.tar');
  const whileStopped = path.join(work, 'while-stopped.tar');
  const uploads = new Map<string, Buffer>();
  const companiesBeforeBackup: { id: string; name: string }[] = [];
  let portal: PortalProcess | undefined;
  let expected: FolderState;

  beforeAll(async () => {
    cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  });
  afterAll(async () => {
    await portal?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up through the running portal while it takes writes, and a restore is refused while it runs', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    portal = await startPortal({ ...embedded(dataDir), PORT: String(port), PUBLIC_URL: baseUrl, SEED_DEMO: 'true' });
    const issued = await cli(['token', 'super@sitesafe.demo'], dataDir);
    expect(issued.code).toBe(0);
    const headers = { authorization: `Bearer ${issued.stdout.trim()}`, 'content-type': 'application/json' };

    for (const size of [1, 100_000, 1_500_000]) {
      const response = await fetch(`${baseUrl}/api/file`, { method: 'POST', headers, body: JSON.stringify({ type: 'companyProfile', filename: `site-${size}.png` }) });
      expect(response.status).toBe(201);
      const { fileKey, url } = (await response.json()) as { fileKey: string; url: string };
      const bytes = randomBytes(size);
      const put = await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' }, body: bytes });
      expect(put.status).toBe(201);
      uploads.set(fileKey, bytes);
    }
    const createCompany = async () => {
      const body = companyBody();
      const response = await fetch(`${baseUrl}/api/company`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return { id: ((await response.json()) as { _id: string })._id, name: body.name };
    };
    for (let i = 0; i < 3; i += 1) companiesBeforeBackup.push(await createCompany());

    // Four writers keep committing companies (each with its audit event) until the backup is written.
    let backupDone = false;
    const writer = async () => {
      let written = 0;
      for (; !backupDone; written += 1) await createCompany();
      return written;
    };
    const writes = Promise.all([writer(), writer(), writer(), writer()]);
    const backup = await runCliProcess(['backup', path.relative(process.cwd(), whileRunning)], embedded(dataDir)).finally(() => (backupDone = true));
    const writtenDuringBackup = (await writes).reduce((sum, written) => sum + written, 0);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${whileRunning}`);
    expect(writtenDuringBackup).toBeGreaterThan(0);
    const manifest = manifestOf(whileRunning);
    expect(manifest.database.rows.companies).toBeGreaterThanOrEqual(2 + companiesBeforeBackup.length);
    expect(manifest.files.count).toBe(2 + uploads.size);
    expect(backup.stdout).toMatch(new RegExp(`companies\\s+${manifest.database.rows.companies}\\n`));
    expect(backup.stdout).toContain(`files:    ${manifest.files.count} files`);

    const refused = await cli(['restore', whileRunning, '--force'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The portal (pid ${portal.child.pid}) is running on ${dataDir}`);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    await portal.stop();
    portal = undefined;
  });

  it('backs up a stopped portal’s folder by opening it itself', async () => {
    expected = await folderState(dataDir);
    const backup = await cli(['backup', whileStopped], dataDir);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(manifestOf(whileStopped).database.rows).toEqual(rowCounts(expected));
    expect(Object.keys(expected.files)).toEqual(expect.arrayContaining([...uploads.keys()]));

    // docs/operations.md: the archive is mode 0600 and an existing file is never overwritten.
    expect(statSync(whileStopped).mode & 0o777).toBe(0o600);
    const written = sha256(readFileSync(whileStopped));
    const again = await cli(['backup', whileStopped], dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${whileStopped} already exists`);
    expect(sha256(readFileSync(whileStopped))).toBe(written);

    // A partial archive left behind with a looser mode is written afresh, not inherited.
    const besideLeftover = path.join(work, 'beside-leftover.tar');
    writeFileSync(`${besideLeftover}.partial`, 'left by an earlier run', { mode: 0o644 });
    const fresh = await cli(['backup', besideLeftover], dataDir);
    expect(fresh.stderr).toBe('');
    expect(statSync(besideLeftover).mode & 0o777).toBe(0o600);
    expect(existsSync(`${besideLeftover}.partial`)).toBe(false);
  });

  it('refuses a damaged or cut-short archive, saying so, and changes nothing', async () => {
    const archive = readFileSync(whileStopped);
    const [largest] = [...uploads.values()].sort((a, b) => b.length - a.length);
    const offset = archive.indexOf(largest!.subarray(0, 64));
    expect(offset).toBeGreaterThan(0);
    const damaged = Buffer.from(archive);
    damaged[offset + 1000] = (damaged[offset + 1000] ?? 0) ^ 0xff;
    writeFileSync(path.join(work, 'damaged.tar'), damaged);
    writeFileSync(path.join(work, 'cut.tar'), archive.subarray(0, Math.floor(archive.length * 0.6)));
    const target = path.join(work, 'untouched');

    const flipped = await cli(['restore', path.join(work, 'damaged.tar')], target);
    expect(flipped.code).toBe(1);
    expect(flipped.stderr).toContain('is not a usable portal backup');
    expect(flipped.stderr).toMatch(/files\/\S+ does not match its SHA-256 checksum in the manifest\. Nothing was changed\./);
    const cut = await cli(['restore', path.join(work, 'cut.tar')], target);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain('is not a usable portal backup');

    // An archive from a newer portal: its database carries a migration this code does not know.
    const unpacked = mkdtempSync(path.join(work, 'newer-'));
    execFileSync('tar', ['-xf', whileStopped, '-C', unpacked]);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    manifest.database.migrations.push('999_from_the_future.sql');
    writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    execFileSync('tar', ['-cf', path.join(work, 'newer.tar'), '-C', unpacked, 'manifest.json', 'database', 'files']);
    const newer = await cli(['restore', path.join(work, 'newer.tar')], target);
    expect(newer.code).toBe(1);
    expect(newer.stderr).toContain('was made by a newer portal');
    expect(newer.stderr).toContain('999_from_the_future.sql');
    expect(existsSync(target)).toBe(false);
  });

  it('restores into a wiped folder every record and every file, byte for byte', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const restore = await runCliProcess(['restore', whileStopped], embedded(dataDir));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${whileStopped}`);
    expect(restore.stdout).not.toContain('Replaced');

    const restored = await folderState(dataDir);
    expect(restored).toEqual(expected);
    const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const companies = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companiesBeforeBackup.map((company) => company.id)).execute();
      expect(companies).toEqual(expect.arrayContaining(companiesBeforeBackup));
      expect(await db.selectFrom('users').select('email').where('email', '=', 'super@sitesafe.demo').executeTakeFirst()).toBeDefined();
      expect(await db.selectFrom('files').select('file_key').where('file_key', 'in', [...uploads.keys()]).execute()).toHaveLength(uploads.size);
    } finally {
      await db.destroy();
    }
    for (const [fileKey, bytes] of uploads) expect(restored.files[fileKey]?.sha256).toBe(sha256(bytes));
  });

  it('names what a restore would replace and needs --force; the archive made under writes restores whole', async () => {
    const refused = await cli(['restore', whileRunning], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${dataDir} already holds data:`);
    expect(refused.stderr).toContain(`companies ${expected.tables.companies?.rows.toLocaleString('en-AU')}`);
    expect(refused.stderr).toContain(`${Object.keys(expected.files).length} files`);
    expect(refused.stderr).toContain('--force');
    expect(await folderState(dataDir)).toEqual(expected);

    const forced = await cli(['restore', '--force', whileRunning], dataDir);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`Replaced what ${dataDir} held:`);
    const manifest = manifestOf(whileRunning);
    const restored = await folderState(dataDir);
    expect(rowCounts(restored)).toEqual(manifest.database.rows);
    expect(Object.keys(restored.files)).toHaveLength(manifest.files.count);
    for (const [fileKey, bytes] of uploads) expect(restored.files[fileKey]?.sha256).toBe(sha256(bytes));
    const verified = await cli(['audit', 'verify'], dataDir);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
  });
});
