import { createPublicKey, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signingKeyName } from '../../server/auth/signing-key';
import { openDatabase } from '../../server/db/database';
import { runCli, usage, type CliApps } from '../../server/cli';
import { runCliProcess } from '../support/portal-process';
import { createTestApp, type TestApp } from './test-app';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

/** Runs a command in this process against the test app, collecting what it prints. */
async function run(...args: string[]) {
  const apps: CliApps = {
    accounts: async () => ({ app: testApp.app, close: async () => {} }),
    everything: async () => ({ app: testApp.app, close: async () => {} }),
  };
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (text) => out.push(text), err: (text) => err.push(text) }, apps);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A database of its own for the CLI process: a fresh PGlite directory, or a fresh PostgreSQL database. */
async function freshEnvironment(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { DATA_DIR: dataDir, DATABASE_URL: '' };
  const name = `portal_cli_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: server });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.href };
}

/** The CLI as `npm run cli` runs it, in test mode and logging at info (some assertions read that output). */
const cliProcess = (args: string[], env: Record<string, string>) => runCliProcess(args, { NODE_ENV: 'test', LOG_LEVEL: 'info', ...env });

describe('npm run cli', () => {
  it('prints the usage and exits with code 2 on an unknown command', async () => {
    const result = await cliProcess(['frobnicate'], { DATA_DIR: path.join(os.tmpdir(), 'portal-cli-unused') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(usage);
    expect(result.stdout).toBe('');
  });

  it('superuser add then token prints only a bearer token signed with the server key', { timeout: 120_000 }, async () => {
    const env = await freshEnvironment();
    const added = await cliProcess(['superuser', 'add', 'Boss@Example.com'], env);
    expect(added.code).toBe(0);
    const token = await cliProcess(['token', 'boss@example.com'], env);
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const db = await openDatabase({ url: env.DATABASE_URL || undefined, dataDir: path.join(env.DATA_DIR ?? '', 'pglite') });
    const stored = await db.selectFrom('server_keys').select('secret').where('name', '=', signingKeyName).executeTakeFirstOrThrow();
    await db.destroy();
    const publicKey = createPublicKey(stored.secret);
    const { payload } = await jwtVerify(token.stdout.trim(), publicKey, { algorithms: ['ES256'] });
    expect(payload).toMatchObject({ roles: ['SuperUser'], company: null });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('superuser add creates the account once and is idempotent', async () => {
    const { app } = testApp;
    expect(await run('superuser', 'add', 'owner@example.com')).toMatchObject({ code: 0, out: 'owner@example.com is now a Super User' });
    expect(await run('superuser', 'add', 'OWNER@example.com')).toMatchObject({ code: 0, out: 'owner@example.com already is a Super User' });
    const roles = await app.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['role', 'status', 'company_id'])
      .where('users.email', '=', 'owner@example.com')
      .execute();
    expect(roles).toEqual([{ role: 'SuperUser', status: 'active', company_id: null }]);
    const audit = await app.db.selectFrom('audit_events').select(['action', 'actor_user_id']).where('action', '=', 'auth.superUserAdded').execute();
    expect(audit).toEqual([{ action: 'auth.superUserAdded', actor_user_id: null }]);
  });

  it('token for an email without an account makes it Unregistered, as a first sign-in would', async () => {
    const { app } = testApp;
    const result = await run('token', 'newcomer@example.com');
    expect(result.code).toBe(0);
    expect(await app.auth.verifyAccessToken(result.out)).toMatchObject({ roles: ['Unregistered'], company: null });
    expect(await app.db.selectFrom('users').select('email').where('email', '=', 'newcomer@example.com').execute()).toHaveLength(1);
  });

  it('refuses a missing or malformed email with the usage and code 2', async () => {
    for (const args of [['token'], ['token', 'not-an-email'], ['superuser', 'add'], ['superuser', 'remove', 'a@b.co'], ['seed'], ['token', 'a@b.co', 'extra']]) {
      const result = await run(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toBe(usage);
    }
  });
});
