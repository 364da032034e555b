import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { isRead } from '../../server/db/prepared-reads';
import { genericPlanMark } from '../../server/db/routed-pool';
import { describeOnPostgres } from '../support/on-postgres';

describe('which statements are prepared as reads', () => {
  it('takes a SELECT and a WITH that only reads, never a write', () => {
    expect(isRead('select 1')).toBe(true);
    expect(isRead('  SELECT updated_at, deleted_at FROM t')).toBe(true);
    expect(isRead('with m as materialized (select 1) select * from m')).toBe(true);
    expect(isRead('with m as (select id from t) select * from t where updated_at > now()')).toBe(true);
    expect(isRead('with m as (update t set a = 1 returning id) select * from m')).toBe(false);
    expect(isRead('with m as (delete from t returning id) select * from m')).toBe(false);
    expect(isRead('with m as (select 1) insert into t select * from m')).toBe(false);
    expect(isRead('with m as (select id from t) select id from m for update')).toBe(false);
    expect(isRead('update t set a = 1')).toBe(false);
    expect(isRead('insert into t values (1)')).toBe(false);
  });
});

// The plan cache is PostgreSQL's: the embedded PGlite runs each statement as it comes.
describeOnPostgres('prepared reads and their plans on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ url: process.env.TEST_DATABASE_URL ?? '', dataDir: '' });
  });
  afterAll(async () => db.destroy());

  const marked = sql.raw(genericPlanMark);
  const serverDefault = async () => (await sql<{ mode: string }>`SELECT reset_val AS mode FROM pg_settings WHERE name = ${'plan_cache_mode'}`.execute(db)).rows[0]?.mode;
  const modeOf = async (executor: Parameters<ReturnType<typeof sql>['execute']>[0], withMark: boolean) =>
    (await sql<{ mode: string }>`SELECT ${withMark ? marked : sql``} current_setting(${'plan_cache_mode'}) AS mode`.execute(executor)).rows[0]?.mode;
  /** How the statement itself was planned on its connection, read from the connection's own prepared statements. */
  const plansOf = async (executor: Parameters<ReturnType<typeof sql>['execute']>[0], probe: string, withMark: boolean) =>
    (
      await sql<{ generic_plans: number; custom_plans: number }>`SELECT ${withMark ? marked : sql``} ${sql.raw(`/* ${probe} */`)} generic_plans, custom_plans
        FROM pg_prepared_statements WHERE statement LIKE ${`%${probe}%`}`.execute(executor)
    ).rows[0];

  it('runs a marked read with force_generic_plan and every other statement with the server default', async () => {
    const standard = await serverDefault();
    expect(standard).not.toBe('force_generic_plan');
    for (let run = 0; run < 3; run++) {
      expect(await modeOf(db, true)).toBe('force_generic_plan');
      expect(await modeOf(db, false)).toBe(standard);
    }
  });

  it('plans a marked read generically from its first run, and an unmarked one afresh at first', async () => {
    for (let run = 0; run < 3; run++) {
      const generic = await plansOf(db, 'routed-probe-marked', true);
      expect(generic?.custom_plans).toBe(0);
      expect(generic?.generic_plans).toBeGreaterThan(0);
    }
    expect((await plansOf(db, 'routed-probe-unmarked', false))?.custom_plans).toBeGreaterThan(0);
  });

  it('keeps a transaction on one connection with the default mode, a marked read in it too', async () => {
    const standard = await serverDefault();
    const seen = await db.transaction().execute(async (trx) => {
      const first = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]?.pid;
      const mode = await modeOf(trx, true);
      const later = (await sql<{ pid: number }>`SELECT ${marked} pg_backend_pid() AS pid`.execute(trx)).rows[0]?.pid;
      return { first, later, mode };
    });
    expect(seen.later).toBe(seen.first);
    expect(seen.mode).toBe(standard);
  });

  it('prepares reads, WITH reads included, and leaves writes unprepared', async () => {
    await db.connection().execute(async (conn) => {
      const withRead = sql<{ n: number }>`WITH picked AS MATERIALIZED (SELECT ${7}::int AS n) SELECT n FROM picked`;
      for (let run = 0; run < 3; run++) expect((await withRead.execute(conn)).rows).toEqual([{ n: 7 }]);
      await sql`CREATE TEMP TABLE IF NOT EXISTS prepared_reads_probe (n int)`.execute(conn);
      await sql`WITH added AS (INSERT INTO prepared_reads_probe VALUES (${1}) RETURNING n) SELECT n FROM added`.execute(conn);
      const statements = (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn)).rows;
      expect(statements.find((row) => row.statement.includes('SELECT $1::int AS n'))).toBeDefined();
      expect(statements.find((row) => row.statement.includes('INSERT INTO prepared_reads_probe'))).toBeUndefined();
    });
  });
});

describeOnPostgres("the pools' startup options on PostgreSQL", () => {
  let db: Db;
  beforeAll(async () => {
    // A url that names startup options of its own: pg would let them replace the pools' (no JIT, the plan mode).
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', '-c statement_timeout=4321 -c application_name=url-named');
    db = await openDatabase({ url: url.href, dataDir: '' });
  });
  afterAll(async () => db.destroy());

  it("keeps the url's own options and adds each pool's: no JIT on either, a generic plan on the marked one", async () => {
    for (const withMark of [false, true]) {
      const { rows } = await sql<{ timeout: string; name: string; jit: string; mode: string }>`SELECT ${withMark ? sql.raw(genericPlanMark) : sql``}
        current_setting('statement_timeout') AS timeout, current_setting('application_name') AS name,
        current_setting('jit') AS jit, current_setting('plan_cache_mode') AS mode`.execute(db);
      expect(rows[0], `marked: ${withMark}`).toEqual({ timeout: '4321ms', name: 'url-named', jit: 'off', mode: withMark ? 'force_generic_plan' : expect.not.stringMatching(/^force_generic_plan$/) });
    }
  });
});
