import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createTestApp } from './test-app';

const migrationFiles = readdirSync(fileURLToPath(new URL('../../server/db/migrations/', import.meta.url)))
  .filter((name) => /^\d+_.+\.sql$/.test(name))
  .sort();

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
}, 120_000);
afterAll(async () => close());

const recorded = async () =>
  (await sql<{ name: string }>`select name from schema_migrations order by name`.execute(app.db)).rows.map((row) => row.name);

describe('database migrations', () => {
  it('applies every numbered migration at start and records each in schema_migrations', async () => {
    expect(migrationFiles.length).toBeGreaterThan(0);
    expect(await recorded()).toEqual(migrationFiles);
  });

  it('applies nothing and changes nothing when run again, even twice at once', async () => {
    await app.db.insertInto('mailbox').values({ id: crypto.randomUUID(), recipient: 'a@b.test', subject: 's', html: '<p>h</p>', text: 'h' }).execute();
    expect(await migrate(app.db)).toEqual([]);
    expect(await Promise.all([migrate(app.db), migrate(app.db)])).toEqual([[], []]);
    expect(await recorded()).toEqual(migrationFiles);
    const mail = await app.db.selectFrom('mailbox').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(mail.n)).toBe(1);
  });

  it('creates every table of the schema', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema()`.execute(app.db);
    const tables = rows.map((row) => row.table_name);
    for (const table of ['files', 'companies', 'users', 'identities', 'user_roles', 'invites', 'project_sites', 'swms', 'check_ins', 'auth_codes', 'refresh_tokens', 'mailbox', 'audit_events']) {
      expect(tables).toContain(table);
    }
  });
});
