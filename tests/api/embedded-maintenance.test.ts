import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { maintainEmbedded, scheduleEmbeddedMaintenance } from '../../server/db/embedded-maintenance';
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

  it('the first look vacuums and analyses every table; with nothing changed, the next does nothing', async () => {
    const failures: unknown[] = [];
    const maintained: string[][] = [];
    const schedule = scheduleEmbeddedMaintenance(db, { maintained: (tables) => maintained.push(tables), failed: (error) => failures.push(error) }, { firstMs: 20, everyMs: 100 });
    await expect.poll(() => runs('swms'), { timeout: 10_000, interval: 25 }).toEqual({ vacuums: 1, analyses: 1 });
    await new Promise((resolve) => setTimeout(resolve, 350)); // three more looks
    await schedule.stop();
    expect(await runs('swms')).toEqual({ vacuums: 1, analyses: 1 });
    expect(maintained).toHaveLength(1);
    expect(maintained[0]).toEqual(expect.arrayContaining(['swms', 'project_sites', 'companies', 'users', 'audit_events']));
    expect(failures).toEqual([]);
    expect(await maintainEmbedded(db)).toEqual([]);
  });

  it("follows autovacuum's rule: a table's own thresholds (migration 029's for the SWMS), or the server's", async () => {
    const { rows } = await sql<{ options: string[] }>`SELECT reloptions AS options FROM pg_class WHERE relname = 'swms'`.execute(db);
    expect(rows[0]?.options).toEqual(expect.arrayContaining(['autovacuum_analyze_threshold=1000', 'autovacuum_analyze_scale_factor=0.01']));

    await sql`CREATE TABLE probe_own (id int PRIMARY KEY) WITH (autovacuum_vacuum_insert_threshold = 20, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_analyze_threshold = 20, autovacuum_analyze_scale_factor = 0)`.execute(db);
    await sql`CREATE TABLE probe_server (id int PRIMARY KEY)`.execute(db);
    // New tables were never vacuumed.
    expect(await maintainEmbedded(db)).toEqual(['probe_own', 'probe_server']);
    // 30 inserted rows: past probe_own's 20, short of the server's 50 (autovacuum_analyze_threshold's default) for an empty table.
    await insert('probe_own', 1, 30);
    await insert('probe_server', 1, 30);
    expect(await maintainEmbedded(db)).toEqual(['probe_own']);
    expect(await maintainEmbedded(db)).toEqual([]);
    await insert('probe_server', 31, 30);
    expect(await maintainEmbedded(db)).toEqual(['probe_server']);
    // probe_own now holds 30 rows: its rule stays 20 changed rows whatever its size; 15 updated rows are not enough, 25 are.
    await sql`UPDATE probe_own SET id = id + 1000 WHERE id <= 15`.execute(db);
    expect(await maintainEmbedded(db)).toEqual([]);
    await sql`UPDATE probe_own SET id = id + 1000 WHERE id BETWEEN 16 AND 25`.execute(db);
    expect(await maintainEmbedded(db)).toEqual(['probe_own']);
    expect(await runs('probe_own')).toEqual({ vacuums: 3, analyses: 3 });
    expect(await runs('probe_server')).toEqual({ vacuums: 2, analyses: 2 });
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
