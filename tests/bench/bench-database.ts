import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/database';

/** A benchmark's database: a fresh PostgreSQL database on the server, or an embedded PGlite folder, and the portal's settings for it. */
export interface BenchDatabase {
  /** What the portal process is started with to use it. */
  readonly env: Record<string, string>;
  /** Open for seeding; an embedded folder has one owner at a time, so close it before the portal starts (`reopen` after). */
  db: Db;
  /** The embedded folder; undefined on PostgreSQL. */
  readonly dataDir: string | undefined;
  reopen(): Promise<Db>;
  /** Drops the PostgreSQL database (unless kept) or removes the embedded folder. */
  remove(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: a database named `name` on `serverUrl`'s server, created unless `reuse` (a kept one). PGlite: a folder
 * of its own in the temporary directory, named after `name`.
 */
export async function benchDatabase(kind: 'postgres' | 'pglite', options: { readonly serverUrl: string; readonly publicUrl: string; readonly name: string; readonly reuse?: boolean }): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    if (!options.reuse) await onServer(options.serverUrl, `CREATE DATABASE ${options.name}`);
    const url = Object.assign(new URL(options.serverUrl), { pathname: `/${options.name}` }).href;
    const opened: BenchDatabase = {
      env: { DATABASE_URL: url, PUBLIC_URL: options.publicUrl },
      db: await openDatabase({ url, dataDir: '' }),
      dataDir: undefined,
      reopen: async () => (opened.db = await openDatabase({ url, dataDir: '' })),
      remove: () => onServer(options.serverUrl, `DROP DATABASE IF EXISTS ${options.name} WITH (FORCE)`),
    };
    return opened;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.name.replace(/_\d+$/, '').replace(/_/g, '-')}-`));
  const opened: BenchDatabase = {
    env: { DATA_DIR: dataDir, PUBLIC_URL: options.publicUrl },
    db: await openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    dataDir,
    reopen: async () => (opened.db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') })),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
  return opened;
}
