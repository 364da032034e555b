import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { functionFileText, knownFunctionFiles, knownMigrations, lastMigrationWithFunctions, migrate } from '../../server/db/migrate';
import type { Database } from '../../server/db/tables';
import { describeOnPostgres } from '../support/on-postgres';
import { pgliteTemplate } from '../support/pglite-template';
import { freshDatabase } from './test-app';

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));

/**
 * Functions whose file defines them otherwise than the numbered migrations up to `lastMigrationWithFunctions` left
 * them: a file's function changed on purpose is named here, so that no other file can change one by a slip.
 */
const changedSinceMigrations: readonly string[] = [
  // Issue 57: a flag with changes requested leaves the For Review queue and its pending counters for its changes counters.
  'apply_swms_count_changes',
  'swms_counted_delete',
  'swms_counted_insert',
  'swms_counted_update',
  'swms_queue_insert',
  'swms_queue_update',
];

interface Defined {
  readonly name: string;
  readonly oid: number;
  readonly definition: string;
}

/** The functions of the schema, as PostgreSQL prints them; an extension's own (pg_trgm's, btree_gin's) are not the portal's. */
async function definedFunctions(db: Db | Transaction<Database>): Promise<Defined[]> {
  const { rows } = await sql<Defined>`
    SELECT p.proname::text AS name, p.oid::int AS oid, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    ORDER BY 1, pg_get_function_identity_arguments(p.oid)`.execute(db);
  return rows;
}

/** A definition with each run of white space as one space: a file's indentation is its own. */
const normalized = (definition: string) => definition.replace(/\s+/g, ' ').trim();

const byName = (functions: readonly Defined[]) => Object.fromEntries(functions.map((fn) => [fn.name, normalized(fn.definition)]));

/** What applying every file in one transaction, then undoing it, would leave each function as; bodies are checked against the schema. */
async function asTheFilesDefine(db: Db): Promise<Defined[]> {
  let after: Defined[] = [];
  const undo = new Error('undo');
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`SET LOCAL check_function_bodies = on`.execute(trx);
      for (const name of knownFunctionFiles()) await sql.raw(functionFileText(name)).execute(trx);
      after = await definedFunctions(trx);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  return after;
}

/** The SQL of a file without its comment lines. */
const statements = (text: string) => text.replace(/--[^\n]*/g, '');

interface Backend {
  /** A database the migrator has brought up to date. */
  migrated(): Promise<{ db: Db; close: () => Promise<void> }>;
  /** A database with nothing in it yet. */
  empty(): Promise<{ db: Db; close: () => Promise<void> }>;
}

const pglite: Backend = {
  async migrated() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-functions-'));
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const db = await openDatabase({ dataDir });
    const close = async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { db, close };
  },
  async empty() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-functions-'));
    const db = await openDatabase({ dataDir });
    const close = async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { db, close };
  },
};

const postgres: Backend = {
  async migrated() {
    const opened = await this.empty();
    await migrate(opened.db);
    return opened;
  },
  async empty() {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL ?? '');
    const db = await openDatabase({ url: database.url, dataDir: '' });
    const close = async () => {
      await db.destroy();
      await database.drop();
    };
    return { db, close };
  },
};

describe('the files of server/db/functions', () => {
  it('each define one function, the one the file is named after, and nothing else', () => {
    expect(knownFunctionFiles().length).toBeGreaterThan(0);
    for (const file of knownFunctionFiles()) {
      const text = statements(functionFileText(file));
      const created = [...text.matchAll(/\bCREATE\s+OR\s+REPLACE\s+FUNCTION\s+(\w+)\s*\(/gi)].map((match) => match[1]);
      expect(created, file).toEqual([file.replace(/\.sql$/, '')]);
      // One statement: outside its quoted body, the only semicolon is the one that ends it.
      const outsideQuotes = text.replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '').replace(/'(?:[^']|'')*'/g, '').trim();
      expect(outsideQuotes.startsWith('CREATE OR REPLACE FUNCTION'), file).toBe(true);
      expect(outsideQuotes.indexOf(';'), file).toBe(outsideQuotes.length - 1);
      expect(functionFileText(file).split('\n')[0], `${file} opens with a comment saying what the function is for`).toMatch(/^-- \S/);
    }
  });

  it('are the only place a function is written once the migrations up to the files are done', () => {
    const later = knownMigrations().filter((name) => name > lastMigrationWithFunctions);
    for (const name of later) {
      expect(statements(readFileSync(migrationsDir + name, 'utf8')), `${name} creates or replaces a function: write it in server/db/functions`).not.toMatch(
        /\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE)\b/i,
      );
    }
    expect(knownMigrations()).toContain(lastMigrationWithFunctions);
  });
});

function functionsOn(backend: Backend) {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await backend.migrated());
  }, 120_000);
  afterAll(async () => close());

  it('leaves in a migrated database exactly the functions the files define', async () => {
    const names = (await definedFunctions(db)).map((fn) => fn.name);
    expect(names).toEqual(knownFunctionFiles().map((file) => file.replace(/\.sql$/, '')));
  });

  it('leaves each function as its file defines it', async () => {
    const inDatabase = await definedFunctions(db);
    expect(byName(await asTheFilesDefine(db))).toEqual(byName(inDatabase));
  });

  it('changes no function when the migrator runs again', async () => {
    const before = await definedFunctions(db);
    const triggers = async () =>
      (await sql<{ name: string; fn: number }>`SELECT tgname::text AS name, tgfoid::int AS fn FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`.execute(db)).rows;
    const attached = await triggers();
    expect(await migrate(db)).toEqual([]);
    expect(await definedFunctions(db)).toEqual(before);
    expect(await triggers()).toEqual(attached);
  });

  it('define each function as the numbered migrations up to the files left it, unless it changed since', async () => {
    const { db: historical, close: closeHistorical } = await backend.empty();
    try {
      for (const name of knownMigrations().filter((file) => file <= lastMigrationWithFunctions)) {
        await historical.transaction().execute((trx) => sql.raw(readFileSync(migrationsDir + name, 'utf8')).execute(trx));
      }
      const left = byName(await definedFunctions(historical));
      const defined = byName(await asTheFilesDefine(historical));
      for (const name of changedSinceMigrations) expect(defined[name], `${name} is named as changed but has no file`).toBeDefined();
      const unchanged = (functions: Record<string, string>) =>
        Object.fromEntries(Object.entries(functions).filter(([name]) => name in left && !changedSinceMigrations.includes(name)));
      expect(unchanged(defined)).toEqual(unchanged(left));
    } finally {
      await closeHistorical();
    }
  }, 120_000);
}

describe('database functions on PGlite', () => functionsOn(pglite));
describeOnPostgres('database functions on PostgreSQL', () => functionsOn(postgres));
