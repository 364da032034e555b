import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The embedded PGlite runs no autovacuum: left alone, its tables would never be analysed (the planner then prices
 * every plan from guesses: a SWMS search of 100,000 took 21 ms a call against 5.5 analysed) and the pages a review
 * changes would never be marked all-visible again (a page opened by its number then reads every row it skips; see
 * migration 029). So the one process that owns the folder vacuums and analyses it itself, a minute after it starts
 * and then every hour. A vacuum reads only the pages changed since the last one, and an analysis samples at most
 * 30,000 rows a table, so each is short; it waits its turn on the one connection like any request.
 */
export async function maintainEmbedded(db: Db): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(db);
}

export interface MaintenanceSchedule {
  /** No run starts after this; resolves once a run under way has ended, so the database can then be closed. */
  stop(): Promise<void>;
}

/**
 * Runs `maintainEmbedded` after `firstMs` and then every `everyMs`, one run at a time (as the review digest and the
 * midnight check-out run theirs); a failed run is reported and the next one still runs.
 */
export function scheduleEmbeddedMaintenance(
  db: Db,
  report: (error: unknown) => void,
  timing: { readonly firstMs: number; readonly everyMs: number } = { firstMs: 60_000, everyMs: 3_600_000 },
): MaintenanceSchedule {
  let every: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= maintainEmbedded(db)
      .catch(report)
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(() => {
    run();
    every = setInterval(run, timing.everyMs).unref();
  }, timing.firstMs).unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
