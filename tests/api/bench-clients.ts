/**
 * Times GET /api/company at 10,000 clients (issue 3: search, sort and paging stay fast).
 * Run: npx tsx tests/api/bench-clients.ts   (PGlite; set TEST_DATABASE_URL to time PostgreSQL instead)
 * Prints figures only; nothing is asserted.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addSuperUser } from '../../server/users/repository';
import { createTestApp } from './test-app';

const companyCount = 10_000;
const batchSize = 500;
const warmUp = 5;
const runs = 60;

const suburbs = ['Sydney NSW 2000', 'Parramatta NSW 2150', 'Melbourne VIC 3000', 'Brisbane QLD 4000', 'Perth WA 6000', 'Hobart TAS 7000'];
const words = ['Harbour', 'Ridgeline', 'Summit', 'Coastal', 'Granite', 'Ironbark', 'Southern', 'Redgum', 'Bluestone', 'Northside'];
const kinds = ['Build Co', 'Constructions', 'Builders', 'Homes', 'Projects', 'Developments'];

function abnFor(n: number): string {
  const base = String(n).padStart(9, '0');
  const weights = [3, 5, 7, 9, 11, 13, 15, 17, 19];
  const rest = [...base].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return `${10 + ((89 - (rest % 89)) % 89)}${base}`;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  const { app, close } = await createTestApp();
  try {
    const started = performance.now();
    const now = Date.now();
    for (let offset = 0; offset < companyCount; offset += batchSize) {
      const companies = [];
      const users = [];
      const roles = [];
      for (let i = offset; i < Math.min(offset + batchSize, companyCount); i++) {
        const id = randomUUID();
        companies.push({
          id,
          name: `${pick(words, i)} ${pick(words, Math.floor(i / 10))} ${pick(kinds, Math.floor(i / 7))} ${i}`,
          abn: abnFor(100_000_000 + i),
          builders_reg_number: `BR-${i}`,
          phone: '0291234567',
          email: `office${i}@bench.test`,
          address: `${(i % 300) + 1} ${pick(words, i + 3)} St, ${pick(suburbs, i)}`,
          postal_address: `PO Box ${i}, ${pick(suburbs, i)}`,
          created_at: new Date(now - (companyCount - i) * 60_000),
          deleted_at: i % 50 === 0 ? new Date(now) : null,
        });
        for (let staff = 0; staff < (i % 3) + 1; staff++) {
          const userId = randomUUID();
          users.push({ id: userId, email: `staff${staff}.${i}@bench.test` });
          roles.push({
            id: randomUUID(),
            user_id: userId,
            company_id: id,
            role: staff === 0 ? ('CompanyAdmin' as const) : ('CompanySupervisor' as const),
            status: staff === 2 ? ('invited' as const) : ('active' as const),
          });
        }
      }
      await app.db.insertInto('companies').values(companies).execute();
      await app.db.insertInto('users').values(users).execute();
      await app.db.insertInto('user_roles').values(roles).execute();
    }
    console.log(`inserted ${companyCount} companies (2% soft-deleted) in ${Math.round(performance.now() - started)} ms`);
    await sql`ANALYZE`.execute(app.db);
    const { user } = await addSuperUser(app.db, 'bench-super@sitesafe.test');
    const token = await app.auth.issueAccessToken(user.id);

    const scenarios: [string, string][] = [
      ['Sort Most Recent, page 1', 'sort=createdAt.date.desc'],
      ['Sort A-Z, page 1', 'sort=name.string.asc'],
      ['Sort Z-A, page 1', 'sort=name.string.desc'],
      ['Sort A-Z, page 250 of 20', 'sort=name.string.asc&page=250&pageSize=20'],
      ['Sort Most Recent, 100 per page', 'sort=createdAt.date.desc&pageSize=100'],
      ['Search "harbour" (many hits), Most Recent', 'search=harbour&sort=createdAt.date.desc'],
      ['Search "harbour", A-Z', 'search=harbour&sort=name.string.asc'],
      ['Search "parramatta" (address)', 'search=parramatta'],
      ['Search an ABN with spaces', `search=${encodeURIComponent('10 000 500')}`],
      ['Search with no match', 'search=zzzz-no-such-company'],
    ];

    console.log(`\nGET /api/company, ${runs} runs each after ${warmUp} warm-up runs (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`${'scenario'.padEnd(44)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  total`);
    for (const [label, query] of scenarios) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < warmUp + runs; run++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/company?${query}`, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        total = response.json<{ total: number }>().total;
        if (run >= warmUp) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
      console.log(`${label.padEnd(44)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))}  ${total}`);
    }
  } finally {
    await close();
  }
}

await main();
