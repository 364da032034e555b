import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Rows in each table of the public schema, by table name in alphabetical order. */
export async function countRowsPerTable(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const counted = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM ${sql.table(name)}`.execute(db);
    counts[name] = counted.rows[0]?.rows ?? 0;
  }
  return counts;
}

/** The migrations applied to the database, oldest first; none before the first start. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const present = await sql<{ table: string | null }>`SELECT to_regclass('public.schema_migrations')::text AS table`.execute(db);
  if (!present.rows[0]?.table) return [];
  const applied = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(db);
  return applied.rows.map((row) => row.name);
}

export const totalRows = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((sum, rows) => sum + rows, 0);
