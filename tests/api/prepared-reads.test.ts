import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { genericPlanMark, isRead } from '../../server/db/prepared-reads';

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
describe.runIf(process.env.TEST_DATABASE_URL)('prepared reads on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ url: process.env.TEST_DATABASE_URL ?? '', dataDir: '' });
  });
  afterAll(async () => db.destroy());

  const marked = sql.raw(genericPlanMark);
  type Conn = Parameters<Parameters<ReturnType<Db['connection']>['execute']>[0]>[0];
  const mode = async (conn: Conn, withMark: boolean) =>
    (await sql<{ mode: string; n: number }>`SELECT ${withMark ? marked : sql``} current_setting('plan_cache_mode') AS mode, ${1}::int AS n`.execute(conn)).rows[0]?.mode;
  const preparedStatements = async (conn: Conn) =>
    (await sql<{ statement: string; generic_plans: string; custom_plans: string }>`SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(conn)).rows;

  it('runs a marked read with one generic plan and every other statement with the server default', async () => {
    await db.connection().execute(async (conn) => {
      const serverDefault = (await sql<{ mode: string }>`SELECT reset_val AS mode FROM pg_settings WHERE name = 'plan_cache_mode'`.execute(conn)).rows[0]?.mode;
      expect(await mode(conn, true)).toBe('force_generic_plan');
      expect(await mode(conn, true)).toBe('force_generic_plan');
      expect(await mode(conn, false)).toBe(serverDefault);
      expect(await mode(conn, true)).toBe('force_generic_plan');
      // A write between them runs with the default too.
      expect((await sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`.execute(conn)).rows[0]?.mode).toBe(serverDefault);
    });
  });

  it('sets the mode again after a rollback took back a change made inside the transaction', async () => {
    await db.connection().execute(async (conn) => {
      const serverDefault = await mode(conn, false);
      // Generic, then BEGIN resets it inside the transaction, and ROLLBACK takes that back.
      expect(await mode(conn, true)).toBe('force_generic_plan');
      await sql`BEGIN`.execute(conn);
      await sql`ROLLBACK`.execute(conn);
      expect(await mode(conn, false)).toBe(serverDefault);
      // And the other way round.
      await sql`BEGIN`.execute(conn);
      expect(await mode(conn, true)).toBe('force_generic_plan');
      await sql`ROLLBACK`.execute(conn);
      expect(await mode(conn, true)).toBe('force_generic_plan');
      expect(await mode(conn, false)).toBe(serverDefault);
    });
  });

  it('prepares reads, WITH reads included, plans a marked one generically from its first run, and leaves writes unprepared', async () => {
    await db.connection().execute(async (conn) => {
      const withRead = sql<{ n: number }>`WITH picked AS MATERIALIZED (SELECT ${7}::int AS n) SELECT n FROM picked`;
      const markedRead = sql<{ n: number }>`WITH picked AS MATERIALIZED (SELECT ${marked} ${8}::int AS n) SELECT n FROM picked`;
      for (let run = 0; run < 3; run++) {
        expect((await withRead.execute(conn)).rows).toEqual([{ n: 7 }]);
        expect((await markedRead.execute(conn)).rows).toEqual([{ n: 8 }]);
      }
      await sql`CREATE TEMP TABLE IF NOT EXISTS prepared_reads_probe (n int)`.execute(conn);
      await sql`WITH added AS (INSERT INTO prepared_reads_probe VALUES (${1}) RETURNING n) SELECT n FROM added`.execute(conn);
      const statements = await preparedStatements(conn);
      const find = (fragment: string) => statements.find((row) => row.statement.includes(fragment));
      expect(find('SELECT $1::int AS n')).toBeDefined();
      expect(find(`${genericPlanMark} $1::int AS n`)).toMatchObject({ generic_plans: 3, custom_plans: 0 });
      expect(find('INSERT INTO prepared_reads_probe')).toBeUndefined();
    });
  });
});
