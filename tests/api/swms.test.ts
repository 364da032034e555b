import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Swms, SwmsBulkResult, SwmsList, SwmsMatchingResult, type SwmsListItem } from '../../src/domain/swms';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, signedInAccount, type SignedInAccount } from './test-app';
import { answer, call as callApi, type Method } from './calls';

let app: FastifyInstance;
/** This file's calls go to its app. */
const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(app, method, url, token, payload);
let close: () => Promise<void>;

type Account = SignedInAccount;
const account = (email: string) => signedInAccount(app, email);

let harbourAdmin: Account;
let harbourSupervisor: Account;
let harbourSupervisor2: Account;
let ridgelineAdmin: Account;
let ridgelineSupervisor: Account;
let superUser: Account;
let tradie: Account;
let stranger: Account;
let harbourSwms: string[];
let ridgelineSwms: string[];

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  await seedDemo(app.db, app.storage);
  harbourAdmin = await account('admin@harbourbuild.demo');
  harbourSupervisor = await account('supervisor@harbourbuild.demo');
  harbourSupervisor2 = await account('supervisor2@harbourbuild.demo');
  ridgelineAdmin = await account('admin@ridgeline.demo');
  ridgelineSupervisor = await account('supervisor@ridgeline.demo');
  superUser = await account('super@sitesafe.demo');
  tradie = await account('tradie1@trades.demo');
  stranger = await account('nobody@example.test');
  harbourSwms = await swmsIdsOf(harbourAdmin.companyId);
  ridgelineSwms = await swmsIdsOf(ridgelineAdmin.companyId);
}, 120_000);
afterAll(async () => close());

