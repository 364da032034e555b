import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SwmsList } from '../../src/domain/swms';
import { answer } from './calls';
import { swmsSuite, jobDigits, listUrl, type Account } from '../support/swms-suite';

const suite = swmsSuite();
const { call, list, everyRow, change, setFlags } = suite;
let app: FastifyInstance;
let harbourAdmin: Account;
let harbourSupervisor: Account;
let harbourSupervisor2: Account;
let ridgelineSupervisor: Account;
let harbourSwms: string[];
let ridgelineSwms: string[];
beforeAll(() => {
  ({ app, harbourAdmin, harbourSupervisor, harbourSupervisor2, ridgelineSupervisor, harbourSwms, ridgelineSwms } = suite.world());
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
      .select(['s.created_by', 'u.first_name', 'u.surname', 'p.id as site_id', 'p.address', 'p.suburb', 'p.postcode', 'p.site_number', 'p.time_zone', 's.created_at', 's.risk_overall_level', 's.revision'])
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
      adminChangesRequestedAt: null,
      supervisorChangesRequestedAt: null,
      riskOverallLevel: row.risk_overall_level,
      revision: row.revision,
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
