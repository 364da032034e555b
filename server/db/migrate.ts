import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies each numbered SQL migration not yet recorded, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const files = readdirSync(migrationsDir).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
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
