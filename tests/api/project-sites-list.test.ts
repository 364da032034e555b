import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSiteList } from '../../src/domain/project-site';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp } from './test-app';
import { answer } from './calls';
import { projectSitesSuite, denied, sitesUrl, siteUrl, type Staff } from '../support/project-sites-suite';

const suite = projectSitesSuite();
const { call, person, companyWithStaff } = suite;
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = suite.world());
});

describe('GET /api/company/:id/projectSites (search, sort, filter, paging)', () => {
  let staff: Staff;
  const list = async (query = '') => {
    const response = await call('GET', `${sitesUrl(staff.companyId)}?${query}`, staff.supervisor.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProjectSiteList>();
  };
  const ids = (page: ProjectSiteList) => page.items.map((site) => site.siteNumber);

  beforeAll(async () => {
    staff = await companyWithStaff();
    const zoe = await person('CompanySupervisor', staff.companyId, { firstName: 'Zoe', surname: 'Zed' });
    const fixtures = [
      { address: '3 Beach Rd', suburb: 'Manly', postcode: '2095', siteNumber: 'J-10', clientName: 'Coastal Homes', supervisor: staff.supervisor.roleId },
      { address: '1 Abbey Lane', suburb: 'Bondi', postcode: '2026', siteNumber: 'J-9', clientName: 'Acme 100% Pty', supervisor: zoe.roleId },
      { address: '22 Crown St', suburb: 'Surry Hills', postcode: '2010', siteNumber: 'A-2', clientName: 'Bravo Builders' },
      { address: '7 Dune Ave', suburb: 'Bondi', postcode: '2026', siteNumber: 'J-100', clientName: 'Delta_Co', supervisor: staff.supervisor.roleId },
      { address: '5 Eagle St', suburb: 'Parramatta', postcode: '2150', siteNumber: 'B-1', clientName: 'Echo Group' },
    ];
    for (const fixture of fixtures) {
      const response = await call('POST', sitesUrl(staff.companyId), staff.admin.token, fixture);
      expect(response.statusCode, response.body).toBe(201);
    }
    const [bondiLane] = (await list('search=abbey')).items;
    await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, { projectSiteIds: [bondiLane?._id], selectedStatus: 'on_hold' });
  });

  it('lists the company’s sites newest first with the total and paging fields', async () => {
    const page = await list();
    expect({ total: page.total, page: page.page, pageSize: page.pageSize }).toEqual({ total: 5, page: 1, pageSize: 20 });
    expect(ids(page)).toEqual(['B-1', 'J-100', 'A-2', 'J-9', 'J-10']);
    expect(ids(await list('sort=createdAt.date.asc'))).toEqual(['J-10', 'J-9', 'A-2', 'J-100', 'B-1']);
  });

  it('sorts by each column both ways', async () => {
    const expected: Record<string, string[]> = {
      'address.string.asc': ['J-9', 'A-2', 'J-10', 'B-1', 'J-100'],
      'suburb.string.asc': ['J-9', 'J-100', 'J-10', 'B-1', 'A-2'],
      'clientName.string.asc': ['J-9', 'A-2', 'J-10', 'J-100', 'B-1'],
      'siteNumber.string.asc': ['B-1', 'A-2', 'J-9', 'J-10', 'J-100'],
    };
    for (const [sort, order] of Object.entries(expected)) {
      expect(ids(await list(`sort=${sort}`)), sort).toEqual(order);
      expect(ids(await list(`sort=${sort.replace('.asc', '.desc')}`)), sort).toEqual([...order].reverse());
    }
    const bySupervisor = ids(await list('sort=supervisorName.string.asc'));
    expect(bySupervisor.slice(0, 3)).toEqual(expect.arrayContaining(['J-10', 'J-100']));
    expect(bySupervisor[2]).toBe('J-9');
    const bySupervisorDesc = ids(await list('sort=supervisorName.string.desc'));
    expect(bySupervisorDesc[0]).toBe('J-9');
    expect(bySupervisorDesc.slice(3).sort()).toEqual(['A-2', 'B-1']);
  });

  it('searches address, suburb, postcode, client, job no. and supervisor name, every word having to match', async () => {
    const cases: [string, string[]][] = [
      ['beach', ['J-10']],
      ['BONDI', ['J-100', 'J-9']],
      ['2150', ['B-1']],
      ['bravo', ['A-2']],
      ['j-10', ['J-100', 'J-10']],
      ['zoe', ['J-9']],
      ['sam supervisor', ['J-100', 'J-10']],
      ['bondi supervisor', ['J-100']],
      ['100%', ['J-9']],
      ['_', ['J-100']],
      ['nothing-like-this', []],
    ];
    for (const [search, expected] of cases) {
      const page = await list(`search=${encodeURIComponent(search)}`);
      expect({ search, found: ids(page) }).toEqual({ search, found: expected });
      expect(page.total).toBe(expected.length);
    }
  });

  it('filters by status with either filter key, combined with search', async () => {
    expect(ids(await list('filter=status.string.on_hold'))).toEqual(['J-9']);
    expect(ids(await list('status=on_hold'))).toEqual(['J-9']);
    expect((await list('status=ongoing')).total).toBe(4);
    expect((await list('status=cancelled')).total).toBe(0);
    expect(ids(await list('status=ongoing&search=bondi'))).toEqual(['J-100']);
    const onHoldBondi = await list('status=on_hold&search=bondi');
    expect({ found: ids(onHoldBondi), total: onHoldBondi.total }).toEqual({ found: ['J-9'], total: 1 });
  });

  it('keeps a search’s total on a page past its last row and under the supervisor-name order', async () => {
    const beyond = await list('search=bondi&pageSize=1&page=5');
    expect({ found: ids(beyond), total: beyond.total }).toEqual({ found: [], total: 2 });
    const bySupervisor = await list('search=supervisor&sort=supervisorName.string.asc');
    // Both sites have the same supervisor, so the id decides between them: compare as a set.
    expect({ found: ids(bySupervisor).sort(), total: bySupervisor.total }).toEqual({ found: ['J-10', 'J-100'], total: 2 });
    // A page reached by its cursor counts every match, not only those past the cursor, and so does one read backwards.
    const first = await list('search=bondi&pageSize=1');
    const second = await list(`search=bondi&pageSize=1&page=2&after=${first.nextCursor}`);
    const back = await list(`search=bondi&pageSize=1&page=1&before=${second.previousCursor}`);
    expect([first, second, back].map((page) => ({ found: ids(page), total: page.total }))).toEqual([
      { found: ['J-100'], total: 2 },
      { found: ['J-9'], total: 2 },
      { found: ['J-100'], total: 2 },
    ]);
  });

  it('pages through the filtered, sorted list', async () => {
    const first = await list('sort=siteNumber.string.asc&pageSize=2');
    const third = await list('sort=siteNumber.string.asc&pageSize=2&page=3');
    const beyond = await list('sort=siteNumber.string.asc&pageSize=2&page=4');
    expect([ids(first), ids(third), ids(beyond)]).toEqual([['B-1', 'A-2'], ['J-100'], []]);
    expect([first.total, beyond.total, third.page, third.pageSize]).toEqual([5, 5, 3, 2]);
  });

  it('walks each order by cursor, forward and back, as page numbers read it; totals per status stay exact through status changes', async () => {
    for (const sort of ['createdAt.date.desc', 'address.string.asc', 'suburb.string.desc', 'clientName.string.asc', 'siteNumber.string.desc', 'supervisorName.string.asc', 'supervisorName.string.desc']) {
      const byNumber: string[] = [];
      for (let page = 1; ; page++) {
        const one = await list(`sort=${sort}&pageSize=2&page=${page}`);
        if (one.items.length === 0) break;
        byNumber.push(...ids(one));
      }
      const pages = [await list(`sort=${sort}&pageSize=2`)];
      for (let page = 2; page <= 10 && pages.at(-1)!.items.length === 2; page++) {
        const cursor = pages.at(-1)!.nextCursor;
        pages.push(await list(`sort=${sort}&pageSize=2&page=${page}${cursor ? `&after=${cursor}` : ''}`));
      }
      expect(pages.flatMap(ids), sort).toEqual(byNumber);
      const last = pages.findLast((page) => page.items.length > 0)!;
      const lastNumber = pages.indexOf(last) + 1;
      if (last.previousCursor !== null) {
        const back = await list(`sort=${sort}&pageSize=2&page=${lastNumber - 1}&before=${last.previousCursor}`);
        expect(ids(back), sort).toEqual(ids(pages[lastNumber - 2]!));
      }
    }
    const truth = async (status?: string) => {
      let query = app.db.selectFrom('project_sites').select(sql<number>`count(*)`.as('n')).where('company_id', '=', staff.companyId);
      if (status) query = query.where('status', '=', status as 'ongoing');
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const [first] = (await list('sort=createdAt.date.asc')).items;
    for (const status of ['completed', 'ongoing'] as const) {
      const changed = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, { projectSiteIds: [first?._id], selectedStatus: status });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await list('')).total).toBe(await truth());
      for (const filter of ['ongoing', 'on_hold', 'completed', 'cancelled']) expect((await list(`status=${filter}`)).total, filter).toBe(await truth(filter));
    }
  });

  it('lists only the company’s own sites', async () => {
    const page = await list('pageSize=100');
    expect(page.items.every((site) => site.company._id === staff.companyId)).toBe(true);
  });

  it('answers 400, never 500, for a bad query', async () => {
    const cases: [string, string][] = [
      ['sort=name.string.asc', 'Choose one of the offered sort orders'],
      ['filter=status.string.done', 'Choose one of the offered status filters'],
      ['status=done', 'Choose one of the offered status filters'],
      ['status=ongoing&filter=status.string.on_hold', 'Choose one of the offered status filters'],
      ['page=0', 'The page must be a whole number from 1'],
      ['page=abc', 'The page must be a whole number from 1'],
      ['pageSize=101', 'The page size must be a whole number from 1 to 100'],
      [`search=${'x'.repeat(101)}`, 'Search with a single text of at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const response = await call('GET', `${sitesUrl(staff.companyId)}?${query}`, staff.admin.token);
      expect({ query, status: response.statusCode, body: response.body }).toEqual({ query, status: 400, body: message });
    }
    for (const query of ['search=a&search=b', 'page=1&page=2', 'status=ongoing&status=on_hold']) {
      expect((await call('GET', `${sitesUrl(staff.companyId)}?${query}`, staff.admin.token)).statusCode).toBe(400);
    }
  });
});

