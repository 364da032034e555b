import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { maintainEmbedded, scheduleEmbeddedMaintenance, type Maintained, type Patience } from '../../server/db/embedded-maintenance';
import { migrate } from '../../server/db/migrate';

/** PGlite runs no autovacuum: the portal that owns the folder does its work, by its rule, once a minute. */
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

  const runs = async (table: string) => {
    const { rows } = await sql<{ vacuums: number | string; analyses: number | string }>`
      SELECT vacuum_count AS vacuums, analyze_count AS analyses FROM pg_stat_user_tables WHERE relname = ${table}`.execute(db);
    return { vacuums: Number(rows[0]?.vacuums ?? 0), analyses: Number(rows[0]?.analyses ?? 0) };
  };
  const insert = (table: string, from: number, count: number) =>
    sql`INSERT INTO ${sql.table(table)} SELECT g FROM generate_series(${from}::int, ${from + count - 1}::int) AS g`.execute(db);

  const nothing: Maintained = { vacuumed: [], analysed: [] };

  it('the first look vacuums and analyses every table; with nothing changed, the next does nothing', async () => {
    const failures: unknown[] = [];
    const maintained: Maintained[] = [];
    // No patience here: the test's own polling would be requests it waits for.
    const schedule = scheduleEmbeddedMaintenance(db, { maintained: (done) => maintained.push(done), failed: (error) => failures.push(error) }, { firstMs: 20, everyMs: 100 }, { quietMs: 100, waitMs: 0 });
    await expect.poll(() => runs('swms'), { timeout: 10_000, interval: 25 }).toEqual({ vacuums: 1, analyses: 1 });
    await new Promise((resolve) => setTimeout(resolve, 350)); // three more looks
    await schedule.stop();
    expect(await runs('swms')).toEqual({ vacuums: 1, analyses: 1 });
    expect(maintained).toHaveLength(1);
    const every = ['swms', 'project_sites', 'companies', 'users', 'audit_events'];
    expect(maintained[0]).toEqual({ vacuumed: expect.arrayContaining(every), analysed: expect.arrayContaining(every) });
    expect(failures).toEqual([]);
    expect(await maintainEmbedded(db)).toEqual(nothing);
  });

  it("follows autovacuum's rule: a table's own thresholds (migration 029's for the SWMS), or the server's", async () => {
    const { rows } = await sql<{ options: string[] }>`SELECT reloptions AS options FROM pg_class WHERE relname = 'swms'`.execute(db);
    expect(rows[0]?.options).toEqual(expect.arrayContaining(['autovacuum_analyze_threshold=1000', 'autovacuum_analyze_scale_factor=0.01']));

    await sql`CREATE TABLE probe_own (id int PRIMARY KEY) WITH (autovacuum_vacuum_insert_threshold = 20, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_analyze_threshold = 20, autovacuum_analyze_scale_factor = 0)`.execute(db);
    await sql`CREATE TABLE probe_server (id int PRIMARY KEY)`.execute(db);
    // New tables were never vacuumed nor analysed.
    expect(await maintainEmbedded(db)).toEqual({ vacuumed: ['probe_own', 'probe_server'], analysed: ['probe_own', 'probe_server'] });
    // 30 inserted rows: past probe_own's 20 (for both), short of the server's 1,000 to vacuum and 50 to analyse an empty table.
    await insert('probe_own', 1, 30);
    await insert('probe_server', 1, 30);
    expect(await maintainEmbedded(db)).toEqual({ vacuumed: ['probe_own'], analysed: ['probe_own'] });
    expect(await maintainEmbedded(db)).toEqual(nothing);
    // 60 since its analysis: past the server's 50 to analyse, short of its 1,000 inserted rows to vacuum.
    await insert('probe_server', 31, 30);
    expect(await maintainEmbedded(db)).toEqual({ vacuumed: [], analysed: ['probe_server'] });
    // probe_own now holds 30 rows: its rule to analyse stays 20 changed rows whatever its size (15 are not enough, 25
    // are), and it has no dead-row rule of its own: the server's, 50 plus a fifth of its rows, is not reached.
    await sql`UPDATE probe_own SET id = id + 1000 WHERE id <= 15`.execute(db);
    expect(await maintainEmbedded(db)).toEqual(nothing);
    await sql`UPDATE probe_own SET id = id + 1000 WHERE id BETWEEN 16 AND 25`.execute(db);
    expect(await maintainEmbedded(db)).toEqual({ vacuumed: [], analysed: ['probe_own'] });
    // 60 dead rows of 30: past the server's 50 + 6.
    await sql`UPDATE probe_own SET id = id + 1000`.execute(db);
    await sql`UPDATE probe_own SET id = id - 1000`.execute(db);
    expect(await maintainEmbedded(db)).toEqual({ vacuumed: ['probe_own'], analysed: ['probe_own'] });
    expect(await runs('probe_own')).toEqual({ vacuums: 3, analyses: 4 });
    expect(await runs('probe_server')).toEqual({ vacuums: 1, analyses: 2 });
  });

  /**
   * Calls the database one after another for `ms`, as a busy portal's requests do, each arriving as an event of its own
   * (PGlite answers in-process: back-to-back calls alone would never let a timer run); answers when it stopped.
   */
  const keepBusy = async (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      await sql`SELECT 1`.execute(db);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return new Date();
  };
  const lastVacuum = async (table: string) => {
    const { rows } = await sql<{ at: Date | null }>`SELECT last_vacuum AS at FROM pg_stat_user_tables WHERE relname = ${table}`.execute(db);
    return rows[0]?.at ?? null;
  };

  /** A new table's first look, started as `busyMs` of requests begin: when the table was vacuumed, and when they ended. */
  const lookWhileBusy = async (table: string, patience: Patience, busyMs: number) => {
    await sql`CREATE TABLE ${sql.table(table)} (id int PRIMARY KEY)`.execute(db);
    const maintenance = maintainEmbedded(db, patience);
    const busyEnded = await keepBusy(busyMs);
    expect((await maintenance).vacuumed).toContain(table);
    return { vacuumedAt: (await lastVacuum(table))!.getTime(), busyEnded: busyEnded.getTime() };
  };

  it('waits for a quiet moment: a burst of requests goes first', async () => {
    const { vacuumedAt, busyEnded } = await lookWhileBusy('probe_quiet', { quietMs: 100, waitMs: 60_000 }, 700);
    expect(vacuumedAt).toBeGreaterThanOrEqual(busyEnded);
  });

  it('runs anyway once it has waited its patience out', async () => {
    const { vacuumedAt, busyEnded } = await lookWhileBusy('probe_impatient', { quietMs: 100, waitMs: 200 }, 2_000);
    expect(vacuumedAt).toBeLessThan(busyEnded);
  });

  it('stops waiting, and runs nothing more, when the portal closes', async () => {
    await sql`CREATE TABLE probe_closing (id int PRIMARY KEY)`.execute(db);
    const schedule = scheduleEmbeddedMaintenance(db, { maintained: () => undefined, failed: () => undefined }, { firstMs: 10, everyMs: 60_000 }, { quietMs: 100, waitMs: 60_000 });
    const busy = keepBusy(1_500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    let stopped = false;
    await schedule.stop().then(() => {
      stopped = true;
    });
    expect(stopped).toBe(true);
    const busyEnded = await busy;
    expect(await lastVacuum('probe_closing')).toBeNull();
    expect(busyEnded).toBeInstanceOf(Date);
    await maintainEmbedded(db);
  });

  it('once its patience is out, holds the one connection for one VACUUM or ANALYZE at a time: requests waiting go between them', async () => {
    for (let n = 0; n < 6; n++) await sql`CREATE TABLE ${sql.table(`probe_turns_${n}`)} (id int PRIMARY KEY)`.execute(db);
    let done = false;
    const maintenance = maintainEmbedded(db, { quietMs: 100, waitMs: 0 }).finally(() => {
      done = true;
    });
    // A caller that asks again as soon as it is answered, as requests keep coming to a busy portal.
    let answeredMeanwhile = 0;
    while (!done) {
      await sql`SELECT 1`.execute(db);
      if (!done) answeredMeanwhile += 1;
    }
    expect(await maintenance).toEqual({ vacuumed: expect.arrayContaining(['probe_turns_0', 'probe_turns_5']), analysed: expect.arrayContaining(['probe_turns_0', 'probe_turns_5']) });
    // Twelve statements: the caller was answered between each two of them.
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(11);
  });

  it('after a restart, finds due only what changes since: the statistics and visibility map stay in the folder', async () => {
    await maintainEmbedded(db, { quietMs: 0, waitMs: 0 });
    await db.destroy();
    db = await openDatabase({ dataDir });
    expect(await maintainEmbedded(db)).toEqual(nothing);
    await insert('probe_server', 1001, 60);
    expect(await maintainEmbedded(db)).toEqual({ vacuumed: [], analysed: ['probe_server'] });
  });

  it('reports a run that fails and keeps to its schedule', async () => {
    // Inside a transaction PostgreSQL refuses to VACUUM: every run that finds a table due fails.
    const failures: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      await sql`CREATE TABLE probe_in_transaction (id int PRIMARY KEY)`.execute(trx);
      const schedule = scheduleEmbeddedMaintenance(trx, { maintained: () => undefined, failed: (error) => failures.push(error) }, { firstMs: 10, everyMs: 40 });
      await expect.poll(() => failures.length, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(2);
      await schedule.stop();
    });
    expect(String(failures[0])).toMatch(/VACUUM cannot run inside a transaction block/);
  });
});
