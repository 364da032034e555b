import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/tables';

export interface BossConnection extends PgBoss.Db {
  /** Refuses further queries and waits for those under way (a worker's poll) to end. */
  close(): Promise<void>;
  readonly closed: boolean;
}

const closedMessage = 'the mail queue is stopped';

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
      if (closed) throw new Error(closedMessage);
      const query = db.executeQuery(CompiledQuery.raw(text, values));
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
