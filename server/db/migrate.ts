import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const functionsDir = fileURLToPath(new URL('./functions/', import.meta.url));

/**
 * The last numbered migration that writes functions itself. The files of server/db/functions are applied once the
 * migrations up to it have run and before any later one, so a later migration can attach a trigger to a function
 * a file added, or fill a column through a function a file changed.
 */
export const lastMigrationWithFunctions = '041_site_search_in_one_query.sql';

// Any fixed number: instances starting together on one PostgreSQL take turns to migrate.
const migrationLockKey = 7_340_217;

/**
 * Applies each numbered SQL migration not yet recorded, each in its own transaction, and every function's current
 * definition from server/db/functions in one transaction (see `lastMigrationWithFunctions`). The connection's statement
 * timeout is off meanwhile: a migration may build an index over a million rows, and another instance waits for the
 * lock as long as that takes. It is the connection's own again after.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    const reset = () => sql`RESET statement_timeout`.execute(connection);
    let applied: string[];
    try {
      await sql`SELECT pg_advisory_lock(${migrationLockKey})`.execute(connection);
      try {
        applied = await applyPending(connection);
      } finally {
        await sql`SELECT pg_advisory_unlock(${migrationLockKey})`.execute(connection);
      }
    } catch (error) {
      // The migration's own failure is the one to report, not a lost connection's on the way out.
      await reset().catch(() => undefined);
      throw error;
    }
    await reset();
    return applied;
  });
}

/** The migrations this code carries, oldest first. */
export function knownMigrations(): string[] {
  return readdirSync(migrationsDir).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
}

/** The files of server/db/functions, each the current definition of a function the schema keeps, in the order applied. */
export function knownFunctionFiles(): string[] {
  return readdirSync(functionsDir).filter((name) => name.endsWith('.sql')).sort();
}

/** The SQL of one file of server/db/functions. */
export function functionFileText(name: string): string {
  return readFileSync(functionsDir + name, 'utf8');
}

async function applyPending(db: Db): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const files = knownMigrations();
  const applied: string[] = [];
  for (const name of files.filter((file) => file <= lastMigrationWithFunctions)) await applyMigration(db, name, applied);
  await applyFunctions(db);
  for (const name of files.filter((file) => file > lastMigrationWithFunctions)) await applyMigration(db, name, applied);
  return applied;
}

async function applyMigration(db: Db, name: string, applied: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE schema_migrations IN EXCLUSIVE MODE`.execute(trx);
    const done = await sql<{ name: string }>`SELECT name FROM schema_migrations WHERE name = ${name}`.execute(trx);
    if (done.rows.length > 0) return;
    await sql.raw(readFileSync(migrationsDir + name, 'utf8')).execute(trx);
    await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(trx);
    applied.push(name);
  });
}

/**
 * `CREATE OR REPLACE` each function as its file defines it: on a database that has them already, the same
 * definitions again. Bodies are checked when called, not here, as in a restore: a function may read a column
 * that a migration after `lastMigrationWithFunctions` adds.
 */
async function applyFunctions(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE schema_migrations IN EXCLUSIVE MODE`.execute(trx);
    await sql`SET LOCAL check_function_bodies = off`.execute(trx);
    for (const name of knownFunctionFiles()) await sql.raw(functionFileText(name)).execute(trx);
  });
}
