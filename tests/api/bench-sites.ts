/**
 * Times GET /api/company/{id}/projectSites at 5,000 sites in one company (issue 4: search, sort,
 * filter and paging stay fast), beside 20 other companies of 1,000 sites each.
 * Run: npx tsx tests/api/bench-sites.ts   (PGlite; set TEST_DATABASE_URL to time PostgreSQL instead)
 * Prints figures only; nothing is asserted.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { siteStatuses } from '../../src/domain/site-status';
import { ppeValues } from '../../src/domain/ppe';
import { createTestApp } from './test-app';

const siteCount = 5_000;
const otherCompanies = 20;
const otherCompanySites = 1_000;
const supervisorCount = 30;
const batchSize = 1_000;
const warmUp = 5;
const runs = 60;

const suburbs: readonly [string, string][] = [
  ['Parramatta', '2150'], ['Bondi', '2026'], ['Manly', '2095'], ['Surry Hills', '2010'], ['Chatswood', '2067'],
  ['Penrith', '2750'], ['Liverpool', '2170'], ['Hornsby', '2077'], ['Cronulla', '2230'], ['Newtown', '2042'],
  ['Blacktown', '2148'], ['Ryde', '2112'], ['Campbelltown', '2560'], ['Hurstville', '2220'], ['Mosman', '2088'],
];
const streets = ['George St', 'Pitt St', 'Church St', 'Victoria Rd', 'Pacific Hwy', 'Parramatta Rd', 'King St', 'Oxford St', 'Military Rd', 'Anzac Pde'];
const clients = ['Westfield Group', 'Lendlease', 'Mirvac', 'Stockland', 'Frasers Property', 'Meriton', 'Multiplex', 'Hutchinson Builders', 'Built', 'Richard Crookes'];
const firstNames = ['Sam', 'Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Charlie', 'Harper'];
const surnames = ['Nguyen', 'Smith', 'Wilson', 'Brown', 'Taylor', 'Chen', 'Singh', 'Walker', 'Kelly', 'Murphy'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

async function insertCompany(app: App, n: number): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('companies')
    .values({
      id,
      name: `Bench Constructions ${n}`,
      abn: String(20_000_000_000 + n),
      builders_reg_number: `BR-${n}`,
      phone: '0291234567',
      email: `office${n}@bench.test`,
      address: `${n} George St, Sydney NSW 2000`,
      postal_address: `PO Box ${n}, Sydney NSW 2001`,
    })
    .execute();
  return id;
}

async function insertStaff(app: App, companyId: string, n: number): Promise<{ adminId: string; supervisorRoleIds: string[] }> {
  const users = [];
  const roles = [];
  const adminId = randomUUID();
  users.push({ id: adminId, email: `admin${n}@bench.test`, first_name: 'Ada', surname: `Admin${n}` });
  roles.push({ id: randomUUID(), user_id: adminId, company_id: companyId, role: 'CompanyAdmin' as const });
  const supervisorRoleIds: string[] = [];
  for (let i = 0; i < supervisorCount; i++) {
    const userId = randomUUID();
    const roleId = randomUUID();
    users.push({
      id: userId,
      email: `supervisor${i}.${n}@bench.test`,
      first_name: pick(firstNames, i),
      surname: pick(surnames, Math.floor(i / 3) + i),
      phone: i % 4 === 0 ? '' : `04${String(10_000_000 + i * 7919 + n).slice(-8)}`,
    });
    roles.push({ id: roleId, user_id: userId, company_id: companyId, role: 'CompanySupervisor' as const });
    supervisorRoleIds.push(roleId);
  }
  await app.db.insertInto('users').values(users).execute();
  await app.db.insertInto('user_roles').values(roles).execute();
  return { adminId, supervisorRoleIds };
}

async function insertSites(app: App, companyId: string, count: number, supervisorRoleIds: readonly string[], seed: number): Promise<void> {
  const now = Date.now();
  for (let offset = 0; offset < count; offset += batchSize) {
    const sites = [];
    for (let i = offset; i < Math.min(offset + batchSize, count); i++) {
      const k = i + seed;
      const [suburb, postcode] = pick(suburbs, k * 7);
      sites.push({
        id: randomUUID(),
        company_id: companyId,
        address: `${(k % 400) + 1} ${pick(streets, k * 3)}`,
        suburb,
        postcode,
        site_number: `JOB-${String(1000 + i)}`,
        client_name: `${pick(clients, k * 11)}${k % 5 === 0 ? ' Pty Ltd' : ''}`,
        supervisor_role_id: k % 5 === 4 ? null : pick(supervisorRoleIds, k * 13),
        ppe: ppeValues.filter((_, index) => (k >> index) % 2 === 1),
        other_ppe: k % 9 === 0 ? 'Sunscreen' : '',
        status: pick(siteStatuses, k % 10 < 6 ? 0 : k),
        created_at: new Date(now - (count - i) * 3_600_000),
        updated_at: new Date(now - (count - i) * 3_600_000),
      });
    }
    await app.db.insertInto('project_sites').values(sites).execute();
  }
}

async function main() {
  const { app, close } = await createTestApp();
  try {
    const started = performance.now();
    const companyId = await insertCompany(app, 0);
    const { adminId, supervisorRoleIds } = await insertStaff(app, companyId, 0);
    await insertSites(app, companyId, siteCount, supervisorRoleIds, 0);
    for (let n = 1; n <= otherCompanies; n++) {
      const otherId = await insertCompany(app, n);
      const staff = await insertStaff(app, otherId, n);
      await insertSites(app, otherId, otherCompanySites, staff.supervisorRoleIds, n * 17);
    }
    console.log(
      `inserted ${siteCount} sites in the timed company and ${otherCompanies * otherCompanySites} in ${otherCompanies} others ` +
        `in ${Math.round(performance.now() - started)} ms`,
    );
    await sql`ANALYZE`.execute(app.db);
    const token = await app.auth.issueAccessToken(adminId);
    const url = `/api/company/${companyId}/projectSites`;

    const scenarios: [string, string][] = [
      ['Default (newest first), page 1', ''],
      ['createdAt.date.asc', 'sort=createdAt.date.asc'],
      ['address.string.asc', 'sort=address.string.asc'],
      ['address.string.desc', 'sort=address.string.desc'],
      ['suburb.string.asc', 'sort=suburb.string.asc'],
      ['suburb.string.desc', 'sort=suburb.string.desc'],
      ['supervisorName.string.asc', 'sort=supervisorName.string.asc'],
      ['supervisorName.string.desc', 'sort=supervisorName.string.desc'],
      ['clientName.string.asc', 'sort=clientName.string.asc'],
      ['clientName.string.desc', 'sort=clientName.string.desc'],
      ['siteNumber.string.asc', 'sort=siteNumber.string.asc'],
      ['siteNumber.string.desc', 'sort=siteNumber.string.desc'],
      ['address A-Z, page 50 of 100 per page', 'sort=address.string.asc&page=50&pageSize=100'],
      ['Newest, 100 per page', 'pageSize=100'],
      ['Filter on_hold', 'filter=status.string.on_hold'],
      ['Filter ongoing, address A-Z', 'status=ongoing&sort=address.string.asc'],
      ['Filter completed, supervisor A-Z', 'status=completed&sort=supervisorName.string.asc'],
      ['Search "parramatta" (suburb, many hits)', 'search=parramatta'],
      ['Search "george st" (two words)', `search=${encodeURIComponent('george st')}`],
      ['Search "lendlease" (client)', 'search=lendlease'],
      ['Search "nguyen" (supervisor)', 'search=nguyen'],
      ['Search "JOB-4321" (job no., one hit)', 'search=JOB-4321'],
      ['Search "2150" (postcode)', 'search=2150'],
      ['Search with no match', 'search=zzzz-no-such-site'],
      ['Search "mirvac" + ongoing + suburb A-Z', 'search=mirvac&status=ongoing&sort=suburb.string.asc'],
    ];

    console.log(`\nGET ${url.replace(companyId, '{id}')}, ${runs} runs each after ${warmUp} warm-up runs (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`${'scenario'.padEnd(44)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  total`);
    for (const [label, query] of scenarios) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < warmUp + runs; run++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: { authorization: `Bearer ${token}` } });
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
