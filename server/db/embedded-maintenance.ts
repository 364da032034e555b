import { sql } from 'kysely';
import { repeating, type RepeatingJob, type RepeatingTiming } from '../jobs/repeating';
import type { Db } from './database';

/**
 * The embedded PGlite runs no autovacuum: left alone, its tables would never be analysed (the planner then prices
 * every plan from guesses: a SWMS search of 100,000 took 21 ms a call against 5.5 analysed) and the pages a review
 * changes would never be marked all-visible again (a page opened by its number then reads every row it skips; see
 * migration 029). So the one process that owns the folder does autovacuum's work itself: once a minute it looks at
 * each table's counts of changed rows and vacuums and analyses the tables autovacuum would, by the same rule and
 * settings (the server's thresholds, or a table's own, as migration 029 gives the SWMS table: 1,000 rows plus 1%).
 * PGlite forgets those counts when it closes, so a table not vacuumed and analysed since the folder was opened is
 * due as well: the first look vacuums and analyses every table. Each run waits its turn on the one connection like
 * any request; a vacuum reads only the pages changed since the last one, and an analysis samples at most 30,000 rows.
 * Answers the tables it vacuumed and analysed.
 */
export async function maintainEmbedded(db: Db): Promise<string[]> {
  // The counts a session keeps are published at most once a second; this publishes the portal's own now.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ schema: string; table: string }>`
    SELECT s.schemaname AS schema, s.relname AS table
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
    CROSS JOIN LATERAL (
      SELECT
        coalesce(max(CASE WHEN name = 'autovacuum_vacuum_threshold' THEN value::float8 END), current_setting('autovacuum_vacuum_threshold')::float8) AS vacuum_base,
        coalesce(max(CASE WHEN name = 'autovacuum_vacuum_scale_factor' THEN value::float8 END), current_setting('autovacuum_vacuum_scale_factor')::float8) AS vacuum_scale,
        coalesce(max(CASE WHEN name = 'autovacuum_vacuum_insert_threshold' THEN value::float8 END), current_setting('autovacuum_vacuum_insert_threshold')::float8) AS insert_base,
        coalesce(max(CASE WHEN name = 'autovacuum_vacuum_insert_scale_factor' THEN value::float8 END), current_setting('autovacuum_vacuum_insert_scale_factor')::float8) AS insert_scale,
        coalesce(max(CASE WHEN name = 'autovacuum_analyze_threshold' THEN value::float8 END), current_setting('autovacuum_analyze_threshold')::float8) AS analyze_base,
        coalesce(max(CASE WHEN name = 'autovacuum_analyze_scale_factor' THEN value::float8 END), current_setting('autovacuum_analyze_scale_factor')::float8) AS analyze_scale
      FROM (SELECT split_part(option, '=', 1) AS name, split_part(option, '=', 2) AS value FROM unnest(c.reloptions) AS option) AS options
    ) AS rule
    WHERE s.last_vacuum IS NULL
       OR s.last_analyze IS NULL
       OR s.n_dead_tup > rule.vacuum_base + rule.vacuum_scale * greatest(c.reltuples, 0)
       OR s.n_ins_since_vacuum > rule.insert_base + rule.insert_scale * greatest(c.reltuples, 0)
       OR s.n_mod_since_analyze > rule.analyze_base + rule.analyze_scale * greatest(c.reltuples, 0)
    ORDER BY s.schemaname, s.relname`.execute(db);
  if (rows.length === 0) return [];
  await sql`VACUUM (ANALYZE) ${sql.join(rows.map((row) => sql.id(row.schema, row.table)))}`.execute(db);
  return rows.map((row) => row.table);
}

/** A minute after the portal starts and then every minute; `report` hears of what was done and of a run that failed. */
export function scheduleEmbeddedMaintenance(
  db: Db,
  report: { readonly maintained: (tables: string[]) => void; readonly failed: (error: unknown) => void },
  timing: RepeatingTiming = { firstMs: 60_000, everyMs: 60_000 },
): RepeatingJob {
  return repeating(
    async () => {
      const tables = await maintainEmbedded(db);
      if (tables.length > 0) report.maintained(tables);
    },
    timing,
    report.failed,
  );
}
