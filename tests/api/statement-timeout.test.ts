import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultStatementTimeoutMs, loadConfig, parseStatementTimeout } from '../../server/config';
import { tookTooLongMessage } from '../../server/db/connection-errors';
import { openDatabase } from '../../server/db/database';
import { knownMigrations, migrate } from '../../server/db/migrate';
import { addSuperUser } from '../../server/users/repository';
import { createTestApp, freshDatabase, type TestApp } from './test-app';
import { describeOnPostgres } from '../support/on-postgres';

describe('DATABASE_STATEMENT_TIMEOUT_MS', () => {
  it('is 30 s unless set, 0 for none, and refuses what is not a whole number of milliseconds', () => {
    expect(defaultStatementTimeoutMs).toBe(30_000);
    expect(parseStatementTimeout(undefined)).toBe(30_000);
    expect(parseStatementTimeout(' ')).toBe(30_000);
    expect(parseStatementTimeout('0')).toBe(0);
    expect(parseStatementTimeout('1500')).toBe(1500);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).databaseStatementTimeoutMs).toBe(2500);
    for (const wrong of ['abc', '-5', '1.5', '30s']) {
      expect(() => parseStatementTimeout(wrong)).toThrow(ConfigError);
      expect(() => parseStatementTimeout(wrong)).toThrow(`DATABASE_STATEMENT_TIMEOUT_MS: "${wrong}" is not a whole number of milliseconds (0 for none)`);
    }
  });
});

// PGlite runs each statement to its end: the timeout is PostgreSQL's.
describeOnPostgres('the statement timeout on PostgreSQL', () => {
  let test: TestApp;
  let token: string;
  beforeAll(async () => {
    test = await createTestApp({ databaseStatementTimeoutMs: 300 });
    await addSuperUser(test.app.db, 'super@sitesafe.test');
    token = await test.app.auth.tokenForEmail('super@sitesafe.test');
  });
  afterAll(async () => test?.close());

  const listClients = () => test.app.inject({ method: 'GET', url: '/api/company', headers: { authorization: `Bearer ${token}` } });

  it('answers 504 with a message when a call’s statement runs past it, and serves the next call', async () => {
    expect((await listClients()).statusCode).toBe(200);
    // Another session holds the clients' table, so the list's statement waits past the timeout.
    const holder = new pg.Client({ connectionString: test.app.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE companies IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const waited = await listClients();
      const ms = performance.now() - started;
      expect(waited.statusCode).toBe(504);
      expect(waited.body).toBe(tookTooLongMessage);
      expect(waited.headers['retry-after']).toBeUndefined();
      // Cancelled by the timeout, not answered when the lock went: the lock is still held here.
      expect(ms).toBeGreaterThanOrEqual(290);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const after = await listClients();
    expect(after.statusCode).toBe(200);
    const timeouts = await sql<{ timeout: string }>`SELECT current_setting('statement_timeout') AS timeout`.execute(test.app.db);
    expect(timeouts.rows[0]?.timeout).toBe('300ms');
  });

  it('runs the migrations without it, then gives the connection its timeout back', async () => {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL ?? '');
    // 5 ms: far less than the first migration takes on an empty database.
    const db = await openDatabase({ url: database.url, dataDir: '', statementTimeoutMs: 5 });
    try {
      expect(await migrate(db)).toEqual(knownMigrations());
      const setting = await sql<{ timeout: string }>`SELECT current_setting('statement_timeout') AS timeout`.execute(db);
      expect(setting.rows[0]?.timeout).toBe('5ms');
      await expect(sql`SELECT pg_sleep(0.1)`.execute(db)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
