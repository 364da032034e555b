import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { scheduleEmbeddedMaintenance } from '../../server/db/embedded-maintenance';
import { migrate } from '../../server/db/migrate';

/** PGlite runs no autovacuum: the portal that owns the folder vacuums and analyses it on a schedule. */
describe('the embedded database is vacuumed and analysed by its owner', () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-maintenance-'));
    db = await openDatabase({ dataDir });
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const runs = async () => {
    const { rows } = await sql<{ vacuums: number | string; analyses: number | string }>`
      SELECT vacuum_count AS vacuums, analyze_count AS analyses FROM pg_stat_user_tables WHERE relname = 'swms'`.execute(db);
    return { vacuums: Number(rows[0]?.vacuums ?? 0), analyses: Number(rows[0]?.analyses ?? 0) };
  };

  it('runs a first time after its delay, then at each interval, and no more once stopped', async () => {
    expect(await runs()).toEqual({ vacuums: 0, analyses: 0 });
    const failures: unknown[] = [];
    // The first run comes after its delay, not after an interval (a minute here).
    const first = scheduleEmbeddedMaintenance(db, (error) => failures.push(error), { firstMs: 20, everyMs: 60_000 });
    await expect.poll(runs, { timeout: 10_000, interval: 25 }).toEqual({ vacuums: 1, analyses: 1 });
    await first.stop();
    // Then one at each interval.
    const schedule = scheduleEmbeddedMaintenance(db, (error) => failures.push(error), { firstMs: 20, everyMs: 100 });
    await expect.poll(async () => (await runs()).vacuums, { timeout: 10_000, interval: 25 }).toBeGreaterThanOrEqual(4);
    await schedule.stop(); // a run under way when stopped finishes first
    const stopped = await runs();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runs()).toEqual(stopped);
    expect(failures).toEqual([]);
  });

  it('reports a run that fails and keeps to its schedule', async () => {
    // Inside a transaction PostgreSQL refuses to VACUUM: every run fails.
    const failures: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      const schedule = scheduleEmbeddedMaintenance(trx, (error) => failures.push(error), { firstMs: 10, everyMs: 40 });
      await expect.poll(() => failures.length, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(2);
      await schedule.stop();
    });
    expect(String(failures[0])).toMatch(/VACUUM cannot run inside a transaction block/);
  });
});
