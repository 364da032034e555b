import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { inTransaction, transactionAttempts } from '../../server/db/transaction';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { createTestApp, type TestApp } from './test-app';

/** The database itself raises the error, as it does when it aborts a transaction for another. */
const raise = (db: Db, state: string) => sql`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '${sql.raw(state)}'; END $$`.execute(db);

const userExists = async (db: Db, email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;

describe('the transaction helper (issue 55 §11)', () => {
  let running: TestApp;
  let db: Db;

  beforeAll(async () => {
    running = await createTestApp();
    db = running.app.db;
  }, 120_000);
  afterAll(async () => running.close());

  it.each(['40P01', '40001'])('runs a transaction the database aborted with %s again, keeping only the attempt that committed', async (state) => {
    let attempts = 0;
    const answer = await inTransaction(db, async (trx) => {
      attempts += 1;
      await findOrCreateUserByEmail(trx, `attempt-${attempts}-${state}@example.test`);
      if (attempts === 1) await raise(trx, state);
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(attempts).toBe(2);
    expect(await userExists(db, `attempt-1-${state}@example.test`)).toBe(false);
    expect(await userExists(db, `attempt-2-${state}@example.test`)).toBe(true);
  });

  it('gives up after a bounded number of attempts and lets the last failure through', async () => {
    let attempts = 0;
    const failing = inTransaction(db, async (trx) => {
      attempts += 1;
      await raise(trx, '40P01');
    });
    await expect(failing).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(transactionAttempts);
  });

  it('runs any other failure once', async () => {
    let attempts = 0;
    const failing = inTransaction(db, async (trx) => {
      attempts += 1;
      await raise(trx, '23505');
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('carries two transactions that lock two rows in opposite orders through the deadlock PostgreSQL detects', async () => {
    const first = await findOrCreateUserByEmail(db, 'deadlock-first@example.test');
    const second = await findOrCreateUserByEmail(db, 'deadlock-second@example.test');
    let bothLockedOne: () => void = () => undefined;
    const bothLocked = new Promise<void>((resolve) => (bothLockedOne = resolve));
    let lockedOne = 0;
    let attempts = 0;
    const lockBoth = (order: readonly string[]) =>
      inTransaction(db, async (trx) => {
        attempts += 1;
        const lock = (id: string) => trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
        await lock(order[0] ?? '');
        lockedOne += 1;
        if (lockedOne === 2) bothLockedOne();
        await bothLocked;
        await lock(order[1] ?? '');
        await trx.updateTable('users').set({ updated_at: new Date() }).where('id', 'in', [...order]).execute();
      });
    await Promise.all([lockBoth([first.id, second.id]), lockBoth([second.id, first.id])]);
    expect(attempts).toBe(3);
  }, 30_000);
});
