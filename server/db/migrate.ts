import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any fixed number: instances starting together on one PostgreSQL take turns to migrate.
const migrationLockKey = 7_340_217;

/**
 * Applies each numbered SQL migration not yet recorded, each in its own transaction. The connection's statement
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

async function applyPending(db: Db): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const files = knownMigrations();
  const applied: string[] = [];
  for (const name of files) {
    await db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE schema_migrations IN EXCLUSIVE MODE`.execute(trx);
      const done = await sql<{ name: string }>`SELECT name FROM schema_migrations WHERE name = ${name}`.execute(trx);
      if (done.rows.length > 0) return;
      await sql.raw(readFileSync(migrationsDir + name, 'utf8')).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(trx);
      applied.push(name);
    });
  }
  return applied;
}
