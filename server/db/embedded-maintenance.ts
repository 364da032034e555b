import { sql, type RawBuilder } from 'kysely';
import { repeating, type RepeatingJob, type RepeatingTiming } from '../jobs/repeating';
import { embeddedActivity, type Db } from './database';

/** The tables a look vacuumed and those it analysed. */
export interface Maintained {
  readonly vacuumed: readonly string[];
  readonly analysed: readonly string[];
}

/**
 * The embedded PGlite runs no autovacuum: left alone, its tables would never be analysed (the planner then prices
 * every plan from guesses, a SWMS search several times slower than analysed) and the pages a review
 * changes would never be marked all-visible again (a page opened by its number then reads every row it skips; see
 * migration 029). So the one process that owns the folder does autovacuum's work itself: it looks at each table's
 * counts of changed rows and vacuums, and analyses, the tables autovacuum would, by the same rules and settings (the
 * server's thresholds, or a table's own, as migration 029 gives the SWMS table: 1,000 rows plus 1%), and a table never
 * vacuumed nor analysed (`reltuples` -1: new, or filled by a restore). PGlite forgets those counts when it closes, so
 * changes made before a restart that had not yet made a table due are not counted again; a table's statistics and
 * visibility map are kept in the folder.
 * Unlike autovacuum's, this work holds the one connection, so it gives way to the portal's requests: each table's
 * VACUUM and ANALYZE is a statement of its own that waits for a quiet moment (`Patience`), and requests waiting for the
 * connection go between them, each ANALYZE of a large table holding the connection for hundreds of milliseconds.
 * Without that, the look that a bulk review made due would run during the next review's batches and double its time.
 */
export async function maintainEmbedded(db: Db, patience: Patience = defaultPatience): Promise<Maintained> {
  const turn = quietTurns(db, patience);
  // The counts a session keeps are published at most once a second; this publishes the portal's own now.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ schema: string; table: string; vacuum: boolean; analyse: boolean }>`
    SELECT s.schemaname AS schema, s.relname AS table,
      c.reltuples < 0
        OR s.n_dead_tup > rule.vacuum_base + rule.vacuum_scale * greatest(c.reltuples, 0)
        OR s.n_ins_since_vacuum > rule.insert_base + rule.insert_scale * greatest(c.reltuples, 0) AS vacuum,
      c.reltuples < 0
        OR s.n_mod_since_analyze > rule.analyze_base + rule.analyze_scale * greatest(c.reltuples, 0) AS analyse
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
    ORDER BY s.schemaname, s.relname`.execute(db);
  const vacuumed: string[] = [];
  const analysed: string[] = [];
  for (const row of rows) {
    const table = sql.id(row.schema, row.table);
    if (row.vacuum) {
      if (!(await turn(sql`VACUUM ${table}`))) break;
      vacuumed.push(row.table);
    }
    if (row.analyse) {
      if (!(await turn(sql`ANALYZE ${table}`))) break;
      analysed.push(row.table);
    }
  }
  return { vacuumed, analysed };
}

/**
 * How long a look waits for the portal's requests. Each VACUUM and ANALYZE waits until no request has used the
 * database for `quietMs`, so that a burst (a bulk review's batches, a page's calls) finishes first; once the look has
 * waited `waitMs` in all, the rest run in turn with the requests, as a portal that is never quiet still needs them.
 * `stopping`: the portal is closing; the look ends before its next statement.
 */
export interface Patience {
  readonly quietMs: number;
  readonly waitMs: number;
  readonly stopping?: () => boolean;
}

export const defaultPatience: Patience = { quietMs: 250, waitMs: 10_000 };

/**
 * Runs a maintenance statement in its turn (`Patience`); answers false, having run nothing, once the portal is closing.
 * Quiet is any moment no one else has used the connection since this look's own last statement, or `quietMs` since
 * anyone did. On a database that is not the embedded one (a transaction's, in tests) statements run at once.
 */
function quietTurns(db: Db, patience: Patience): (statement: RawBuilder<unknown>) => Promise<boolean> {
  const activity = embeddedActivity(db);
  const giveUpAt = performance.now() + patience.waitMs;
  let releasesAfterMine: number | undefined;
  const quiet = () => {
    if (!activity) return true;
    const now = activity();
    return !now.busy && (now.releases === releasesAfterMine || now.quietMs >= patience.quietMs);
  };
  return async (statement) => {
    while (!quiet() && performance.now() < giveUpAt && !patience.stopping?.()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, patience.quietMs)));
    }
    if (patience.stopping?.()) return false;
    await statement.execute(db);
    releasesAfterMine = activity?.().releases;
    return true;
  };
}

/** A minute after the portal starts and then every minute; `report` hears of what was done and of a run that failed. */
export function scheduleEmbeddedMaintenance(
  db: Db,
  report: { readonly maintained: (done: Maintained) => void; readonly failed: (error: unknown) => void },
  timing: RepeatingTiming = { firstMs: 60_000, everyMs: 60_000 },
  patience: Patience = defaultPatience,
): RepeatingJob {
  let stopping = false;
  const job = repeating(
    async () => {
      const done = await maintainEmbedded(db, { ...patience, stopping: () => stopping });
      if (done.vacuumed.length + done.analysed.length > 0) report.maintained(done);
    },
    timing,
    report.failed,
  );
  return {
    run: job.run,
    stop: async () => {
      stopping = true;
      await job.stop();
    },
  };
}