async function swmsIdsOf(companyId: string): Promise<string[]> {
  const rows = await app.db.selectFrom('swms').select('id').where('company_id', '=', companyId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

const deniedPage = { statusCode: 403, body: 'You are not authorised to view this page' };
const deniedSwms = { statusCode: 403, body: 'You are not authorised to view this SWMS' };

const listUrl = (companyId: string, query = '') => `/api/company/${companyId}/swms${query ? `?${query}` : ''}`;
const swmsUrl = (companyId: string, swmsId: string) => `/api/company/${companyId}/swms/${swmsId}`;

function decoded<A>(result: { ok: true; value: A } | { ok: false; issues: readonly { path: string; message: string }[] }): A {
  if (!result.ok) throw new Error(`response does not match its schema: ${JSON.stringify(result.issues)}`);
  return result.value;
}

async function list(viewer: Account, query = ''): Promise<SwmsList> {
  const response = await call('GET', listUrl(viewer.companyId, query), viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return decoded(decode(SwmsList, response.json()));
}

/** Every row the list answers for `query`, page by page. */
async function everyRow(viewer: Account, query: string): Promise<SwmsListItem[]> {
  const rows: SwmsListItem[] = [];
  for (let page = 1; ; page++) {
    const result = await list(viewer, `${query}&pageSize=100&page=${page}`);
    rows.push(...result.items);
    if (rows.length >= result.total || result.items.length === 0) return rows;
  }
}

async function readOne(viewer: Account, swmsId: string): Promise<Swms> {
  const response = await call('GET', swmsUrl(viewer.companyId, swmsId), viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return decoded(decode(Swms, response.json()));
}

async function change(viewer: Account, body: unknown) {
  return call('PUT', listUrl(viewer.companyId), viewer.token, body);
}

async function stored(swmsId: string) {
  return app.db.selectFrom('swms').selectAll().where('id', '=', swmsId).executeTakeFirstOrThrow();
}

async function storedFlags(ids: readonly string[]) {
  const rows = await app.db
    .selectFrom('swms')
    .select(['id', 'company_admin_reviewed_at', 'company_admin_reviewed_by', 'supervisor_reviewed_at', 'supervisor_reviewed_by'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows;
}

async function setFlags(ids: readonly string[], flags: { admin: string | null; supervisor: string | null }) {
  await app.db
    .updateTable('swms')
    .set({
      company_admin_reviewed_at: flags.admin ? new Date('2026-01-05T09:00:00Z') : null,
      company_admin_reviewed_by: flags.admin,
      supervisor_reviewed_at: flags.supervisor ? new Date('2026-01-06T10:00:00Z') : null,
      supervisor_reviewed_by: flags.supervisor,
    })
    .where('id', 'in', ids)
    .execute();
}

async function reviewEvents(swmsId: string) {
  return app.db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', 'swms')
    .where('entity_id', '=', swmsId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function auditCount() {
  const row = await app.db.selectFrom('audit_events').select(sql<number>`count(*)`.as('n')).where('entity', '=', 'swms').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A company of its own with an admin, a supervisor, one site and `count` SWMS by one tradesperson. */
async function companyWithSwms(count: number) {
  const suffix = randomUUID().slice(0, 8);
  const companyId = randomUUID();
  await app.db
    .insertInto('companies')
    .values({ id: companyId, name: `Bulk ${suffix}`, abn: `9${suffix}`, builders_reg_number: 'BR', phone: '0290000000', email: 'bulk@bulk.test', address: '1 Bulk St', postal_address: '1 Bulk St' })
    .execute();
  const staff = async (role: 'CompanyAdmin' | 'CompanySupervisor' | 'TradesPerson', label: string) => {
    const email = `${label}.${suffix}@bulk.test`;
    const userId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: label, surname: 'Bulk' }).execute();
    await app.db
      .insertInto('user_roles')
      .values({ id: randomUUID(), user_id: userId, company_id: role === 'TradesPerson' ? null : companyId, role, status: 'active' })
      .execute();
    return account(email);
  };
  const admin = await staff('CompanyAdmin', 'admin');
  const supervisor = await staff('CompanySupervisor', 'supervisor');
  const trades = await staff('TradesPerson', 'tradie');
  const siteId = randomUUID();
  await app.db
    .insertInto('project_sites')
    .values({ id: siteId, company_id: companyId, address: '2 Bulk St', suburb: 'Sydney', postcode: '2000', site_number: 'BK-1', client_name: 'Bulk' })
    .execute();
  const swmsIds = Array.from({ length: count }, () => randomUUID());
  await app.db
    .insertInto('swms')
    .values(
      swmsIds.map((id, index) => ({
        id,
        company_id: companyId,
        site_id: siteId,
        created_by: trades.userId,
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
        risk_consequence_level: 2,
        risk_likelihood_level: 2,
        risk_overall_level: 4,
        task_description: `Task ${index}`,
      })),
    )
    .execute();
  return { companyId, admin, supervisor, trades, siteId, swmsIds };
}

type BulkCompany = Awaited<ReturnType<typeof companyWithSwms>>;

let addedMinute = 0;
/** `count` more SWMS of the company, by `by` on `site`, every other one reviewed by the company admin. */
async function addSwms(company: BulkCompany, site: string, by: string, count: number) {
  if (count === 0) return;
  await app.db
    .insertInto('swms')
    .values(
      Array.from({ length: count }, (_, index) => ({
        id: randomUUID(),
        company_id: company.companyId,
        site_id: site,
        created_by: by,
        created_at: new Date(Date.UTC(2026, 1, 1) + ++addedMinute * 60_000),
        risk_consequence_level: 2,
        risk_likelihood_level: 2,
        risk_overall_level: 4,
        task_description: `Matched ${index}`,
        company_admin_reviewed_at: index % 2 === 0 ? new Date() : null,
      })),
    )
    .execute();
}

/**
 * A submitter and a site of the company whose names hold `word` (Quill `word`; 9 `word` Rd, job M-`word`): the
 * submitter's SWMS on that site and on the company's first site, and the site's SWMS by the company's tradesperson.
 * Answers how many SWMS match the word.
 */
async function matchingSwms(company: BulkCompany, word: string, submitterSwms: { own: number; onOtherSite: number }, siteSwms: { byOthers: number }) {
  const userId = randomUUID();
  await app.db.insertInto('users').values({ id: userId, email: `${word}.${company.companyId}@bulk.test`, first_name: 'Quill', surname: word }).execute();
  const matchedSite = randomUUID();
  await app.db
    .insertInto('project_sites')
    .values({ id: matchedSite, company_id: company.companyId, address: `9 ${word} Rd`, suburb: 'Sydney', postcode: '2000', site_number: `M-${word}`, client_name: 'M' })
    .execute();
  await addSwms(company, matchedSite, userId, submitterSwms.own);
  await addSwms(company, company.siteId, userId, submitterSwms.onOtherSite);
  await addSwms(company, matchedSite, company.trades.userId, siteSwms.byOthers);
  return submitterSwms.own + submitterSwms.onOtherSite + siteSwms.byOthers;
}

/** For each viewer and filter, the search's total is the number of rows its pages hold, each once; unfiltered, `expected`. */
async function expectExactCounts(company: BulkCompany, term: string, expected: number) {
  const { admin, supervisor } = company;
  for (const [viewer, filter] of [[admin, ''], [admin, '&filter=status.string.forReview'], [admin, '&filter=status.string.reviewed'], [supervisor, '&filter=status.string.forReview']] as const) {
    const query = `search=${encodeURIComponent(term.toLowerCase())}${filter}`;
    const rows = await everyRow(viewer, query);
    if (filter === '') expect(rows.length, query).toBe(expected);
    expect((await list(viewer, query)).total, query).toBe(rows.length);
    expect(new Set(rows.map((row) => row._id)).size, query).toBe(rows.length);
  }
}

const jobDigits = (siteNumber: string) => {
  const digits = siteNumber.replace(/\D/g, '');
  return digits === '' ? null : BigInt(digits);
};

describe('the demo data this suite reads', () => {
  it('has SWMS in both companies and the accounts it signs in with', () => {
    expect(harbourSwms.length).toBeGreaterThan(10);
    expect(ridgelineSwms.length).toBeGreaterThan(0);
    expect(harbourAdmin.companyId).not.toBe(ridgelineAdmin.companyId);
    expect(harbourSupervisor.companyId).toBe(harbourAdmin.companyId);
  });
});

describe('who may call the SWMS endpoints', () => {
  it('needs a signed-in user', async () => {
    expect((await call('GET', listUrl(harbourAdmin.companyId))).statusCode).toBe(401);
    expect((await call('GET', swmsUrl(harbourAdmin.companyId, harbourSwms[0]!))).statusCode).toBe(401);
    expect((await call('PUT', listUrl(harbourAdmin.companyId), undefined, { swmsId: harbourSwms[0], status: 'reviewed' })).statusCode).toBe(401);
  });

  it("refuses another company's users, the super user, tradespeople and the unregistered alike, with no data", async () => {
    const swmsId = harbourSwms[0]!;
    for (const viewer of [ridgelineAdmin, ridgelineSupervisor, superUser, tradie, stranger]) {
      expect(answer(await call('GET', listUrl(harbourAdmin.companyId), viewer.token))).toEqual(deniedPage);
      expect(answer(await call('GET', swmsUrl(harbourAdmin.companyId, swmsId), viewer.token))).toEqual(deniedPage);
      expect(answer(await call('PUT', listUrl(harbourAdmin.companyId), viewer.token, { swmsId, status: 'reviewed' }))).toEqual(deniedPage);
    }
  });

  it('answers an unknown or malformed company id exactly as it answers an existing foreign one', async () => {
    for (const companyId of [randomUUID(), 'not-a-company', ridgelineAdmin.companyId]) {
      expect(answer(await call('GET', listUrl(companyId), harbourAdmin.token))).toEqual(deniedPage);
      expect(answer(await call('GET', swmsUrl(companyId, harbourSwms[0]!), harbourAdmin.token))).toEqual(deniedPage);
      expect(answer(await call('PUT', listUrl(companyId), harbourSupervisor.token, { swmsIds: [harbourSwms[0]], status: 'reviewed' }))).toEqual(deniedPage);
    }
  });
});

describe('GET /api/company/:id/swms', () => {
  beforeEach(async () => {
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  it("lists only the viewer's company, newest first, with the spec's columns", async () => {
    for (const viewer of [harbourAdmin, harbourSupervisor]) {
      const rows = await everyRow(viewer, 'sort=createdAt.date.desc');
      expect(rows.map((row) => row._id).sort()).toEqual(harbourSwms);
      const times = rows.map((row) => Date.parse(row.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const ridgeline = await list(ridgelineSupervisor, '');
    expect(ridgeline.total).toBe(ridgelineSwms.length);
    expect(ridgeline.items.every((item) => ridgelineSwms.includes(item._id))).toBe(true);

    const first = (await list(harbourAdmin, 'pageSize=1')).items[0]!;
    const row = await app.db
      .selectFrom('swms as s')
      .innerJoin('project_sites as p', 'p.id', 's.site_id')
      .innerJoin('users as u', 'u.id', 's.created_by')
      .select(['s.created_by', 'u.first_name', 'u.surname', 'p.id as site_id', 'p.address', 'p.suburb', 'p.postcode', 'p.site_number', 'p.time_zone', 's.created_at', 's.risk_overall_level'])
      .where('s.id', '=', first._id)
      .executeTakeFirstOrThrow();
    expect(first).toEqual({
      _id: first._id,
      createdAt: row.created_at.toISOString(),
      submittedBy: { _id: row.created_by, firstName: row.first_name, surname: row.surname },
      siteId: row.site_id,
      siteAddress: `${row.address}, ${row.suburb} ${row.postcode}`,
      siteNumber: row.site_number,
      siteTimeZone: row.time_zone,
      status: 'forReview',
      adminReviewedAt: null,
      supervisorReviewedAt: null,
      riskOverallLevel: row.risk_overall_level,
    });
  });

  it('sorts oldest first', async () => {
    const rows = await everyRow(harbourSupervisor, 'sort=createdAt.date.asc');
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(rows).toHaveLength(harbourSwms.length);
  });

  it('sorts by the number the job number spells, low-high and high-low; within a job by date the same way (one keyset, walked both ways)', async () => {
    for (const [sort, direction] of [['siteNumber.number.asc', 1n], ['siteNumber.number.desc', -1n]] as const) {
      const rows = await everyRow(harbourAdmin, `sort=${sort}`);
      expect(rows).toHaveLength(harbourSwms.length);
      for (let i = 1; i < rows.length; i++) {
        const before = jobDigits(rows[i - 1]!.siteNumber);
        const after = jobDigits(rows[i]!.siteNumber);
        if (before !== null && after !== null) expect((after - before) * direction >= 0n, `${rows[i - 1]!.siteNumber} then ${rows[i]!.siteNumber}`).toBe(true);
        if (before === after && rows[i - 1]!.siteNumber === rows[i]!.siteNumber) {
          expect((BigInt(Date.parse(rows[i]!.createdAt)) - BigInt(Date.parse(rows[i - 1]!.createdAt))) * direction >= 0n).toBe(true);
        }
      }
    }
  });

  it('orders job numbers by their numeric value, not as text', async () => {
    const sites = await app.db
      .selectFrom('swms')
      .innerJoin('project_sites as p', 'p.id', 'swms.site_id')
      .select(['p.id', 'p.site_number'])
      .distinct()
      .where('swms.company_id', '=', harbourAdmin.companyId)
      .orderBy('p.id')
      .limit(2)
      .execute();
    const [nine, ten] = sites;
    await app.db.updateTable('project_sites').set({ site_number: 'JOB-9' }).where('id', '=', nine!.id).execute();
    await app.db.updateTable('project_sites').set({ site_number: 'JOB-10' }).where('id', '=', ten!.id).execute();
    try {
      const ascending = (await everyRow(harbourAdmin, 'sort=siteNumber.number.asc')).map((row) => row.siteNumber);
      expect(ascending.lastIndexOf('JOB-9')).toBeLessThan(ascending.indexOf('JOB-10'));
      const descending = (await everyRow(harbourAdmin, 'sort=siteNumber.number.desc')).map((row) => row.siteNumber);
      expect(descending.lastIndexOf('JOB-10')).toBeLessThan(descending.indexOf('JOB-9'));
    } finally {
      await app.db.updateTable('project_sites').set({ site_number: nine!.site_number }).where('id', '=', nine!.id).execute();
      await app.db.updateTable('project_sites').set({ site_number: ten!.site_number }).where('id', '=', ten!.id).execute();
    }
  });

  it("filters on the viewer's own flag: the admin's for an admin, the supervisor's for a supervisor", async () => {
    const adminReviewed = harbourSwms.slice(0, 4);
    const supervisorReviewed = harbourSwms.slice(2, 9);
    await setFlags(adminReviewed, { admin: harbourAdmin.userId, supervisor: null });
    await setFlags(supervisorReviewed, { admin: null, supervisor: harbourSupervisor.userId });
    await setFlags(harbourSwms.slice(2, 4), { admin: harbourAdmin.userId, supervisor: harbourSupervisor.userId });
    const adminSet = new Set(harbourSwms.slice(0, 4));
    const supervisorSet = new Set(harbourSwms.slice(2, 9));

    const adminReviewedRows = await everyRow(harbourAdmin, 'filter=status.string.reviewed');
    expect(adminReviewedRows.map((row) => row._id).sort()).toEqual([...adminSet].sort());
    expect(adminReviewedRows.every((row) => row.status === 'reviewed' && row.adminReviewedAt !== null)).toBe(true);
    const adminForReview = await everyRow(harbourAdmin, 'filter=status.string.forReview');
    expect(adminForReview).toHaveLength(harbourSwms.length - adminSet.size);
    expect(adminForReview.every((row) => row.status === 'forReview' && row.adminReviewedAt === null)).toBe(true);

    const supervisorReviewedRows = await everyRow(harbourSupervisor2, 'filter=status.string.reviewed');
    expect(supervisorReviewedRows.map((row) => row._id).sort()).toEqual([...supervisorSet].sort());
    expect(supervisorReviewedRows.every((row) => row.status === 'reviewed' && row.supervisorReviewedAt !== null)).toBe(true);
    const supervisorForReview = await list(harbourSupervisor, 'filter=status.string.forReview&sort=siteNumber.number.asc');
    expect(supervisorForReview.total).toBe(harbourSwms.length - supervisorSet.size);
    expect(supervisorForReview.items.every((row) => row.status === 'forReview')).toBe(true);
  });

  it('searches the submitter name, the site address and the job number', async () => {
    const sample = await app.db
      .selectFrom('swms as s')
      .innerJoin('project_sites as p', 'p.id', 's.site_id')
      .innerJoin('users as u', 'u.id', 's.created_by')
      .select(['s.id', 'u.first_name', 'u.surname', 'p.address', 'p.suburb', 'p.site_number'])
      .where('s.company_id', '=', harbourAdmin.companyId)
      .where('u.first_name', '<>', '')
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    const fullName = `${sample.first_name} ${sample.surname}`;
    const terms = [fullName.toUpperCase(), sample.surname.slice(1, 4), sample.address.slice(0, 6), sample.suburb.toLowerCase(), sample.site_number];
    for (const term of terms) {
      const rows = await everyRow(harbourSupervisor, `search=${encodeURIComponent(term)}`);
      expect(rows.map((row) => row._id), term).toContain(sample.id);
      const needle = term.toLowerCase();
      for (const row of rows) {
        const haystack = [`${row.submittedBy.firstName} ${row.submittedBy.surname}`, row.siteAddress, row.siteNumber].join('|').toLowerCase();
        expect(haystack, `${term} in ${haystack}`).toContain(needle);
      }
    }
  });

  it('treats search wildcards as text and finds nothing for an unmatched term', async () => {
    expect((await list(harbourAdmin, `search=${encodeURIComponent('%_\\')}`)).total).toBe(0);
    expect((await list(harbourAdmin, 'search=zzzz-no-such-thing')).total).toBe(0);
    expect((await list(harbourAdmin, 'search=%20%20')).total).toBe(harbourSwms.length);
  });

  it('pages in the database with the total of every match', async () => {
    const wide = await list(harbourAdmin, 'sort=createdAt.date.asc&pageSize=10&page=1');
    const second = await list(harbourAdmin, 'sort=createdAt.date.asc&pageSize=5&page=2');
    expect(second).toMatchObject({ total: harbourSwms.length, page: 2, pageSize: 5 });
    expect(second.items.map((row) => row._id)).toEqual(wide.items.slice(5, 10).map((row) => row._id));
    const beyond = await list(harbourAdmin, 'page=1000&pageSize=100');
    expect(beyond).toEqual({ items: [], nextCursor: null, previousCursor: null, total: harbourSwms.length, page: 1000, pageSize: 100 });
    expect((await list(harbourAdmin, '')).pageSize).toBe(20);
  });

  it("walks every order by its pages' cursors, forward and back, exactly as page numbers read it", async () => {
    for (const [viewer, query] of [
      [harbourAdmin, 'sort=createdAt.date.desc'],
      [harbourAdmin, 'sort=createdAt.date.asc'],
      [harbourAdmin, 'sort=siteNumber.number.asc'],
      [harbourSupervisor, 'sort=siteNumber.number.desc&filter=status.string.forReview'],
      [harbourSupervisor, `search=${encodeURIComponent('st')}&sort=siteNumber.number.asc`],
    ] as const) {
      const byNumber = await everyRow(viewer, query);
      const pages: SwmsList[] = [await list(viewer, `${query}&pageSize=7`)];
      for (let page = 2; pages.at(-1)!.nextCursor !== null; page++) {
        pages.push(await list(viewer, `${query}&pageSize=7&page=${page}&after=${pages.at(-1)!.nextCursor}`));
      }
      expect(pages.flatMap((one) => one.items.map((row) => row._id)), query).toEqual(byNumber.map((row) => row._id));
      expect(pages[0]!.previousCursor, query).toBeNull();
      expect(pages.at(-1)!.items.length, query).toBeGreaterThan(0);
      // Back from the last page with each page's previous-page cursor.
      for (let index = pages.length - 1; index > 0; index--) {
        const back = await list(viewer, `${query}&pageSize=7&page=${index}&before=${pages[index]!.previousCursor}`);
        expect(back.items.map((row) => row._id), `${query} back to page ${index}`).toEqual(pages[index - 1]!.items.map((row) => row._id));
      }
    }
  });

  it('opens the page by its number when a cursor comes from another order or filter, and refuses a damaged one', async () => {
    const first = await list(harbourAdmin, 'sort=createdAt.date.asc&pageSize=5');
    const byNumber = await list(harbourAdmin, 'sort=createdAt.date.desc&pageSize=5&page=2');
    const stale = await list(harbourAdmin, `sort=createdAt.date.desc&pageSize=5&page=2&after=${first.nextCursor}`);
    expect(stale.items.map((row) => row._id)).toEqual(byNumber.items.map((row) => row._id));
    // Another viewer's cursor is not applied to a supervisor's own flag filter either.
    const adminPage = await list(harbourAdmin, 'filter=status.string.forReview&pageSize=5');
    const supervisorPage2 = await list(harbourSupervisor, 'filter=status.string.forReview&pageSize=5&page=2');
    const crossed = await list(harbourSupervisor, `filter=status.string.forReview&pageSize=5&page=2&after=${adminPage.nextCursor}`);
    expect(crossed.items.map((row) => row._id)).toEqual(supervisorPage2.items.map((row) => row._id));
    for (const cursor of ['not-a-cursor', Buffer.from('["x","y"]').toString('base64url'), 'A'.repeat(3000)]) {
      expect(answer(await call('GET', listUrl(harbourAdmin.companyId, `page=2&after=${cursor}`), harbourAdmin.token)), cursor.slice(0, 20)).toEqual({
        statusCode: 400,
        body: 'This page link is not valid. Open the list from its first page.',
      });
    }
  });

  it('keeps every total exact as SWMS arrive and are reviewed: whole list, both flags, and searches that match on name and site at once', async () => {
    const totals = async () => ({
      all: (await list(harbourAdmin)).total,
      adminForReview: (await list(harbourAdmin, 'filter=status.string.forReview')).total,
      adminReviewed: (await list(harbourAdmin, 'filter=status.string.reviewed')).total,
      supervisorForReview: (await list(harbourSupervisor, 'filter=status.string.forReview')).total,
    });
    const truth = async () => {
      const rows = await app.db
        .selectFrom('swms')
        .select(['company_admin_reviewed_at', 'supervisor_reviewed_at'])
        .where('company_id', '=', harbourAdmin.companyId)
        .execute();
      return {
        all: rows.length,
        adminForReview: rows.filter((row) => row.company_admin_reviewed_at === null).length,
        adminReviewed: rows.filter((row) => row.company_admin_reviewed_at !== null).length,
        supervisorForReview: rows.filter((row) => row.supervisor_reviewed_at === null).length,
      };
    };
    expect(await totals()).toEqual(await truth());
    const [target] = harbourSwms;
    expect((await change(harbourAdmin, { swmsIds: [target], status: 'reviewed' })).statusCode).toBe(200);
    expect(await totals()).toEqual(await truth());
    expect((await change(harbourAdmin, { swmsIds: [target], status: 'forReview' })).statusCode).toBe(200);
    expect(await totals()).toEqual(await truth());
    // A search's total is the number of rows it lists, even when a SWMS matches by submitter and by site.
    const people = await app.db.selectFrom('users').select(['first_name', 'surname']).where('first_name', '<>', '').limit(3).execute();
    const sites = await app.db.selectFrom('project_sites').select(['suburb', 'site_number']).where('company_id', '=', harbourAdmin.companyId).limit(3).execute();
    const terms = ['a', 'e', 'st', 'on', ...people.map((person) => person.surname.slice(0, 3)), ...sites.map((site) => site.suburb.slice(0, 4)), ...sites.map((site) => site.site_number)];
    for (const term of terms) {
      for (const [viewer, filter] of [[harbourAdmin, ''], [harbourSupervisor, '&filter=status.string.forReview'], [harbourAdmin, '&filter=status.string.reviewed']] as const) {
        const query = `search=${encodeURIComponent(term)}${filter}`;
        const rows = await everyRow(viewer, query);
        expect((await list(viewer, query)).total, query).toBe(rows.length);
        expect(new Set(rows.map((row) => row._id)).size, query).toBe(rows.length);
      }
    }
  });

  it('lists For Review from a queue that stays exactly the SWMS awaiting each flag, in both orders, through reviews, moves, renames and deletes', async () => {
    const { companyId, admin, supervisor, swmsIds, siteId } = await companyWithSwms(30);
    const otherSite = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: otherSite, company_id: companyId, address: '3 Bulk St', suburb: 'Sydney', postcode: '2000', site_number: 'AA-9', client_name: 'Bulk' })
      .execute();
    const queued = async () =>
      (
        await app.db
          .selectFrom('swms_awaiting_review')
          .select(['flag', 'id', 'created_at', 'site_sort', 'created_by', 'site_id'])
          .where('company_id', '=', companyId)
          .orderBy('flag')
          .orderBy('id')
          .execute()
      ).map((row) => [row.flag, row.id, new Date(row.created_at).toISOString(), row.site_sort, row.created_by, row.site_id]);
    const awaiting = async () => {
      const rows = await app.db
        .selectFrom('swms')
        .select(['id', 'created_at', 'site_sort', 'created_by', 'site_id', 'company_admin_reviewed_at', 'supervisor_reviewed_at'])
        .where('company_id', '=', companyId)
        .execute();
      return (['companyAdmin', 'supervisor'] as const)
        .flatMap((flag) =>
          rows
            .filter((row) => (flag === 'companyAdmin' ? row.company_admin_reviewed_at : row.supervisor_reviewed_at) === null)
            .map((row) => [flag, row.id, new Date(row.created_at).toISOString(), row.site_sort, row.created_by, row.site_id]),
        )
        .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
    };
    const listsAwaiting = async () => {
      for (const viewer of [admin, supervisor]) {
        for (const sort of ['createdAt.date.desc', 'siteNumber.number.asc']) {
          const forReview = (await everyRow(viewer, `filter=status.string.forReview&sort=${sort}`)).map((row) => row._id);
          const whole = (await everyRow(viewer, `sort=${sort}`)).filter((row) => row.status === 'forReview').map((row) => row._id);
          expect(forReview, sort).toEqual(whole);
        }
      }
    };
    expect(await queued()).toEqual(await awaiting());
    await listsAwaiting();

    expect((await change(supervisor, { swmsIds: swmsIds.slice(0, 10), status: 'reviewed' })).statusCode).toBe(200);
    expect((await change(admin, { swmsId: swmsIds[3], status: 'reviewed' })).statusCode).toBe(200);
    expect((await change(supervisor, { matching: { filter: 'status.string.forReview' }, excludedIds: swmsIds.slice(20), status: 'reviewed' })).statusCode).toBe(200);
    expect(await queued()).toEqual(await awaiting());
    expect((await change(supervisor, { swmsIds: swmsIds.slice(5, 15), status: 'forReview' })).statusCode).toBe(200);
    expect(await queued()).toEqual(await awaiting());
    // A SWMS moved to another site, and a site whose job number changed, take their new job-number order.
    await app.db.updateTable('swms').set({ site_id: otherSite }).where('id', 'in', swmsIds.slice(8, 12)).execute();
    await app.db.updateTable('project_sites').set({ site_number: 'ZZ-1' }).where('id', '=', siteId).execute();
    expect(await queued()).toEqual(await awaiting());
    // A move to another site with the same job number keeps its order but not its site, nor its submitter a change of hands.
    const twinSite = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: twinSite, company_id: companyId, address: '5 Bulk St', suburb: 'Sydney', postcode: '2000', site_number: 'AA-9', client_name: 'Bulk' })
      .execute();
    await app.db.updateTable('swms').set({ site_id: twinSite }).where('id', 'in', swmsIds.slice(8, 10)).execute();
    await app.db.updateTable('swms').set({ created_by: admin.userId }).where('id', 'in', swmsIds.slice(12, 14)).execute();
    expect(await queued()).toEqual(await awaiting());
    await listsAwaiting();
    await app.db.deleteFrom('swms').where('id', 'in', swmsIds.slice(25)).execute();
    expect(await queued()).toEqual(await awaiting());
    await listsAwaiting();
  });

  it("counts a search's SWMS exactly when they match by submitter and by site, whichever side holds fewer", async () => {
    // 40 SWMS by one tradesperson on one site; then per term a submitter and a site that both match it,
    // a few of whose SWMS are the same ones. The total adds both sides up less those, counted from the smaller side.
    const company = await companyWithSwms(40);
    const cases = [
      // fewer by the submitter (3) than on the site (2 + 4)
      { word: 'Zephyr', expected: await matchingSwms(company, 'Zephyr', { own: 2, onOtherSite: 1 }, { byOthers: 4 }) },
      // fewer on the site (3 + 1) than by the submitter (3 + 5)
      { word: 'Quokka', expected: await matchingSwms(company, 'Quokka', { own: 3, onOtherSite: 5 }, { byOthers: 1 }) },
    ];
    for (const { word, expected } of cases) await expectExactCounts(company, word, expected);
  });

  it("counts a search's SWMS exactly when one side holds most or all of the company's", async () => {
    // 4 SWMS by one tradesperson on one site, which match neither word; the rest match by submitter, by site or both.
    // The total is the company's SWMS less those matching on neither side, counted from outside the larger side.
    const bySubmitter = await companyWithSwms(4);
    // 50 of 60 by the submitter (10 of them on the matching site, with 6 more there by others): outside it, 4 + 6.
    await expectExactCounts(bySubmitter, 'Wombat', await matchingSwms(bySubmitter, 'Wombat', { own: 10, onOtherSite: 40 }, { byOthers: 6 }));
    // 50 of 60 on the site (10 by the submitter, 40 by others; 6 more by the submitter elsewhere): outside it, 4 + 6.
    const bySite = await companyWithSwms(4);
    await expectExactCounts(bySite, 'Numbat', await matchingSwms(bySite, 'Numbat', { own: 10, onOtherSite: 6 }, { byOthers: 40 }));
    // Every SWMS of the company is by a submitter whose surname, and on a site whose address, holds 'Bulk'.
    const everyOne = await companyWithSwms(12);
    await expectExactCounts(everyOne, 'Bulk', 12);
  });

  it('finds terms of a letter or two as it finds longer ones, and counts them exactly', async () => {
    const company = await companyWithSwms(4);
    await matchingSwms(company, 'Wombat', { own: 10, onOtherSite: 40 }, { byOthers: 6 });
    await matchingSwms(company, 'Numbat', { own: 3, onOtherSite: 2 }, { byOthers: 20 });
    const all = await everyRow(company.admin, 'sort=createdAt.date.desc');
    expect(all).toHaveLength(85);
    const contains = (text: string, term: string) => text.toLowerCase().includes(term.toLowerCase());
    for (const term of ['w', 'nu', 'B', '9', 'BK', 'm-', 'zq']) {
      const expected = all
        .filter((row) => contains(`${row.submittedBy.firstName} ${row.submittedBy.surname}`, term) || contains(row.siteAddress, term) || contains(row.siteNumber, term))
        .map((row) => row._id);
      const found = await everyRow(company.admin, `search=${encodeURIComponent(term)}`);
      expect(found.map((row) => row._id), term).toEqual(expected);
      await expectExactCounts(company, term, expected.length);
    }
  });

  it('finds a site by the address and job number it has now, for a term of a letter or two as for a longer one', async () => {
    const company = await companyWithSwms(3);
    const url = `/api/company/${company.companyId}/projectSites/${company.siteId}`;
    const found = async (term: string) => (await list(company.admin, `search=${encodeURIComponent(term)}`)).total;
    // Neither 'q' nor 'Qx' is in the site's address ('2 Bulk St, Sydney 2000'), job number (BK-1) or the submitter's name.
    expect([await found('q'), await found('Qx'), await found('7'), await found('bk')]).toEqual([0, 0, 0, 3]);
    const renamed = await call('PUT', url, company.admin.token, {
      address: '9 Quay St',
      suburb: 'Haymarket',
      postcode: '2000',
      siteNumber: 'QX-7',
      clientName: 'Bulk',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect([await found('q'), await found('Qx'), await found('7'), await found('bk'), await found('quay')]).toEqual([3, 3, 3, 0, 3]);
    // A site's first SWMS creates its counter row, which takes the site's text with it.
    const fresh = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: fresh, company_id: company.companyId, address: '4 Jetty Rd', suburb: 'Sydney', postcode: '2000', site_number: 'ZV-5', client_name: 'Bulk' })
      .execute();
    await addSwms(company, fresh, company.trades.userId, 2);
    expect([await found('j'), await found('zv'), await found('q')]).toEqual([2, 2, 3]);
    // An update that moves a SWMS to a site with none yet and hands it to someone with none in the company creates both
    // counter rows in its own statement (migration 036), with the site's text and the person's name.
    const wharf = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: wharf, company_id: company.companyId, address: '6 Wharf Ln', suburb: 'Sydney', postcode: '2000', site_number: 'WV-8', client_name: 'Bulk' })
      .execute();
    await app.db.updateTable('swms').set({ site_id: wharf, created_by: company.admin.userId }).where('id', '=', company.swmsIds[0]!).execute();
    // Terms of a letter or two are found from the counter rows' text alone ('mi' is in 'admin', and in no address).
    expect([await found('wh'), await found('wv'), await found('mi'), await found('wharf'), await found('admin bulk')]).toEqual([1, 1, 1, 1, 1]);
    expect([await found('quay'), await found('tradie')]).toEqual([2, 4]);
  });

  it('finds a submitter by the name they have now, in every company they submitted to', async () => {
    const first = await companyWithSwms(3);
    const second = await companyWithSwms(1);
    // The same tradesperson's first SWMS in a second company: a new counter row takes their name.
    await app.db
      .insertInto('swms')
      .values({ id: randomUUID(), company_id: second.companyId, site_id: second.siteId, created_by: first.trades.userId, risk_consequence_level: 1, risk_likelihood_level: 1, risk_overall_level: 1, task_description: 'Elsewhere' })
      .execute();
    const found = async (viewer: Account, term: string) => (await list(viewer, `search=${encodeURIComponent(term)}`)).total;
    const word = `Marlowe${randomUUID().slice(0, 6)}`;
    expect(await found(first.admin, word)).toBe(0);

    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${first.trades.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'Ruby', surname: word, contactEmail: 'ruby@bulk.test', phone: '0412 345 678', emergencyContactName: 'Sam', emergencyContactPhone: '0298765432', businessDetails: { tradeQualifications: 'Cert III', whitecardNumber: 'WC1' } }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found(first.admin, word)).toBe(3);
    expect(await found(first.admin, `ruby ${word.toUpperCase()}`)).toBe(3);
    expect(await found(second.admin, word)).toBe(1);
    expect(await found(first.admin, 'tradie bulk')).toBe(0);
    expect((await everyRow(first.supervisor, `search=${word}`)).every((row) => row.submittedBy.surname === word)).toBe(true);
  });

  it("refuses a deleted client's users the SWMS and site lists at once, whatever the page or query, checked in the list's own statement", async () => {
    const { companyId, admin, supervisor } = await companyWithSwms(3);
    const other = await companyWithSwms(1);
    const lists = [`/api/company/${companyId}/swms`, `/api/company/${companyId}/projectSites`];
    const queries = ['', '?search=bulk', '?search=nothing-matches-this', '?page=99', '?sort=bogus', '?pageSize=1000'];
    for (const url of lists) expect((await call('GET', `${url}?search=bulk`, admin.token)).statusCode, url).toBe(200);
    const deleted = await call('DELETE', `/api/company/${companyId}`, superUser.token);
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const viewer of [admin, supervisor]) {
      for (const url of lists) {
        for (const query of queries) expect(answer(await call('GET', url + query, viewer.token)), url + query).toEqual({ statusCode: 401, body: 'Your company no longer has access' });
      }
      // Another company's list: refused as removed before anything else, as every other route does.
      expect(answer(await call('GET', `/api/company/${other.companyId}/swms`, viewer.token))).toEqual({ statusCode: 401, body: 'Your company no longer has access' });
    }
    expect((await list(other.admin)).total).toBe(1);
  });

  it("writes each row as the site's SWMS list writes the same SWMS, for either flag, whatever the names and addresses hold", async () => {
    // The list's rows are JSON that PostgreSQL writes (swmsListItemJson); a site's SWMS list writes the same row in
    // TypeScript (swmsListItemView). Awkward text and every review state must come out the same from both.
    const companyId = harbourAdmin.companyId;
    const sample = await app.db
      .selectFrom('swms as s')
      .select(['s.id', 's.created_by', 's.site_id'])
      .where('s.company_id', '=', companyId)
      .orderBy('s.id')
      .limit(4)
      .execute();
    const [both, adminOnly, supervisorOnly] = sample;
    const submitter = await app.db.selectFrom('users').select(['first_name', 'surname']).where('id', '=', both!.created_by).executeTakeFirstOrThrow();
    const site = await app.db.selectFrom('project_sites').select(['address', 'suburb']).where('id', '=', both!.site_id).executeTakeFirstOrThrow();
    await app.db.updateTable('users').set({ first_name: 'Zoë "Zed"', surname: "O'Brien \\ 李 \u2028 <b>" }).where('id', '=', both!.created_by).execute();
    await app.db.updateTable('project_sites').set({ address: '7/12 "Quay" St\ttab', suburb: 'Café Ünïcode 🚧' }).where('id', '=', both!.site_id).execute();
    const flagsBefore = await storedFlags(sample.map((row) => row.id));
    try {
      await setFlags([both!.id], { admin: harbourAdmin.userId, supervisor: harbourSupervisor.userId });
      await setFlags([adminOnly!.id], { admin: harbourAdmin.userId, supervisor: null });
      await setFlags([supervisorOnly!.id], { admin: null, supervisor: harbourSupervisor.userId });
      for (const viewer of [harbourAdmin, harbourSupervisor]) {
        const listed = new Map((await everyRow(viewer, 'sort=createdAt.date.desc')).map((row) => [row._id, row]));
        expect(listed.size).toBe(harbourSwms.length);
        const sites = [...new Set(sample.map((row) => row.site_id))];
        let compared = 0;
        for (const siteId of sites) {
          for (let cursor: string | null = null; ; ) {
            const response = await call(
              'GET',
              `/api/company/${companyId}/projectSites/${siteId}/swms?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
              viewer.token,
            );
            expect(response.statusCode, response.body).toBe(200);
            const page = response.json<{ items: SwmsListItem[]; nextCursor: string | null }>();
            for (const item of page.items) {
              expect(listed.get(item._id)).toStrictEqual(item);
              compared++;
            }
            cursor = page.nextCursor;
            if (!cursor) break;
          }
        }
        expect(compared).toBeGreaterThanOrEqual(sample.length);
        expect(listed.get(both!.id)?.submittedBy).toEqual({ _id: both!.created_by, firstName: 'Zoë "Zed"', surname: "O'Brien \\ 李 \u2028 <b>" });
        expect(listed.get(both!.id)?.status).toBe('reviewed');
        expect(listed.get(adminOnly!.id)?.status).toBe(viewer === harbourAdmin ? 'reviewed' : 'forReview');
        expect(listed.get(supervisorOnly!.id)?.status).toBe(viewer === harbourAdmin ? 'forReview' : 'reviewed');
      }
    } finally {
      for (const { id, ...flags } of flagsBefore) await app.db.updateTable('swms').set(flags).where('id', '=', id).execute();
      await app.db.updateTable('users').set(submitter).where('id', '=', both!.created_by).execute();
      await app.db.updateTable('project_sites').set(site).where('id', '=', both!.site_id).execute();
    }
  });

  it('answers bad query values with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['sort=name.string.asc', 'Choose one of the offered sort orders'],
      ['filter=status.string.approved', 'Choose one of the offered filters'],
      ['pageSize=101', 'The page size must be a whole number from 1 to 100'],
      ['pageSize=0', 'The page size must be a whole number from 1 to 100'],
      ['page=0', 'The page must be a whole number from 1'],
      ['page=-1', 'The page must be a whole number from 1'],
      ['page=1e3', 'The page must be a whole number from 1'],
      ['search=a&search=b', 'Search with a single text of at most 100 characters'],
      [`search=${'x'.repeat(101)}`, 'Search with a single text of at most 100 characters'],
      ['page=1&page=2', 'The page must be a whole number from 1'],
      ['sort=createdAt.date.asc&sort=createdAt.date.desc', 'Choose one of the offered sort orders'],
    ];
    for (const [query, message] of cases) {
      expect(answer(await call('GET', listUrl(harbourAdmin.companyId, query), harbourAdmin.token)), query).toEqual({ statusCode: 400, body: message });
    }
  });
});

describe('GET /api/company/:companyId/swms/:swmsId', () => {
  it('answers the whole SWMS with site, submitter, both reviews, risk band and photo urls', async () => {
    const swmsId = harbourSwms[3]!;
    const photoKey = `${randomUUID()}.jpg`;
    const photoId = randomUUID();
    await app.db.insertInto('files').values({ id: photoId, file_key: photoKey, friendly_name: 'scaffold.jpg', type: 'photo', created_by: tradie.userId }).execute();
    await app.storage.putFile(photoKey, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    await app.db.updateTable('swms').set({ risk_photo_file_id: photoId, control_photo_file_id: null }).where('id', '=', swmsId).execute();
    await setFlags([swmsId], { admin: harbourAdmin.userId, supervisor: null });
    const row = await stored(swmsId);
    const site = await app.db.selectFrom('project_sites').selectAll().where('id', '=', row.site_id).executeTakeFirstOrThrow();
    const submitter = await app.db.selectFrom('users').selectAll().where('id', '=', row.created_by).executeTakeFirstOrThrow();
    const admin = await app.db.selectFrom('users').selectAll().where('id', '=', harbourAdmin.userId).executeTakeFirstOrThrow();

    for (const viewer of [harbourAdmin, harbourSupervisor]) {
      const swms = await readOne(viewer, swmsId);
      expect(swms).toMatchObject({
        _id: swmsId,
        createdAt: row.created_at.toISOString(),
        createdUserDetails: { _id: submitter.id, firstName: submitter.first_name, surname: submitter.surname },
        site: { _id: site.id, siteNumber: site.site_number, address: site.address, fullAddress: `${site.address}, ${site.suburb} ${site.postcode}`, timeZone: site.time_zone },
        companyAdminReviewedAt: '2026-01-05T09:00:00.000Z',
        companyAdminReviewedBy: harbourAdmin.userId,
        companyAdminReviewerDetails: { firstName: admin.first_name, surname: admin.surname },
        supervisorReviewedAt: null,
        supervisorReviewedBy: null,
        supervisorReviewerDetails: null,
        highRiskWork: row.high_risk_work,
        riskConsequenceLevel: row.risk_consequence_level,
        riskLikelihoodLevel: row.risk_likelihood_level,
        riskOverallLevel: row.risk_overall_level,
        task: {
          taskDescription: row.task_description,
          mobilePlantTools: row.mobile_plant_tools,
          riskText: row.risk_text,
          controlText: row.control_text,
          ppe: row.ppe,
          otherPpe: row.other_ppe,
        },
      });
      const band = row.risk_overall_level > 15 ? 'Catastrophic' : row.risk_overall_level > 9 ? 'High' : row.risk_overall_level > 3 ? 'Moderate' : 'Low';
      expect(swms.riskBand).toBe(band);
      expect(swms.task.riskPhoto?.url).toContain(photoKey);
      expect((await fetch(swms.task.riskPhoto!.url)).status).toBe(200);
      expect(swms.task.controlPhoto).toBeNull();
    }
  });

  it("answers another company's SWMS exactly as an unknown one: 403 with no data", async () => {
    const foreign = await call('GET', swmsUrl(harbourAdmin.companyId, ridgelineSwms[0]!), harbourAdmin.token);
    const unknown = await call('GET', swmsUrl(harbourAdmin.companyId, randomUUID()), harbourSupervisor.token);
    expect(answer(foreign)).toEqual(deniedSwms);
    expect(answer(unknown)).toEqual(deniedSwms);
    expect(answer(await call('GET', swmsUrl(harbourAdmin.companyId, 'not-an-id'), harbourAdmin.token))).toEqual({ statusCode: 400, body: 'SWMS id: not a valid id' });
  });
});

describe('PUT /api/company/:id/swms: one SWMS', () => {
  let swmsId: string;
  beforeEach(async () => {
    swmsId = harbourSwms[(Math.floor(Math.random() * harbourSwms.length))]!;
    await setFlags([swmsId], { admin: null, supervisor: null });
  });

  it("sets the supervisor's flag from the token, whatever the body says", async () => {
    const response = await change(harbourSupervisor, {
      swmsId,
      status: 'reviewed',
      flag: 'companyAdmin',
      role: 'CompanyAdmin',
      companyAdminReviewedAt: '2020-01-01T00:00:00Z',
      companyAdminReviewedBy: harbourAdmin.userId,
      supervisorReviewedBy: harbourAdmin.userId,
      reviewedBy: harbourAdmin.userId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const swms = decoded(decode(Swms, response.json()));
    const supervisor = await app.db.selectFrom('users').selectAll().where('id', '=', harbourSupervisor.userId).executeTakeFirstOrThrow();
    expect(swms).toMatchObject({
      _id: swmsId,
      supervisorReviewedBy: harbourSupervisor.userId,
      supervisorReviewerDetails: { firstName: supervisor.first_name, surname: supervisor.surname },
      companyAdminReviewedAt: null,
      companyAdminReviewedBy: null,
      companyAdminReviewerDetails: null,
    });
    expect(Math.abs(Date.parse(swms.supervisorReviewedAt!) - Date.now())).toBeLessThan(60_000);
    const row = await stored(swmsId);
    expect(row.company_admin_reviewed_at).toBeNull();
    expect(row.supervisor_reviewed_by).toBe(harbourSupervisor.userId);
  });

  it("sets the admin's flag for an admin and never the supervisor's", async () => {
    const response = await change(harbourAdmin, { swmsId, status: 'reviewed', flag: 'supervisor', supervisorReviewedBy: harbourSupervisor.userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ companyAdminReviewedBy: harbourAdmin.userId, supervisorReviewedAt: null, supervisorReviewedBy: null });
    expect((await stored(swmsId)).supervisor_reviewed_at).toBeNull();
  });

  it('reaches both flags in either order, each with its own reviewer', async () => {
    for (const [first, second] of [[harbourAdmin, harbourSupervisor], [harbourSupervisor, harbourAdmin]] as const) {
      await setFlags([swmsId], { admin: null, supervisor: null });
      expect((await change(first, { swmsId, status: 'reviewed' })).statusCode).toBe(200);
      const after = decoded(decode(Swms, (await change(second, { swmsId, status: 'reviewed' })).json()));
      expect(after.companyAdminReviewedBy).toBe(harbourAdmin.userId);
      expect(after.supervisorReviewedBy).toBe(harbourSupervisor.userId);
      expect(after.companyAdminReviewedAt).not.toBeNull();
      expect(after.supervisorReviewedAt).not.toBeNull();
    }
  });

  it("returns a SWMS to For Review by clearing only the caller's flag, and records both steps for auditors", async () => {
    await setFlags([swmsId], { admin: harbourAdmin.userId, supervisor: harbourSupervisor.userId });
    const before = await stored(swmsId);
    const eventsBefore = (await reviewEvents(swmsId)).length;
    const response = await change(harbourSupervisor2, { swmsId, status: 'forReview' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      supervisorReviewedAt: null,
      supervisorReviewedBy: null,
      supervisorReviewerDetails: null,
      companyAdminReviewedBy: harbourAdmin.userId,
      companyAdminReviewedAt: '2026-01-05T09:00:00.000Z',
    });
    expect((await change(harbourSupervisor2, { swmsId, status: 'reviewed' })).statusCode).toBe(200);

    const events = (await reviewEvents(swmsId)).slice(eventsBefore);
    expect(events.map((event) => [event.action, event.actor_user_id])).toEqual([
      ['swms.returnedForReview', harbourSupervisor2.userId],
      ['swms.reviewed', harbourSupervisor2.userId],
    ]);
    expect(events[0]!.detail).toMatchObject({
      flag: 'supervisor',
      status: 'forReview',
      bulk: false,
      companyId: harbourAdmin.companyId,
      previous: { reviewedAt: before.supervisor_reviewed_at!.toISOString(), reviewedBy: harbourSupervisor.userId },
      current: { reviewedAt: null, reviewedBy: null },
    });
    // The event's new value is the stored one, written as JavaScript writes a time (to the millisecond).
    const after = await stored(swmsId);
    expect(events[1]!.detail).toMatchObject({
      flag: 'supervisor',
      status: 'reviewed',
      previous: { reviewedAt: null, reviewedBy: null },
      current: { reviewedAt: after.supervisor_reviewed_at!.toISOString(), reviewedBy: harbourSupervisor2.userId },
    });
  });

  it('keeps the first reviewer and time when the flag is already set, and records nothing', async () => {
    expect((await change(harbourSupervisor, { swmsId, status: 'reviewed' })).statusCode).toBe(200);
    const first = await stored(swmsId);
    const events = (await reviewEvents(swmsId)).length;
    const again = await change(harbourSupervisor2, { swmsId, status: 'reviewed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ supervisorReviewedBy: harbourSupervisor.userId, supervisorReviewedAt: first.supervisor_reviewed_at!.toISOString() });
    expect((await change(harbourAdmin, { swmsId, status: 'forReview' })).statusCode).toBe(200);
    expect(await reviewEvents(swmsId)).toHaveLength(events);
  });

  it("refuses another company's SWMS or an unknown one, naming it and changing nothing", async () => {
    const foreign = ridgelineSwms[0]!;
    const before = await storedFlags([foreign]);
    const count = await auditCount();
    const refused = await change(harbourAdmin, { swmsId: foreign, status: 'reviewed' });
    expect(answer(refused)).toEqual({ statusCode: 403, body: `These SWMS could not be changed: ${foreign}` });
    const unknown = randomUUID();
    expect(answer(await change(harbourAdmin, { swmsId: unknown, status: 'reviewed' }))).toEqual({
      statusCode: 403,
      body: `These SWMS could not be changed: ${unknown}`,
    });
    expect(await storedFlags([foreign])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });
});

describe('PUT /api/company/:id/swms: bulk review', () => {
  let selection: string[];
  beforeEach(async () => {
    selection = harbourSwms.slice(0, 6);
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  it('marks every selected SWMS in one call and answers { items } in the order sent', async () => {
    const count = await auditCount();
    const response = await change(harbourSupervisor, { swmsIds: selection, status: 'reviewed', company: harbourAdmin.companyId });
    expect(response.statusCode, response.body).toBe(200);
    const result = decoded(decode(SwmsBulkResult, response.json()));
    expect(result.items.map((swms) => swms._id)).toEqual(selection);
    expect(result.items.every((swms) => swms.supervisorReviewedBy === harbourSupervisor.userId && swms.companyAdminReviewedAt === null)).toBe(true);
    expect(new Set(result.items.map((swms) => swms.supervisorReviewedAt)).size).toBe(1);
    expect(await auditCount()).toBe(count + selection.length);
    const event = (await reviewEvents(selection[0]!)).at(-1)!;
    expect(event).toMatchObject({ action: 'swms.reviewed', actor_user_id: harbourSupervisor.userId });
    expect(event.detail).toMatchObject({ flag: 'supervisor', bulk: true });
    // The review names the role and the label itself; they are what the events' trigger would have looked up.
    const events = await Promise.all(selection.map(async (id) => (await reviewEvents(id)).at(-1)!.id));
    const { rows: named } = await sql<{ role: string; label: string; looked_up_role: string; looked_up_label: string }>`
      SELECT a.actor_role AS role, a.target_label AS label,
             audit_event_actor_role(r) AS looked_up_role, audit_event_target_label(r) AS looked_up_label
      FROM audit_events a, LATERAL jsonb_populate_record(NULL::audit_events, to_jsonb(a) - 'actor_role' - 'target_label') r
      WHERE a.id = ANY(${events})`.execute(app.db);
    expect(named).toHaveLength(selection.length);
    for (const row of named) {
      expect(row.label).toMatch(/^HB-\d+ \/ ./);
      expect({ role: row.role, label: row.label }).toEqual({ role: 'CompanySupervisor', label: row.looked_up_label });
      expect(row.looked_up_role).toBe('CompanySupervisor');
    }

    const back = await change(harbourSupervisor, { swmsIds: selection.slice(0, 2), status: 'forReview' });
    expect(back.statusCode).toBe(200);
    expect(back.json<SwmsBulkResult>().items.map((swms) => swms.supervisorReviewedAt)).toEqual([null, null]);
  });

  it("lets a supervisor's bulk call touch only the supervisor flag, and an admin's only the admin flag", async () => {
    await setFlags(selection, { admin: harbourAdmin.userId, supervisor: null });
    const adminBefore = (await storedFlags(selection)).map((row) => [row.company_admin_reviewed_at, row.company_admin_reviewed_by]);
    await change(harbourSupervisor, { swmsIds: selection, status: 'forReview', companyAdminReviewedAt: null });
    await change(harbourSupervisor, { swmsIds: selection, status: 'reviewed', companyAdminReviewedBy: harbourSupervisor.userId });
    expect((await storedFlags(selection)).map((row) => [row.company_admin_reviewed_at, row.company_admin_reviewed_by])).toEqual(adminBefore);
    await change(harbourAdmin, { swmsIds: selection, status: 'forReview' });
    const after = await storedFlags(selection);
    expect(after.every((row) => row.company_admin_reviewed_at === null && row.supervisor_reviewed_by === harbourSupervisor.userId)).toBe(true);
  });

  it('changes nothing when one id belongs to another company or is unknown, and names the refused ids', async () => {
    const foreign = ridgelineSwms[0]!;
    const unknown = randomUUID();
    const before = await storedFlags([...selection, foreign]);
    const count = await auditCount();
    for (const [ids, refused] of [
      [[...selection, foreign], [foreign]],
      [[unknown, ...selection], [unknown]],
      [[...selection.slice(0, 2), foreign, unknown], [foreign, unknown]],
    ] as const) {
      const response = await change(harbourAdmin, { swmsIds: ids, status: 'reviewed' });
      expect(answer(response)).toEqual({ statusCode: 403, body: `These SWMS could not be changed: ${refused.join(', ')}` });
    }
    expect(await storedFlags([...selection, foreign])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });

  it('lets an admin and a supervisor review the same SWMS at the same time without losing either flag', async () => {
    const count = await auditCount();
    const [admin, supervisor] = await Promise.all([
      change(harbourAdmin, { swmsIds: selection, status: 'reviewed' }),
      change(harbourSupervisor, { swmsIds: [...selection].reverse(), status: 'reviewed' }),
    ]);
    expect([admin.statusCode, supervisor.statusCode]).toEqual([200, 200]);
    const rows = await storedFlags(selection);
    expect(rows.every((row) => row.company_admin_reviewed_by === harbourAdmin.userId && row.supervisor_reviewed_by === harbourSupervisor.userId)).toBe(true);
    expect(await auditCount()).toBe(count + 2 * selection.length);
  });

  it('acts on the admin flag for a user who is both admin and supervisor', async () => {
    const email = `both.${randomUUID().slice(0, 8)}@harbourbuild.test`;
    const userId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: 'Bo', surname: 'Th' }).execute();
    await app.db
      .insertInto('user_roles')
      .values(['CompanySupervisor', 'CompanyAdmin'].map((role) => ({ id: randomUUID(), user_id: userId, company_id: harbourAdmin.companyId, role: role as 'CompanyAdmin' })))
      .execute();
    const both = await account(email);
    const response = await change(both, { swmsId: selection[0], status: 'reviewed' });
    expect(response.json()).toMatchObject({ companyAdminReviewedBy: userId, supervisorReviewedBy: null });
  });

  it('refuses a reviewer whose role was revoked after their token was issued', async () => {
    const email = `revoked.${randomUUID().slice(0, 8)}@harbourbuild.test`;
    const userId = randomUUID();
    const roleId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: 'Rev', surname: 'Oked' }).execute();
    await app.db.insertInto('user_roles').values({ id: roleId, user_id: userId, company_id: harbourAdmin.companyId, role: 'CompanySupervisor' }).execute();
    const revoked = await account(email);
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', roleId).execute();
    const before = await storedFlags(selection);
    expect(answer(await change(revoked, { swmsIds: selection, status: 'reviewed' }))).toEqual(deniedPage);
    expect(await storedFlags(selection)).toEqual(before);
  });

  it('counts a repeated id once', async () => {
    const response = await change(harbourAdmin, { swmsIds: [selection[0], selection[0], selection[1]], status: 'reviewed' });
    expect(response.statusCode).toBe(200);
    expect(response.json<SwmsBulkResult>().items.map((swms) => swms._id)).toEqual([selection[0], selection[1]]);
  });

  it('takes 500 ids in one transaction', async () => {
    const bulk = await companyWithSwms(500);
    const response = await change(bulk.supervisor, { swmsIds: bulk.swmsIds, status: 'reviewed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SwmsBulkResult>().items).toHaveLength(500);
    expect((await list(bulk.supervisor, 'filter=status.string.forReview')).total).toBe(0);
    expect((await list(bulk.admin, 'filter=status.string.forReview')).total).toBe(500);
  });
});

describe('PUT /api/company/:id/swms: select-all over every page', () => {
  beforeEach(async () => {
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  /** A job number shared by several Harbour SWMS: a search the list answers with more than one row. */
  async function busySiteNumber(): Promise<string> {
    const row = await app.db
      .selectFrom('swms as s')
      .innerJoin('project_sites as p', 'p.id', 's.site_id')
      .select(['p.site_number', sql<number>`count(*)`.as('n')])
      .where('s.company_id', '=', harbourAdmin.companyId)
      .groupBy('p.site_number')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBeGreaterThan(3);
    return row.site_number;
  }

  async function matchingChange(viewer: Account, body: unknown): Promise<SwmsMatchingResult> {
    const response = await change(viewer, body);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(SwmsMatchingResult, response.json()));
  }

  it("marks exactly the rows the list shows for the search and the viewer's filter, on every page, but the excluded ones", async () => {
    const search = await busySiteNumber();
    const matchingSearch = await everyRow(harbourSupervisor, `search=${encodeURIComponent(search)}`);
    const alreadyReviewed = matchingSearch[0]!._id;
    await setFlags([alreadyReviewed], { admin: null, supervisor: harbourSupervisor.userId });
    const shown = await everyRow(harbourSupervisor, `search=${encodeURIComponent(search)}&filter=status.string.forReview`);
    expect(shown.map((row) => row._id)).not.toContain(alreadyReviewed);
    const excluded = shown[1]!._id;
    const count = await auditCount();

    const result = await matchingChange(harbourSupervisor2, {
      matching: { search, filter: 'status.string.forReview' },
      excludedIds: [excluded],
      status: 'reviewed',
    });

    expect(result).toEqual({ matched: shown.length - 1, changed: shown.length - 1 });
    const marked = new Set(shown.map((row) => row._id).filter((id) => id !== excluded));
    for (const row of await storedFlags(harbourSwms)) {
      expect(row.company_admin_reviewed_at, row.id).toBeNull();
      if (marked.has(row.id)) expect(row.supervisor_reviewed_by, row.id).toBe(harbourSupervisor2.userId);
      else if (row.id === alreadyReviewed) expect(row.supervisor_reviewed_by).toBe(harbourSupervisor.userId);
      else expect(row.supervisor_reviewed_at, row.id).toBeNull();
    }
    expect(await auditCount()).toBe(count + marked.size);
    const event = (await reviewEvents([...marked][0]!)).at(-1)!;
    expect(event).toMatchObject({ action: 'swms.reviewed', actor_user_id: harbourSupervisor2.userId });
    expect(event.detail).toMatchObject({ flag: 'supervisor', bulk: true, matching: { search, filter: 'status.string.forReview' } });
  });

  it("acts on the admin's flag for an admin, and every SWMS of the company when there is no search or filter", async () => {
    const bulk = await companyWithSwms(1_200);
    const harbourBefore = await storedFlags(harbourSwms);
    expect(await matchingChange(bulk.admin, { matching: {}, status: 'reviewed' })).toEqual({ matched: 1_200, changed: 1_200 });
    expect((await list(bulk.admin, 'filter=status.string.forReview')).total).toBe(0);
    expect((await list(bulk.supervisor, 'filter=status.string.forReview')).total).toBe(1_200);
    expect(await storedFlags(harbourSwms)).toEqual(harbourBefore);

    const back = await matchingChange(bulk.admin, { matching: { filter: 'status.string.reviewed' }, excludedIds: bulk.swmsIds.slice(0, 2), status: 'forReview' });
    expect(back).toEqual({ matched: 1_198, changed: 1_198 });
    expect((await list(bulk.admin, 'filter=status.string.reviewed')).total).toBe(2);
  });

  it('keeps the reviewer and time of SWMS that already have the status: matched, not changed', async () => {
    const search = await busySiteNumber();
    const shown = await everyRow(harbourAdmin, `search=${encodeURIComponent(search)}`);
    const already = shown.slice(0, 2).map((row) => row._id);
    await setFlags(already, { admin: harbourAdmin.userId, supervisor: null });
    const before = await storedFlags(already);
    expect(await matchingChange(harbourAdmin, { matching: { search }, status: 'reviewed' })).toEqual({ matched: shown.length, changed: shown.length - 2 });
    expect(await storedFlags(already)).toEqual(before);
  });

  it("never reaches another company's SWMS, even when its rows match the same search", async () => {
    const mine = await companyWithSwms(3);
    const theirs = await companyWithSwms(3);
    expect(await matchingChange(mine.supervisor, { matching: { search: 'Bulk St' }, status: 'reviewed' })).toEqual({ matched: 3, changed: 3 });
    expect((await storedFlags(theirs.swmsIds)).every((row) => row.supervisor_reviewed_at === null)).toBe(true);
    expect(await matchingChange(theirs.admin, { matching: {}, status: 'reviewed' })).toEqual({ matched: 3, changed: 3 });
    expect(answer(await call('PUT', listUrl(mine.companyId), theirs.supervisor.token, { matching: {}, status: 'forReview' }))).toEqual(deniedPage);
    expect((await storedFlags(mine.swmsIds)).every((row) => row.supervisor_reviewed_by === mine.supervisor.userId)).toBe(true);
  });

  it('changes nothing and names them when an excluded id is unknown or not the company\'s', async () => {
    const foreign = ridgelineSwms[0]!;
    const unknown = randomUUID();
    const before = await storedFlags([...harbourSwms, foreign]);
    const count = await auditCount();
    const response = await change(harbourSupervisor, { matching: {}, excludedIds: [harbourSwms[0], foreign, unknown], status: 'reviewed' });
    expect(answer(response)).toEqual({ statusCode: 403, body: `These SWMS could not be changed: ${foreign}, ${unknown}` });
    expect(await storedFlags([...harbourSwms, foreign])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });

  it('refuses a reviewer whose role was revoked, changing nothing', async () => {
    const email = `revoked-all.${randomUUID().slice(0, 8)}@harbourbuild.test`;
    const userId = randomUUID();
    const roleId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: 'Rev', surname: 'Oked' }).execute();
    await app.db.insertInto('user_roles').values({ id: roleId, user_id: userId, company_id: harbourAdmin.companyId, role: 'CompanySupervisor' }).execute();
    const revoked = await account(email);
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', roleId).execute();
    const before = await storedFlags(harbourSwms);
    expect(answer(await change(revoked, { matching: {}, status: 'reviewed' }))).toEqual(deniedPage);
    expect(await storedFlags(harbourSwms)).toEqual(before);
  });

  it('answers a malformed select-all with 400 and a clear message', async () => {
    const id = harbourSwms[0]!;
    const cases: [unknown, string][] = [
      [{ matching: {}, swmsIds: [id], status: 'reviewed' }, 'Send matching without swmsId or swmsIds'],
      [{ matching: {}, swmsId: id, status: 'reviewed' }, 'Send matching without swmsId or swmsIds'],
      [{ swmsIds: [id], excludedIds: [id], status: 'reviewed' }, 'Send excludedIds only with matching'],
      [{ excludedIds: [id], status: 'reviewed' }, 'Send either swmsId or swmsIds'],
      [{ matching: { filter: 'status.string.approved' }, status: 'reviewed' }, 'Choose one of the offered filters'],
      [{ matching: { search: 'x'.repeat(101) }, status: 'reviewed' }, 'Search with a single text of at most 100 characters'],
      [{ matching: { search: ['a'] }, status: 'reviewed' }, 'Search with a single text of at most 100 characters'],
      [{ matching: {}, excludedIds: Array.from({ length: 501 }, () => id), status: 'reviewed' }, 'Send at most 500 excludedIds'],
      [{ matching: {}, excludedIds: id, status: 'reviewed' }, 'Send at most 500 excludedIds'],
      [{ matching: {}, excludedIds: ['not-an-id'], status: 'reviewed' }, 'Excluded ids item 1: not a valid id'],
      [{ matching: {}, status: 'approved' }, 'Status must be reviewed or forReview'],
      [{ matching: {}, status: 'reviewed', company: ridgelineAdmin.companyId }, 'The company does not match the address'],
    ];
    for (const [body, message] of cases) {
      expect(answer(await change(harbourSupervisor, body)), JSON.stringify(body).slice(0, 80)).toEqual({ statusCode: 400, body: message });
    }
    for (const matching of ['all', null, [], 1]) {
      expect((await change(harbourSupervisor, { matching, status: 'reviewed' })).statusCode, JSON.stringify(matching)).toBe(400);
    }
  });
});

describe('PUT /api/company/:id/swms: bad input', () => {
  it('answers 400 with a clear message and never 500', async () => {
    const id = harbourSwms[0]!;
    const cases: [unknown, string][] = [
      [{ swmsId: id, status: 'approved' }, 'Status must be reviewed or forReview'],
      [{ swmsIds: [id], status: 'REVIEWED' }, 'Status must be reviewed or forReview'],
      [{ swmsIds: [id], status: 3 }, 'Status must be reviewed or forReview'],
      [{ swmsId: id, status: null }, 'Status must be reviewed or forReview'],
      [{ swmsId: id }, 'Status: this field is required'],
      [{ status: 'reviewed' }, 'Send either swmsId or swmsIds'],
      [{ swmsId: id, swmsIds: [id], status: 'reviewed' }, 'Send either swmsId or swmsIds'],
      [{ swmsIds: [], status: 'reviewed' }, 'Send from 1 to 500 swmsIds'],
      [{ swmsIds: Array.from({ length: 501 }, () => id), status: 'reviewed' }, 'Send from 1 to 500 swmsIds'],
      [{ swmsIds: ['not-an-id'], status: 'reviewed' }, 'SWMS ids item 1: not a valid id'],
      [{ swmsIds: harbourSwms[0], status: 'reviewed' }, 'Send from 1 to 500 swmsIds'],
      [{ swmsId: 42, status: 'reviewed' }, 'SWMS id: must be text'],
      [{ swmsIds: [id], status: 'reviewed', company: ridgelineAdmin.companyId }, 'The company does not match the address'],
    ];
    for (const [body, message] of cases) {
      expect(answer(await change(harbourSupervisor, body)), JSON.stringify(body).slice(0, 80)).toEqual({ statusCode: 400, body: message });
    }
    for (const payload of ['{not json', '', '[]', 'null', '"reviewed"']) {
      const response = await app.inject({
        method: 'PUT',
        url: listUrl(harbourAdmin.companyId),
        headers: { authorization: `Bearer ${harbourAdmin.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
