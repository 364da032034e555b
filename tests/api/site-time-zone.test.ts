import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { knownMigrations } from '../../server/db/migrate';
import { siteTimeZone } from '../../src/domain/site-time-zone';
import { freshDatabase } from './test-app';

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const siteZoneMigration = '039_site_time_zone.sql';

let db: Db;
let cleanUp: () => Promise<void>;

/** A database at the schema before migration 039, on PGlite or on TEST_DATABASE_URL's server. */
beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-zone-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await freshDatabase(serverUrl) : undefined;
  db = await openDatabase({ url: database?.url, dataDir });
  cleanUp = async () => {
    await db.destroy();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const name of knownMigrations().filter((file) => file < siteZoneMigration)) {
    await db.transaction().execute((trx) => sql.raw(readFileSync(migrationsDir + name, 'utf8')).execute(trx));
  }
}, 120_000);
afterAll(async () => cleanUp());

const applySiteZoneMigration = () =>
  db.transaction().execute((trx) => sql.raw(readFileSync(migrationsDir + siteZoneMigration, 'utf8')).execute(trx));

describe('migration 039: a site keeps its own time zone (issue 55 §3)', () => {
  const companyId = randomUUID();
  const before = [
    { id: randomUUID(), postcode: '2000' },
    { id: randomUUID(), postcode: '2880' },
    { id: randomUUID(), postcode: '6000' },
    { id: randomUUID(), postcode: '0870' },
    { id: randomUUID(), postcode: '4217' },
    { id: randomUUID(), postcode: '2601' },
  ];

  it('gives each existing site the zone of its address, in its list fields too, without a new version', async () => {
    await db
      .insertInto('companies')
      .values({ id: companyId, name: 'Zones Pty Ltd', abn: '51824753556', builders_reg_number: '1', phone: '0291234567', email: 'a@zones.example', address: '1 A St', postal_address: '1 A St' })
      .execute();
    for (const site of before) {
      await sql`INSERT INTO project_sites (id, company_id, address, suburb, postcode, site_number, client_name)
        VALUES (${site.id}, ${companyId}, '1 Main St', 'Town', ${site.postcode}, ${`J-${site.postcode}`}, 'Client')`.execute(db);
    }
    await applySiteZoneMigration();
    const rows = await db.selectFrom('project_sites').select(['id', 'postcode', 'time_zone', 'list_fields', 'version']).where('company_id', '=', companyId).execute();
    expect(rows).toHaveLength(before.length);
    for (const row of rows) {
      expect(row.time_zone, row.postcode).toBe(siteTimeZone(row.postcode));
      expect((JSON.parse(`{${row.list_fields}}`) as { timeZone: string }).timeZone).toBe(row.time_zone);
      expect(row.version).toBe(1);
    }
    expect(Object.fromEntries(rows.map((row) => [row.postcode, row.time_zone]))).toEqual({
      '2000': 'Australia/Sydney',
      '2880': 'Australia/Broken_Hill',
      '6000': 'Australia/Perth',
      '0870': 'Australia/Darwin',
      '4217': 'Australia/Brisbane',
      '2601': 'Australia/Sydney',
    });
  });

  it('places every four-digit postcode in SQL as siteTimeZone does', async () => {
    const postcodes = [...Array.from({ length: 10_000 }, (_, code) => String(code).padStart(4, '0')), '', ' 6000 ', 'abcd', '600', '60000'];
    const { rows } = await sql<{ postcode: string; zone: string }>`
      SELECT postcode, postcode_time_zone(postcode) AS zone FROM unnest(${postcodes}::text[]) AS postcode`.execute(db);
    const differing = rows.filter((row) => row.zone !== siteTimeZone(row.postcode));
    expect(rows).toHaveLength(postcodes.length);
    expect(differing).toEqual([]);
  });

  it('gives a site inserted without a zone its postcode’s, and keeps one given', async () => {
    const [perth, chosen] = [randomUUID(), randomUUID()];
    await db.insertInto('project_sites').values({ id: perth, company_id: companyId, address: '2 Hay St', suburb: 'Perth', postcode: '6000', site_number: 'P-1', client_name: 'C' }).execute();
    await db
      .insertInto('project_sites')
      .values({ id: chosen, company_id: companyId, address: '3 Hay St', suburb: 'Perth', postcode: '6000', site_number: 'P-2', client_name: 'C', time_zone: 'Australia/Adelaide' })
      .execute();
    const zones = await db.selectFrom('project_sites').select(['id', 'time_zone', 'list_fields']).where('id', 'in', [perth, chosen]).execute();
    const byId = new Map(zones.map((row) => [row.id, row]));
    expect(byId.get(perth)?.time_zone).toBe('Australia/Perth');
    expect(byId.get(chosen)?.time_zone).toBe('Australia/Adelaide');
    expect(byId.get(perth)?.list_fields).toContain('"timeZone":"Australia/Perth"');
  });
});
