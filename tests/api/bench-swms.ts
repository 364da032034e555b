/**
 * Times GET /api/company/{id}/swms at 100,000 SWMS in one company (issue 5: search, sort, filter and
 * paging stay fast), plus a site's cursor-paged SWMS and check-ins.
 * Run: npx tsx tests/api/bench-swms.ts   (PGlite; set TEST_DATABASE_URL to time PostgreSQL instead)
 * Prints figures only; nothing is asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { seedLists } from '../bench/list-seed';
import { createTestApp } from './test-app';

const swmsCount = 100_000;
const siteCount = 250;
const tradesCount = 2_000;
const checkInCount = 50_000;
const warmUp = 5;
const runs = 60;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  const { app, close } = await createTestApp();
  try {
    const started = performance.now();
    const db = app.db;
    // The same data as `npm run bench` (another company's SWMS alongside), plus check-ins.
    const { companyId: benchCompany } = await seedLists(db, { swms: swmsCount, sites: siteCount, clients: 2, trades: tradesCount });
    await sql`
      WITH sites AS (SELECT array_agg(id ORDER BY id) AS ids FROM project_sites WHERE company_id = ${benchCompany}),
           trades AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'tradie%@bench.test')
      INSERT INTO check_ins (id, site_id, user_id, created_at)
      SELECT gen_random_uuid(), sites.ids[1 + (n * 13) % array_length(sites.ids, 1)], trades.ids[1 + (n * 7) % array_length(trades.ids, 1)],
             now() - n * interval '11 minutes'
      FROM generate_series(1, ${checkInCount}) AS n, sites, trades`.execute(db);
    await sql`ANALYZE`.execute(db);
    console.log(
      `inserted ${swmsCount} SWMS on ${siteCount} sites (+5% of that in another company) and ${checkInCount} check-ins in ${Math.round(performance.now() - started)} ms`,
    );

    const adminToken = await app.auth.tokenForEmail('admin@bench.test');
    const supervisorToken = await app.auth.tokenForEmail('supervisor@bench.test');
    const busySite = await db
      .selectFrom('swms')
      .select(['site_id', sql<number>`count(*)`.as('n')])
      .where('company_id', '=', benchCompany)
      .groupBy('site_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const sample = await db
      .selectFrom('project_sites')
      .select(['site_number', 'suburb'])
      .where('id', '=', busySite.site_id)
      .executeTakeFirstOrThrow();
    const listUrl = `/api/company/${benchCompany}/swms`;
    const siteUrl = `/api/company/${benchCompany}/projectSites/${busySite.site_id}`;
    const deepCursor = async (list: 'swms' | 'checkins') => {
      let cursor = '';
      for (let page = 0; page < 3; page++) {
        const response = await app.inject({ method: 'GET', url: `${siteUrl}/${list}?limit=50${cursor}`, headers: { authorization: `Bearer ${adminToken}` } });
        const next = response.json<{ nextCursor: string | null }>().nextCursor;
        if (next === null) break;
        cursor = `&cursor=${next}`;
      }
      return cursor;
    };

    const scenarios: [string, string, string][] = [
      ['Date New-Old (default), page 1', `${listUrl}`, adminToken],
      ['Date Old-New, page 1', `${listUrl}?sort=createdAt.date.asc`, adminToken],
      ['Job No. Low-High, page 1', `${listUrl}?sort=siteNumber.number.asc`, adminToken],
      ['Job No. High-Low, page 1', `${listUrl}?sort=siteNumber.number.desc`, adminToken],
      ['For Review (admin flag), New-Old', `${listUrl}?filter=status.string.forReview`, adminToken],
      ['For Review (supervisor flag), Old-New', `${listUrl}?filter=status.string.forReview&sort=createdAt.date.asc`, supervisorToken],
      ['Reviewed (supervisor flag), New-Old', `${listUrl}?filter=status.string.reviewed`, supervisorToken],
      ['For Review (admin), Job No. Low-High', `${listUrl}?filter=status.string.forReview&sort=siteNumber.number.asc`, adminToken],
      ['Search submitter "olivia"', `${listUrl}?search=olivia`, supervisorToken],
      [`Search suburb "${sample.suburb}"`, `${listUrl}?search=${sample.suburb}`, supervisorToken],
      [`Search job no. "${sample.site_number}"`, `${listUrl}?search=${sample.site_number}`, supervisorToken],
      ['Search "olivia", For Review, Job No.', `${listUrl}?search=olivia&filter=status.string.forReview&sort=siteNumber.number.desc`, adminToken],
      ['Search with no match', `${listUrl}?search=zzzz-no-such-thing`, adminToken],
      ['Date New-Old, 100 per page', `${listUrl}?pageSize=100`, adminToken],
      ['Date New-Old, page 250 of 100', `${listUrl}?pageSize=100&page=250`, adminToken],
      ['Job No. Low-High, page 250 of 100', `${listUrl}?sort=siteNumber.number.asc&pageSize=100&page=250`, adminToken],
      ['Site SWMS, first 10', `${siteUrl}/swms`, adminToken],
      ['Site SWMS, 50 after 150', `${siteUrl}/swms?limit=50${await deepCursor('swms')}`, adminToken],
      ['Site check-ins, first 10', `${siteUrl}/checkins`, supervisorToken],
      ['Site check-ins, 50 after 150', `${siteUrl}/checkins?limit=50${await deepCursor('checkins')}`, supervisorToken],
    ];

    console.log(`\n${runs} runs each after ${warmUp} warm-up runs (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`${'scenario'.padEnd(42)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  rows`);
    for (const [label, url, token] of scenarios) {
      const times: number[] = [];
      let rows = '';
      for (let run = 0; run < warmUp + runs; run++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        const body = response.json<{ total?: number; items: unknown[] }>();
        rows = body.total === undefined ? `${body.items.length}` : `${body.total}`;
        if (run >= warmUp) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
      console.log(`${label.padEnd(42)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))}  ${rows}`);
    }

    const bulkIds = (await db.selectFrom('swms').select('id').where('company_id', '=', benchCompany).where('supervisor_reviewed_at', 'is', null).limit(500).execute()).map((row) => row.id);
    const t0 = performance.now();
    const bulk = await app.inject({
      method: 'PUT',
      url: listUrl,
      headers: { authorization: `Bearer ${supervisorToken}` },
      payload: { swmsIds: bulkIds, status: 'reviewed' },
    });
    if (bulk.statusCode !== 200) throw new Error(`bulk review: ${bulk.statusCode} ${bulk.body}`);
    console.log(`${'Bulk review of 500 SWMS (one call)'.padEnd(42)} ${`${(performance.now() - t0).toFixed(1)} ms`.padStart(9)}`);
  } finally {
    await close();
  }
}

await main();