describe('the demo data', () => {
  let demo: FastifyInstance;
  let closeDemo: () => Promise<void>;
  beforeAll(async () => {
    ({ app: demo, close: closeDemo } = await createTestApp());
    await seedDemo(demo.db, demo.storage);
  });
  afterAll(async () => closeDemo());

  const signIn = async (email: string) => {
    const token = await demo.auth.tokenForEmail(email);
    return { token, companyId: String(decodeJwt(token).company) };
  };
  const get = async (token: string, url: string) => demo.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('lets the Harbour admin sort, search and filter the Harbour sites, and shows Ridgeline’s admin none of them', async () => {
    const admin = await signIn('admin@harbourbuild.demo');
    const list = async (query: string) => (await get(admin.token, `${sitesUrl(admin.companyId)}?${query}`)).json<ProjectSiteList>();
    const jobNumbers = (page: ProjectSiteList) => page.items.map((site) => site.siteNumber);
    expect(jobNumbers(await list('sort=siteNumber.string.asc'))).toEqual(['HB-1029', 'HB-1036', 'HB-1042', 'HB-1047', 'HB-1053', 'HB-1058']);
    expect(jobNumbers(await list('search=marcus&sort=siteNumber.string.asc'))).toEqual(['HB-1036', 'HB-1042']);
    expect(jobNumbers(await list('filter=status.string.cancelled'))).toEqual(['HB-1058']);
    const unallocated = (await list('search=HB-1053')).items[0];
    expect(unallocated).toMatchObject({ supervisor: null, supervisorName: null, supervisorPhone: unallocated?.company.phone });

    const ridgeline = await signIn('admin@ridgeline.demo');
    expect(answer(await get(ridgeline.token, sitesUrl(admin.companyId)))).toEqual(denied);
    expect(answer(await get(ridgeline.token, siteUrl(admin.companyId, unallocated?._id ?? '')))).toEqual(denied);
  });

  it('lets the Harbour supervisor read a site but not change its status', async () => {
    const supervisor = await signIn('supervisor@harbourbuild.demo');
    const [site] = (await get(supervisor.token, `${sitesUrl(supervisor.companyId)}?search=HB-1042`)).json<ProjectSiteList>().items;
    expect(site).toMatchObject({ supervisorName: 'Marcus Reid', supervisorDetails: { firstName: 'Marcus', surname: 'Reid' } });
    const response = await demo.inject({
      method: 'PATCH',
      url: sitesUrl(supervisor.companyId),
      headers: { authorization: `Bearer ${supervisor.token}` },
      payload: { projectSiteIds: [site?._id], selectedStatus: 'completed' },
    });
    expect(answer(response)).toEqual(denied);
  });
});
