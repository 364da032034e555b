import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyListQuery } from '../../src/domain/company';
import { SiteListQuery } from '../../src/domain/project-site';
import { SwmsListQuery } from '../../src/domain/swms';
import { searchCompanies } from '../../server/companies/service';
import { embeddedPglite, type Db } from '../../server/db/database';
import { decodeOr400 } from '../../server/http/errors';
import { searchSites } from '../../server/sites/service';
import { searchSwms } from '../../server/swms/service';
import { seedLists, type ListSeed } from '../bench/list-seed';
import { createTestApp } from './test-app';

/**
 * Issue 11: PostgreSQL prepares each list statement once per connection and should then reuse one plan for it.
 * A bound value whose own plan PostgreSQL prices below the generic one (a site status that half the sites hold)
 * made it plan the statement again on every request, doubling the page's cost. Each list's pages, called on one
 * connection more often than PostgreSQL's five trial plans, must have been run on their generic plan.
 * Seeded at the bench's numbers of sites, clients and people (fewer SWMS): the choice between plans follows
 * PostgreSQL's prices, and with 600 sites, 400 clients or 40 people it picked the generic plan either way.
 * PostgreSQL only: PGlite is the embedded database of one process, where the portal does not prepare statements.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let seed: ListSeed;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  if (!embeddedPglite(app.db)) seed = await seedLists(app.db, { swms: 4_000, sites: 5_000, clients: 10_000, trades: 2_000 });
}, 120_000);

afterAll(async () => {
  await close();
});

const storage = { readUrl: (fileKey: string) => `https://files.example.test/${fileKey}` };

describe('list statements reuse one plan on PostgreSQL (issue 11)', () => {
  it('runs every list page on its generic plan once it has been prepared', async (context) => {
    if (embeddedPglite(app.db)) return context.skip();
    const reviewer = (flag: 'companyAdmin' | 'supervisor') => ({ userId: seed.companyId, requestId: null, companyId: seed.companyId, flag });
    const lists: readonly [string, (db: Db) => Promise<unknown>][] = [
      ['sites', (db) => searchSites({ db, storage } as never, seed.companyId, decodeOr400(SiteListQuery, {}))],
      ['sites Ongoing', (db) => searchSites({ db, storage } as never, seed.companyId, decodeOr400(SiteListQuery, { filter: 'status.string.ongoing' }))],
      ['sites by address', (db) => searchSites({ db, storage } as never, seed.companyId, decodeOr400(SiteListQuery, { sort: 'address.string.asc' }))],
      ['SWMS', (db) => searchSwms({ db, storage } as never, reviewer('companyAdmin'), decodeOr400(SwmsListQuery, {}))],
      ['SWMS For Review', (db) => searchSwms({ db, storage } as never, reviewer('supervisor'), decodeOr400(SwmsListQuery, { filter: 'status.string.forReview' }))],
      ['clients', (db) => searchCompanies({ db, storage } as never, decodeOr400(CompanyListQuery, {}))],
    ];
    const plans = await app.db.connection().execute(async (connection) => {
      for (const [, list] of lists) for (let call = 0; call < 8; call++) await list(connection);
      const prepared = await sql<{ statement: string; generic_plans: number | string; custom_plans: number | string }>`
        SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(connection);
      return prepared.rows.map((row) => ({ statement: row.statement.replace(/\s+/g, ' '), generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
    });
    const listStatements = plans.filter((plan) => / limit 21/.test(plan.statement));
    expect(listStatements.length).toBeGreaterThanOrEqual(lists.length);
    const replanned = listStatements.filter((plan) => plan.generic === 0).map((plan) => `${plan.custom} custom plans: ${plan.statement.slice(-160)}`);
    expect(replanned).toEqual([]);
  }, 120_000);
});
