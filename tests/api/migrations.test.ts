import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createTestApp, freshDatabase } from './test-app';

const migrationFiles = readdirSync(fileURLToPath(new URL('../../server/db/migrations/', import.meta.url)))
  .filter((name) => /^\d+_.+\.sql$/.test(name))
  .sort();

let app: FastifyInstance;
let close: () => Promise<void>;
let emptyDatabase: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  // On a PostgreSQL server the app starts on an empty database, so its start applies every migration: the other
  // tests' databases are copies of one already migrated.
  const serverUrl = process.env.TEST_DATABASE_URL;
  emptyDatabase = serverUrl ? await freshDatabase(serverUrl) : undefined;
  ({ app, close } = await createTestApp(emptyDatabase ? { databaseUrl: emptyDatabase.url } : {}));
}, 120_000);
afterAll(async () => {
  await close();
  await emptyDatabase?.drop();
});

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

  it('has the SWMS table vacuumed and analysed after about 1% of it changes, not a fifth (migration 029)', async () => {
    const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where oid = 'swms'::regclass`.execute(app.db);
    expect([...(rows[0]?.reloptions ?? [])].sort()).toEqual([
      'autovacuum_analyze_scale_factor=0.01',
      'autovacuum_analyze_threshold=1000',
      'autovacuum_vacuum_insert_scale_factor=0.01',
      'autovacuum_vacuum_insert_threshold=1000',
      'autovacuum_vacuum_scale_factor=0.01',
      'autovacuum_vacuum_threshold=1000',
      'fillfactor=85',
    ]);
  });

  it('keeps statistics of the SWMS and audit events only for the columns queries filter, join or sort on (migration 034)', async () => {
    const withoutStatistics = async (table: string) =>
      (
        await sql<{ name: string }>`
          select attname as name from pg_attribute
          where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attstattarget = 0 order by attnum`.execute(app.db)
      ).rows.map((row) => row.name);
    expect(await withoutStatistics('swms')).toEqual([
      'high_risk_work',
      'risk_consequence_level',
      'risk_likelihood_level',
      'risk_overall_level',
      'task_description',
      'mobile_plant_tools',
      'risk_text',
      'control_text',
      'ppe',
      'other_ppe',
      'control_implementation',
      'control_monitoring',
      'control_review',
    ]);
    expect(await withoutStatistics('audit_events')).toEqual(['detail', 'actor_role', 'target_label', 'request_id', 'prev_hash', 'hash', 'search_text']);
    // An analysed table has statistics for the columns the audit trail filters on, none for the rest.
    await sql`insert into audit_events (id, action, entity, entity_id, detail) values (gen_random_uuid(), 'probe.analysed', 'probe', gen_random_uuid(), '{"probe": 1}')`.execute(app.db);
    await sql`analyze audit_events`.execute(app.db);
    const analysed = async (table: string) =>
      (await sql<{ name: string }>`select attname as name from pg_stats where schemaname = current_schema() and tablename = ${table}`.execute(app.db)).rows.map(
        (row) => row.name,
      );
    const events = await analysed('audit_events');
    expect(events).toEqual(expect.arrayContaining(['chain', 'seq', 'company_id', 'actor_user_id', 'action', 'entity', 'entity_id', 'created_at']));
    expect(events.filter((name) => ['detail', 'search_text', 'hash', 'prev_hash'].includes(name))).toEqual([]);
  });

  it('leaves no kept site search totals, sites revisions or their triggers behind (migration 041)', async () => {
    const left = await sql<{ name: string }>`
      SELECT tgname::text AS name FROM pg_trigger WHERE tgrelid = 'project_sites'::regclass AND (tgname::text LIKE '%revision%' OR tgname::text LIKE '%totals%')
      UNION ALL SELECT proname::text FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname::text IN ('bump_site_list_revisions', 'project_sites_added_or_removed_revision', 'project_sites_updated_revision', 'project_sites_truncated_totals')
      UNION ALL SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_name::text IN ('site_search_totals', 'site_list_revisions')`.execute(app.db);
    expect(left.rows).toEqual([]);
  });
});
