import { sql, type CompiledQuery } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyListQuery } from '../../src/domain/company';
import { SiteListQuery } from '../../src/domain/project-site';
import { SwmsListQuery } from '../../src/domain/swms';
import { searchCompanies } from '../../server/companies/service';
import { embeddedPglite, type Db } from '../../server/db/database';
import { decodeOr400 } from '../../server/http/errors';
import { genericPlanMark } from '../../server/db/routed-pool';
import { searchSites } from '../../server/sites/service';
import { changeMatchingReviewStatus, searchSwms } from '../../server/swms/service';
import { searchAuditEvents } from '../../server/audit/repository';
import { seedLists, type ListSeed } from '../bench/list-seed';
import { createTestApp } from './test-app';

/**
 * Issue 11: PostgreSQL prepares each list statement once per connection and should then reuse one plan for it.
 * A bound value whose own plan PostgreSQL prices below the generic one (a site status that half the sites hold)
 * made it plan the statement again on every request, doubling the page's cost. Each list's pages, called on one
 * connection more often than PostgreSQL's five trial plans, must have been run on their generic plan.
 * Seeded at the bench's numbers of sites, clients and people (fewer SWMS): the choice between plans follows
 * PostgreSQL's prices, and with 600 sites, 400 clients or 40 people it picked the generic plan either way.
 * A page opened by its number (a typed link) must not skip its rows with an OFFSET on the page's own query.
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
/** The parts of the portal a list's service function reads. */
const portal = (db: Db) => ({ db, storage }) as never;

/** The plans (EXPLAIN, JSON) of the statements `calls` runs on one connection, explained with their own values. */
async function explainedPlans(calls: (db: Db) => Promise<void>, options: { readonly analyze?: boolean } = {}): Promise<string> {
  return app.db.connection().execute(async (connection) => {
    const statements: CompiledQuery[] = [];
    const executor = connection.getExecutor();
    const run = executor.executeQuery.bind(executor);
    Object.assign(executor, {
      executeQuery: (compiled: CompiledQuery) => {
        statements.push(compiled);
        return run(compiled);
      },
    });
    await calls(connection);
    const plans: string[] = [];
    for (const statement of statements) {
      const compiled = sql`EXPLAIN (${sql.raw(options.analyze ? 'ANALYZE, ' : '')}FORMAT JSON) ${sql.raw(statement.sql)}`.compile(connection);
      plans.push(JSON.stringify((await run({ ...compiled, parameters: statement.parameters })).rows));
    }
    return plans.join('\n');
  });
}

/** The indexes that nodes of analysed plans (`explainedPlans`, one JSON per line) read at least once. */
function executedIndexes(plans: string): string[] {
  const names = new Set<string>();
  const visit = (node: { 'Index Name'?: string; 'Actual Loops'?: number; Plans?: unknown[] }) => {
    if (node['Index Name'] !== undefined && (node['Actual Loops'] ?? 0) > 0) names.add(node['Index Name']);
    for (const child of node.Plans ?? []) visit(child as typeof node);
  };
  for (const line of plans.split('\n')) {
    for (const row of JSON.parse(line) as { 'QUERY PLAN': { Plan: Parameters<typeof visit>[0] }[] }[]) for (const plan of row['QUERY PLAN']) visit(plan.Plan);
  }
  return [...names];
}

