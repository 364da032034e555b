import { sql, type KyselyPlugin } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSite, ProjectSiteList } from '../../src/domain/project-site';
import { listSites } from '../../server/sites/repository';
import { projectSitesSuite, siteBody, sitesUrl, siteUrl, type Staff } from '../support/project-sites-suite';

const suite = projectSitesSuite();
const { call, person, companyWithStaff, createSite } = suite;
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = suite.world());
});

describe('GET /api/company/:id/projectSites (a search’s exact total)', () => {
  let staff: Staff;
  const list = async (query: string) => {
    const response = await call('GET', `${sitesUrl(staff.companyId)}?${query}`, staff.admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProjectSiteList>();
  };
  const ids = (page: ProjectSiteList) => page.items.map((site) => site.siteNumber);
  /** A plugin that notes each statement a database runs through it, and the statements it noted. */
  const statementCounter = () => {
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements.push(args.queryId.queryId);
        return args.result;
      },
    };
    return { statements, counting };
  };
  /** What the search (a word, or every one of several) matches, counted afresh from the sites themselves. */
  const truth = async (words: string | readonly string[], status?: string) => {
    let query = app.db.selectFrom('project_sites').select(sql<number>`count(*)`.as('n')).where('company_id', '=', staff.companyId);
    for (const word of [words].flat()) query = query.where(sql<boolean>`search_text LIKE ${`%${word.toLowerCase()}%`}`);
    if (status) query = query.where('status', '=', status as 'ongoing');
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  /** Every page of a search, by its number or by cursor; then the page before the last. */
  const pagesOf = async (query: string, by: 'number' | 'cursor') => {
    const read = async (page: number, cursor: string | null) => list(`${query}&page=${page}${by === 'cursor' && cursor ? `&${cursor}` : ''}`);
    const pages = [await read(1, null)];
    for (let page = 2; page <= 20 && pages.at(-1)!.nextCursor; page++) pages.push(await read(page, `after=${pages.at(-1)!.nextCursor}`));
    const last = pages.at(-1)!;
    const back = last.previousCursor ? await read(pages.length - 1, `before=${last.previousCursor}`) : null;
    return { ids: pages.map(ids), totals: pages.map((page) => page.total), back: back && ids(back) };
  };

  beforeAll(async () => {
    staff = await companyWithStaff();
    for (let n = 0; n < 24; n++) {
      const harbour = n % 2 === 0;
      await createSite(staff, {
        address: `${n + 1} ${harbour ? 'Harbour' : 'Inland'} St`,
        suburb: n % 3 === 0 ? 'Manly' : 'Bondi',
        siteNumber: `K-${String(n).padStart(2, '0')}`,
        clientName: n % 4 === 1 ? 'Harbourside Homes' : 'Delta Co',
        ...(n % 5 === 0 ? { supervisor: staff.supervisor.roleId } : {}),
      });
    }
  });

  it('pages a search by cursor to the pages its page numbers pick, in every order, forward and back, each with the exact total', async () => {
    for (const sort of ['createdAt.date.desc', 'createdAt.date.asc', 'address.string.asc', 'suburb.string.desc', 'clientName.string.asc', 'siteNumber.string.desc', 'supervisorName.string.asc', 'supervisorName.string.desc']) {
      for (const [query, words, status] of [
        [`search=harbour&sort=${sort}&pageSize=3`, ['harbour'], undefined],
        [`search=delta%20harbour&status=ongoing&sort=${sort}&pageSize=2`, ['delta', 'harbour'], 'ongoing'],
      ] as const) {
        const counted = await pagesOf(query, 'number');
        expect(counted.ids.flat().length, query).toBeGreaterThan(6);
        expect(new Set(counted.totals), query).toEqual(new Set([await truth(words, status)]));
        expect(await pagesOf(query, 'cursor'), query).toEqual(counted);
      }
    }
  });

  it('matches the same sites however a search’s words are ordered, repeated or capitalised', async () => {
    const expected = await truth(['harbour', 'st']);
    expect(expected).toBeGreaterThan(0);
    for (const search of ['harbour%20st', 'st%20harbour', 'Harbour%20ST', 'HARBOUR%20harbour%20St', '%20st%20%20hArBoUr%20']) {
      expect((await list(`search=${search}&pageSize=3`)).total, search).toBe(expected);
    }
    // Lowered by PostgreSQL beyond ASCII too, as the kept search text was.
    for (let n = 0; n < 10; n++) await createSite(staff, { address: `${n + 1} Ölberg St`, siteNumber: `Ö-${n}` });
    for (const search of ['ölberg', 'Ölberg', 'ÖLBERG']) expect((await list(`search=${encodeURIComponent(search)}&pageSize=1`)).total, search).toBe(10);
  });

  it('keeps every total exact through changes to what a search matches, and through changes that do not', async () => {
    const check = async (label: string) => {
      for (const [word, status] of [['harbour', undefined], ['harbour', 'ongoing'], ['harbour', 'completed'], ['sam', undefined], ['supervisor', 'ongoing']] as const) {
        const query = `search=${word}&pageSize=2${status ? `&status=${status}` : ''}`;
        expect((await list(query)).total, `${label}: ${query}`).toBe(await truth(word, status));
      }
    };
    await check('before');
    const [site] = (await list('search=inland&pageSize=1')).items;
    const ppe = await call('PUT', siteUrl(staff.companyId, site!._id), staff.admin.token, { ...siteBody({ address: site!.address, suburb: site!.suburb, postcode: site!.postcode, siteNumber: site!.siteNumber, clientName: site!.clientName }), ppe: ['hard_hat'], version: site!.version });
    expect(ppe.statusCode, ppe.body).toBe(200);
    await check('after a PPE change');

    const harbourBefore = await truth('harbour');
    const moved = await call('PUT', siteUrl(staff.companyId, site!._id), staff.admin.token, { ...siteBody({ address: '9 Harbour Quay', suburb: site!.suburb, postcode: site!.postcode, siteNumber: site!.siteNumber, clientName: site!.clientName }), version: ppe.json<ProjectSite>().version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list('search=harbour&pageSize=2')).total).toBe(harbourBefore + 1);
    await check('after an address change');

    const harbours = (await list('search=harbour&pageSize=100')).items.slice(0, 5).map((item) => item._id);
    const bulk = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, { projectSiteIds: harbours, selectedStatus: 'completed' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await check('after a bulk status change');

    await createSite(staff, { address: '1 Harbour Bridge', supervisor: staff.supervisor.roleId });
    await check('after a new site');

    await app.db.updateTable('users').set({ first_name: 'Samantha' }).where('id', '=', staff.supervisor.userId).execute();
    await check('after the supervisor’s rename');
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', staff.supervisor.roleId).execute();
    await check('after the supervisor’s role is revoked');
    expect(await truth('sam')).toBe(0);
  });

  it('reads a search’s page and its exact total in one statement, and a page that finds nothing in one more', async () => {
    const { statements, counting } = statementCounter();
    const db = app.db.withPlugin(counting);
    const options = { words: ['harbour'], status: undefined, sort: 'address.string.asc', start: { kind: 'page', page: 1 }, pageSize: 3 } as const;
    const common = await listSites(db, staff.companyId, options, 'test');
    expect(common.total).toBe(await truth('harbour'));
    expect(common.rows).toHaveLength(3);
    expect(statements).toHaveLength(1);
    const rare = await listSites(db, staff.companyId, { ...options, words: ['k-07'], status: 'ongoing' }, 'test');
    expect({ sites: rare.rows.map((row) => JSON.parse(row.item).siteNumber), total: rare.total }).toEqual({ sites: ['K-07'], total: await truth('k-07', 'ongoing') });
    expect(statements).toHaveLength(2);
    const none = await listSites(db, staff.companyId, { ...options, words: ['zzqq'] }, 'test');
    expect({ rows: none.rows, total: none.total, companyLive: none.companyLive }).toEqual({ rows: [], total: 0, companyLive: true });
    expect(statements).toHaveLength(4);
  });

  it('counts only the company’s own sites', async () => {
    const other = await companyWithStaff();
    await createSite(other, { address: '4 Harbour Rd' });
    const mine = await list('search=harbour&pageSize=2');
    expect(mine.total).toBe(await truth('harbour'));
    const response = await call('GET', `${sitesUrl(other.companyId)}?search=harbour&pageSize=2`, other.admin.token);
    expect(response.json<ProjectSiteList>().total).toBe(1);
    await createSite(other, { address: '5 Harbour Rd' });
    expect((await list('search=harbour&pageSize=2')).total).toBe(mine.total);
  });
});

describe('the site search and the supervisor’s name (migration 023)', () => {
  let staff: Staff;
  const found = async (search: string) => {
    const response = await call('GET', `${sitesUrl(staff.companyId)}?search=${encodeURIComponent(search)}`, staff.admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ProjectSiteList>();
    return { search, found: page.items.map((site) => site.siteNumber).sort(), total: page.total };
  };
  const expectFound = async (search: string, siteNumbers: string[]) =>
    expect(await found(search)).toEqual({ search, found: [...siteNumbers].sort(), total: siteNumbers.length });

  beforeAll(async () => {
    staff = await companyWithStaff();
  });

  it('finds a renamed supervisor’s sites by the new name only, in the same step as the rename', async () => {
    const quinn = await person('CompanySupervisor', staff.companyId, { firstName: 'Quinn', surname: 'Quartz' });
    await createSite(staff, { siteNumber: 'Q-1', supervisor: quinn.roleId });
    await createSite(staff, { siteNumber: 'Q-2', supervisor: quinn.roleId });
    await createSite(staff, { siteNumber: 'S-1', supervisor: staff.supervisor.roleId });
    await expectFound('quartz', ['Q-1', 'Q-2']);
    const renamed = await call('PUT', '/api/profile', quinn.token, {
      firstName: 'Quinn',
      surname: 'Onyx',
      contactEmail: 'quinn@example.test',
      phone: '0412345678',
      emergencyContactName: 'Robin',
      emergencyContactPhone: '0412345679',
      businessDetails: { tradeQualifications: 'Cert IV WHS', whitecardNumber: 'WC-1' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectFound('quartz', []);
    await expectFound('onyx', ['Q-1', 'Q-2']);
    await expectFound('quinn onyx', ['Q-1', 'Q-2']);
  });

  it('follows a site’s change of supervisor and its unallocation', async () => {
    const site = await createSite(staff, { siteNumber: 'M-1', supervisor: staff.phonelessSupervisor.roleId });
    await expectFound('nophone', ['M-1']);
    const moved = await call('PUT', siteUrl(staff.companyId, site._id), staff.admin.token, {
      ...siteBody({ siteNumber: 'M-1', supervisor: staff.supervisor.roleId }),
      version: site.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectFound('nophone', []);
    expect((await found('supervisor')).found).toContain('M-1');
    const unallocated = await call('PUT', siteUrl(staff.companyId, site._id), staff.admin.token, {
      ...siteBody({ siteNumber: 'M-1', supervisor: null }),
      version: site.version + 1,
    });
    expect(unallocated.statusCode, unallocated.body).toBe(200);
    expect((await found('supervisor')).found).not.toContain('M-1');
  });

  it('stops finding a revoked supervisor’s sites by their name, and finds them again once the role is active', async () => {
    const rory = await person('CompanySupervisor', staff.companyId, { firstName: 'Rory', surname: 'Revoked' });
    await createSite(staff, { siteNumber: 'R-1', supervisor: rory.roleId });
    await expectFound('revoked', ['R-1']);
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', rory.roleId).execute();
    await expectFound('revoked', []);
    await app.db.updateTable('user_roles').set({ status: 'active' }).where('id', '=', rory.roleId).execute();
    await expectFound('revoked', ['R-1']);
  });
});
