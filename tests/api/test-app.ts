import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { pgliteTemplate } from '../support/pglite-template';
import { migratedDatabase } from '../support/postgres-template';

export interface TestApp {
  readonly app: FastifyInstance;
  /** Set when the app was asked to listen; app.config.publicUrl then points at it too. */
  readonly baseUrl?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Listen on a random loopback port, for tests that need a real socket (fetch, a browser). */
  readonly listen?: boolean;
  /** Where the server's log lines go (set logLevel too); nowhere by default. */
  readonly logStream?: { write(line: string): void };
  /** Adds to the built app before it is ready (a route only a test needs). */
  readonly beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, dropped again by the returned function. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_test_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * The whole portal server on a database of its own: a copy of a migrated PGlite directory, or a copy of a migrated
 * PostgreSQL database when TEST_DATABASE_URL names a server (CI runs both); or the database `overrides` name.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl && !overrides.databaseUrl ? await migratedDatabase(serverUrl) : undefined;
  if (!database && !overrides.databaseUrl) cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  const cleanUp = async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    databaseUrl: database?.url,
    serveSpa: false,
    seedDemoWhenEmpty: false,
    logLevel: 'silent',
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, options.logStream ? { logStream: options.logStream } : {});
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const close = async () => {
    await app.close();
    await cleanUp();
  };
  if (!options.listen) return { app, close };
  const baseUrl = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  if (!overrides.publicUrl) (app.config as { publicUrl: string }).publicUrl = baseUrl;
  return { app, baseUrl, close };
}

/**
 * The app of a test file that runs its tests on both databases: PGlite when `embedded`, else the PostgreSQL server
 * TEST_DATABASE_URL names.
 */
export async function createTestAppOn(embedded: boolean, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (embedded) delete process.env.TEST_DATABASE_URL;
  try {
    return await createTestApp(overrides);
  } finally {
    if (serverUrl !== undefined) process.env.TEST_DATABASE_URL = serverUrl;
  }
}

export interface SignedInAccount {
  readonly token: string;
  readonly userId: string;
  readonly companyId: string;
}

/** A bearer token as a fresh sign-in would produce it, with the ids its payload carries. */
export async function signedInAccount(app: FastifyInstance, email: string): Promise<SignedInAccount> {
  const token = await app.auth.tokenForEmail(email);
  const payload = decodeJwt(token);
  return { token, userId: String(payload.sub), companyId: String(payload.company) };
}

/** A bearer token for an account holding an active role in a company (created when missing). */
export async function tokenWithCompanyRole(app: FastifyInstance, email: string, companyId: string, role: 'CompanyAdmin' | 'CompanySupervisor' | 'CompanyAuditor'): Promise<string> {
  const user = await findOrCreateUserByEmail(app.db, email);
  await app.db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: user.id, company_id: companyId, role, status: 'active', accepted_at: new Date() })
    .execute();
  return app.auth.tokenForEmail(email);
}