describe('list statements reuse one plan on PostgreSQL (issue 11)', () => {
  it('runs every list page on its generic plan once it has been prepared', async (context) => {
    if (embeddedPglite(app.db)) return context.skip('a PostgreSQL plan: this run is on the embedded PGlite');
    const reviewer = (flag: 'companyAdmin' | 'supervisor') => ({ userId: seed.companyId, requestId: null, companyId: seed.companyId, flag });
    const lists: readonly [string, (db: Db) => Promise<unknown>][] = [
      ['sites', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, {}))],
      ['sites Ongoing', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { filter: 'status.string.ongoing' }))],
      ['sites by address', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { sort: 'address.string.asc' }))],
      ['sites by supervisor', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { sort: 'supervisorName.string.desc' }))],
      ['sites search', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { search: 'parramatta' }))],
      ['sites search of three words', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { search: 'parramatta st client', sort: 'address.string.asc' }))],
      ['SWMS', (db) => searchSwms(portal(db), reviewer('companyAdmin'), decodeOr400(SwmsListQuery, {}))],
      ['SWMS For Review', (db) => searchSwms(portal(db), reviewer('supervisor'), decodeOr400(SwmsListQuery, { filter: 'status.string.forReview' }))],
      ['clients', (db) => searchCompanies(portal(db), decodeOr400(CompanyListQuery, {}))],
      // Pages opened by their number (a typed or shared link without a cursor): they skip rows (see below).
      ['SWMS page 50 by Job No.', (db) => searchSwms(portal(db), reviewer('companyAdmin'), decodeOr400(SwmsListQuery, { sort: 'siteNumber.number.asc', page: '50' }))],
      ['SWMS For Review page 20', (db) => searchSwms(portal(db), reviewer('supervisor'), decodeOr400(SwmsListQuery, { filter: 'status.string.forReview', page: '20' }))],
      ['sites page 100 by address', (db) => searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { sort: 'address.string.asc', page: '100' }))],
      ['clients page 300 by name', (db) => searchCompanies(portal(db), decodeOr400(CompanyListQuery, { sort: 'name.string.asc', page: '300' }))],
    ];
    const plans = await app.db.connection().execute(async (connection) => {
      for (const [, list] of lists) for (let call = 0; call < 8; call++) await list(connection);
      const prepared = await sql<{ statement: string; generic_plans: number | string; custom_plans: number | string }>`
        SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(connection);
      return prepared.rows.map((row) => ({ statement: row.statement.replace(/\s+/g, ' '), generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
    });
    const listStatements = plans.filter((plan) => / limit 21/.test(plan.statement));
    expect(listStatements.length).toBeGreaterThanOrEqual(lists.length);
    // A statement marked for a generic plan runs on connections that force one (server/db/routed-pool.ts).
    const replanned = listStatements
      .filter((plan) => plan.generic === 0 && !plan.statement.includes(genericPlanMark))
      .map((plan) => `${plan.custom} custom plans: ${plan.statement.slice(-160)}`);
    expect(replanned).toEqual([]);
    // A page opened by its number finds its first row in a narrow subquery (marked: PostgreSQL prices the plan for a
    // small OFFSET below the generic one) and reads on from it; an OFFSET on the page's own query would make every
    // skipped row's joins and JSON.
    const skipping = listStatements.filter((plan) => / offset /.test(plan.statement));
    expect(skipping.length).toBe(4);
    for (const plan of skipping) {
      expect(plan.statement).toMatch(/ limit 1 offset \$\d+\) order by [^$]* limit 21(\)|$)/);
      expect(plan.statement.split(' offset ').length, plan.statement).toBe(2);
      expect(plan.statement).toContain(genericPlanMark);
    }
  }, 120_000);

  it('never JIT-compiles a statement, however high PostgreSQL prices it, on either pool', async (context) => {
    if (embeddedPglite(app.db)) return context.skip('a PostgreSQL plan: this run is on the embedded PGlite');
    // Priced at about 300,000 (past jit_above_cost, 100,000 by default) and done at once: the scan never runs. A million
    // SWMS' search is priced past 100,000 after a bulk review's churn, and compiling would cost it many times its run.
    const pricedHigh = 'SELECT count(*) FROM generate_series(1, 20000000) g WHERE (SELECT false) AND g % 7 = 3';
    for (const mark of ['', `${genericPlanMark} `]) {
      const { rows } = await sql<{ 'QUERY PLAN': { Plan: { 'Total Cost': number }; JIT?: unknown }[] }>`${sql.raw(`${mark}EXPLAIN (ANALYZE, FORMAT JSON) ${pricedHigh}`)}`.execute(app.db);
      const [explained] = rows[0]!['QUERY PLAN'];
      expect(explained!.Plan['Total Cost'], mark).toBeGreaterThan(100_000);
      expect(explained!.JIT, `${mark}${pricedHigh}`).toBeUndefined();
      const setting = await sql<{ jit: string }>`${sql.raw(`${mark}SELECT current_setting('jit') AS jit`)}`.execute(app.db);
      expect(setting.rows[0]?.jit, mark).toBe('off');
    }
  });

  it("reads a search's candidates from its own company only (migration 026)", async (context) => {
    if (embeddedPglite(app.db)) return context.skip('a PostgreSQL plan: this run is on the embedded PGlite');
    const reviewer = { userId: seed.companyId, requestId: null, companyId: seed.companyId, flag: 'companyAdmin' as const };
    // The statements the searches run, explained with their own values; another company's submitters and sites share
    // the tables (the seed's second company), and a trigram scan without the company read and dropped them one by one.
    const explained = await explainedPlans(async (db) => {
      await searchSwms(portal(db), reviewer, decodeOr400(SwmsListQuery, { search: 'olivia' }));
      await searchSwms(portal(db), reviewer, decodeOr400(SwmsListQuery, { search: 'parramatta' }));
      await searchSites(portal(db), seed.companyId, decodeOr400(SiteListQuery, { search: 'parramatta' }));
    });
    // Each trigram index the searches read names the company in its index condition.
    for (const index of ['swms_counts_submitter_search', 'project_sites_search_text_trgm', 'project_sites_address_trgm']) {
      const scans = [...explained.matchAll(new RegExp(`"Index Name":"${index}"[^}]*?"Index Cond":"([^"]*)"`, 'g'))].map((match) => match[1]);
      expect(scans.length, index).toBeGreaterThan(0);
      for (const condition of scans) expect(condition, index).toContain('company_id');
    }
  }, 60_000);

  it("reads a company's audit trail along its chain, a date range by its time and a SWMS's history along its target (migration 035)", async (context) => {
    if (embeddedPglite(app.db)) return context.skip('a PostgreSQL plan: this run is on the embedded PGlite');
    // A select-all review of the company's SWMS writes an event for each into the company's chain.
    const supervisor = await app.db.selectFrom('users').select('id').where('email', '=', seed.supervisorEmail).executeTakeFirstOrThrow();
    const reviewer = { userId: supervisor.id, requestId: null, companyId: seed.companyId, flag: 'supervisor' as const };
    expect((await changeMatchingReviewStatus(portal(app.db), reviewer, {}, [], 'reviewed')).changed).toBeGreaterThan(1_000);
    await sql`ANALYZE audit_events`.execute(app.db);
    const event = await app.db
      .selectFrom('audit_events')
      .select(['seq', 'entity_id', 'actor_user_id', 'created_at'])
      .where('chain', '=', seed.companyId)
      .where('entity', '=', 'swms')
      .orderBy('seq', 'desc')
      .offset(100)
      .executeTakeFirstOrThrow();
    const at = new Date(event.created_at);
    const chain = 'audit_events_chain_seq';
    const byTime = 'audit_events_chain_time';
    // Each read and the indexes it may take: a date range the chain's walk from its newest meets at once, or the range
    // read by its time; a range before the first event by its time, where the walk would read the whole chain.
    const cases: readonly [string, Record<string, unknown>, readonly string[]][] = [
      ['page one', {}, [chain]],
      ['a later page', { cursor: Number(event.seq) }, [chain]],
      ['a search', { search: 'olivia' }, [chain]],
      ['a search that finds nothing', { search: 'zzzz' }, [chain]],
      ['an actor', { actor: event.actor_user_id }, [chain]],
      ['an action', { action: 'swms.reviewed' }, [chain]],
      ['a recent date range', { from: new Date(at.getTime() - 60_000).toISOString(), to: at.toISOString() }, [chain, byTime]],
      ['a date range before the first event', { from: '2020-01-01T00:00:00.000Z', to: '2020-01-02T00:00:00.000Z' }, [byTime]],
      ["a SWMS's history", { targetType: 'swms', targetId: event.entity_id }, ['audit_events_entity']],
    ];
    for (const [name, query, indexes] of cases) {
      const explained = await explainedPlans((db) => searchAuditEvents(db, seed.companyId, query as never, 50).then(() => undefined), { analyze: true });
      const read = executedIndexes(explained).filter((index) => index.startsWith('audit_events'));
      expect(read.length, name).toBe(1);
      expect(indexes, `${name} read ${read.join(', ')}`).toContain(read[0]);
      expect(explained, name).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"audit_events"/);
    }
  }, 60_000);
});
