import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables';

/** How many times a transaction is begun before its deadlock or serialisation failure is let through. */
export const transactionAttempts = 4;

// SQLSTATE serialization_failure and deadlock_detected: PostgreSQL rolled the whole transaction back, so it may run again.
const retriedStates = new Set(['40001', '40P01']);

/** Whether PostgreSQL gave up the transaction because of another one (a deadlock, a serialisation failure). */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && retriedStates.has(code);
}

/**
 * Runs `work` in a transaction, and again (a bounded number of times, after a short random pause) when PostgreSQL
 * aborts it for a deadlock or a serialisation failure, so two requests that meet answer as if they
 * had taken turns. `work` runs once per attempt: it may do nothing outside the database that cannot be repeated.
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= transactionAttempts || !isTransactionConflict(error)) throw error;
      // The transaction that won is about to commit: waiting a little, and not in step with the other losers, lets it.
      await sleep(Math.random() * 20 * attempt);
    }
  }
}
