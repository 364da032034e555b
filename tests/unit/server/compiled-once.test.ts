import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../server/db/compiled-once';
import type { Db } from '../../../server/db/database';
import type { Database } from '../../../server/db/tables';

/** A Kysely whose driver records what it is asked to run and answers no rows (Postgres' compiler). */
function recordingDb() {
  const executed: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      executed.push(query);
      return { rows: [] };
    },
    // eslint-disable-next-line require-yield -- a statement is never streamed here
    streamQuery: async function* () {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db: Db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, executed };
}

interface Shape {
  readonly descending: boolean;
  readonly after: boolean;
}

describe('a statement compiled once per shape', () => {
  it('builds each shape once and binds every call its own values, in place, beside the constants', async () => {
    const { db, executed } = recordingDb();
    let builds = 0;
    const page = compiledOnce(
      (shape: Shape) => JSON.stringify(shape),
      (on: Db, shape: Shape, values: { companyId: string; cursor: readonly string[]; offset: number }) => {
        builds += 1;
        let query = on.selectFrom('swms').select('id').where('company_id', '=', values.companyId).where('risk_overall_level', '>', 3);
        if (shape.after) query = query.where(sql<boolean>`(created_at, id) < (${values.cursor[0]}::timestamptz, ${values.cursor[1]}::uuid)`);
        return query.orderBy('created_at', shape.descending ? 'desc' : 'asc').offset(values.offset);
      },
    );
    await page(db, { descending: true, after: true }, { companyId: 'c1', cursor: ['2026-01-01', 'u1'], offset: 0 });
    await page(db, { descending: true, after: true }, { companyId: 'c2', cursor: ['2026-02-02', 'u2'], offset: 50 });
    await page(db, { descending: false, after: false }, { companyId: 'c3', cursor: [], offset: 25 });
    expect(builds).toBe(2);
    expect(executed.map((query) => query.parameters)).toEqual([
      ['c1', 3, '2026-01-01', 'u1', 0],
      ['c2', 3, '2026-02-02', 'u2', 50],
      ['c3', 3, 25],
    ]);
    expect(executed[0]?.sql).toBe(executed[1]?.sql);
    expect(executed[2]?.sql).toContain('order by "created_at" asc');
  });
});
