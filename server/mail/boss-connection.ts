import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/tables';

export interface BossConnection extends PgBoss.Db {
  /** Waits for the queries under way (a worker's poll) to end; later ones never throw. */
  close(): Promise<void>;
  readonly closed: boolean;
}

/**
 * pg-boss runs its SQL through the app's own database, never a pool of its own: the embedded PGlite
 * has one connection, lent to one caller at a time (pglite-pool.ts), and on a PostgreSQL server
 * the app's pool is shared. Given a transaction, a job is written in that transaction.
 */
export function bossConnection(db: Kysely<Database>): BossConnection {
  let closed = false;
  const running = new Set<Promise<unknown>>();
  return {
    get closed() {
      return closed;
    },
    async executeSql(text, values = []) {
      const query = db.executeQuery(CompiledQuery.raw(text, values));
      if (closed) {
        // A worker whose fetch raced stop() may still complete its job: that write goes through while the
        // database is open, and a failure is not thrown into pg-boss's worker loop, which nothing catches
        // (the job then stays active and is retried after its expiry, as after a crash). A failed write
        // answers as pg-boss's complete/fail commands do when they changed nothing (a count of 0).
        return query.then((result) => ({ rows: result.rows }), () => ({ rows: [{ count: 0 }] }));
      }
      running.add(query);
      const done = () => running.delete(query);
      query.then(done, done);
      return { rows: (await query).rows };
    },
    async close() {
      closed = true;
      await Promise.allSettled(running);
    },
  };
}

/** A connection for one transaction: the job is written, or not, with the rest of it. */
export function transactionConnection(trx: Kysely<Database>): PgBoss.Db {
  return { executeSql: async (text, values = []) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows }) };
}
