import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSite } from '../../src/domain/project-site';
import { answer } from './calls';
import { projectSitesSuite, denied, sitesUrl, siteUrl, type Person, type Staff } from '../support/project-sites-suite';

const suite = projectSitesSuite();
const { call, companyWithStaff, createSite, siteEvents, storedSite } = suite;
let home: Staff;
let other: Staff;
let superUser: Person;
beforeAll(() => {
  ({ home, other, superUser } = suite.world());
});

describe('PATCH /api/company/:companyId/projectSites (bulk status)', () => {
  it('changes every named site in one step and answers them with supervisorDetails, in the order sent', async () => {
    const first = await createSite(home, { supervisor: home.supervisor.roleId });
    const second = await createSite();
    const response = await call('PATCH', sitesUrl(home.companyId), home.admin.token, {
      projectSiteIds: [second._id, first._id, first._id],
      selectedStatus: 'on_hold',
    });
    expect(response.statusCode, response.body).toBe(200);
    const sites = response.json<ProjectSite[]>();
    expect(sites.map((site) => [site._id, site.status, site.version])).toEqual([
      [second._id, 'on_hold', 2],
      [first._id, 'on_hold', 2],
    ]);
    expect(sites[1]?.supervisorDetails).toEqual({ firstName: 'Sam', surname: 'Supervisor' });
    expect(sites[0]?.supervisorDetails).toBeNull();
    for (const site of [first, second]) {
      const events = await siteEvents(site._id);
      expect(events.at(-1)).toMatchObject({ action: 'site.status', actor_user_id: home.admin.userId, detail: { from: 'ongoing', to: 'on_hold' } });
    }
  });

  it('leaves a site already at the chosen status as it is', async () => {
    const site = await createSite();
    await call('PATCH', sitesUrl(home.companyId), home.admin.token, { projectSiteIds: [site._id], selectedStatus: 'completed' });
    const again = await call('PATCH', sitesUrl(home.companyId), home.admin.token, { projectSiteIds: [site._id], selectedStatus: 'completed' });
    expect(again.json<ProjectSite[]>()[0]).toMatchObject({ status: 'completed', version: 2 });
    expect((await siteEvents(site._id)).map((event) => event.action)).toEqual(['site.create', 'site.status']);
  });

  it("changes nothing and answers another company's ids exactly as unknown ones: 404 naming the count", async () => {
    const mine = [await createSite(), await createSite()];
    const theirs = await createSite(other);
    const foreign = await call('PATCH', sitesUrl(home.companyId), home.admin.token, {
      projectSiteIds: [mine[0]?._id, theirs._id, mine[1]?._id],
      selectedStatus: 'cancelled',
    });
    const unknown = await call('PATCH', sitesUrl(home.companyId), home.admin.token, {
      projectSiteIds: [mine[0]?._id, randomUUID(), mine[1]?._id],
      selectedStatus: 'cancelled',
    });
    expect(answer(foreign)).toEqual({ statusCode: 404, body: '1 of the 3 selected sites is not a site of this company, so no status was changed' });
    expect(answer(unknown)).toEqual(answer(foreign));
    const both = await call('PATCH', sitesUrl(home.companyId), home.admin.token, {
      projectSiteIds: [mine[0]?._id, theirs._id, randomUUID()],
      selectedStatus: 'completed',
    });
    expect(answer(both)).toEqual({ statusCode: 404, body: '2 of the 3 selected sites are not sites of this company, so no status was changed' });
    for (const site of [...mine, theirs]) {
      expect(await storedSite(site._id)).toMatchObject({ status: 'ongoing', version: 1 });
      expect((await siteEvents(site._id)).map((event) => event.action)).toEqual(['site.create']);
    }
  });

  it('answers each of 50 calls at once with the status that call wrote, never another call’s', async () => {
    const sites = [await createSite(), await createSite(), await createSite()];
    const statuses = ['ongoing', 'on_hold', 'completed', 'cancelled'] as const;
    const chosen = Array.from({ length: 50 }, (_, index) => statuses[index % statuses.length] ?? 'ongoing');
    const responses = await Promise.all(
      chosen.map((selectedStatus) => call('PATCH', sitesUrl(home.companyId), home.admin.token, { projectSiteIds: sites.map((site) => site._id), selectedStatus })),
    );
    const wrong = responses.flatMap((response, index) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ProjectSite[]>().filter((site) => site.status !== chosen[index]).map((site) => `call ${index} chose ${chosen[index]}, answered ${site.status}`);
    });
    expect(wrong).toEqual([]);
  });

  it('refuses an empty or oversized selection, malformed ids and an unknown status', async () => {
    const site = await createSite();
    const cases: [unknown, string][] = [
      [{ projectSiteIds: [], selectedStatus: 'on_hold' }, 'Select from 1 to 500 project sites'],
      [{ projectSiteIds: Array.from({ length: 501 }, () => randomUUID()), selectedStatus: 'on_hold' }, 'Select from 1 to 500 project sites'],
      [{ projectSiteIds: ['not-a-uuid'], selectedStatus: 'on_hold' }, 'Project sites item 1: not a valid project site id'],
      [{ projectSiteIds: [site._id], selectedStatus: 'finished' }, 'Choose one of the offered statuses'],
      [{ projectSiteIds: [site._id] }, 'Status: this field is required'],
    ];
    for (const [body, message] of cases) {
      expect(answer(await call('PATCH', sitesUrl(home.companyId), home.admin.token, body))).toEqual({ statusCode: 400, body: message });
    }
    const notAList = await call('PATCH', sitesUrl(home.companyId), home.admin.token, { projectSiteIds: site._id, selectedStatus: 'on_hold' });
    expect(answer(notAList)).toEqual({ statusCode: 400, body: 'Select from 1 to 500 project sites' });
  });
});

describe('PATCH /api/company/:companyId/projectSites (bulk status over a select-all)', () => {
  let staff: Staff;
  const matchingFixtures = [
    { address: '1 Harbour St', suburb: 'Pyrmont', postcode: '2009', siteNumber: 'M-1', clientName: 'Harbour Lights' },
    { address: '2 Harbour St', suburb: 'Pyrmont', postcode: '2009', siteNumber: 'M-2', clientName: 'Harbour Lights' },
    { address: '3 Harbour St', suburb: 'Pyrmont', postcode: '2009', siteNumber: 'M-3', clientName: 'Harbour Lights' },
    { address: '9 Inland Rd', suburb: 'Penrith', postcode: '2750', siteNumber: 'M-4', clientName: 'Western Works' },
  ];
  const bySiteNumber = new Map<string, ProjectSite>();
  const site = (siteNumber: string) => {
    const found = bySiteNumber.get(siteNumber);
    if (!found) throw new Error(`no fixture ${siteNumber}`);
    return found;
  };
  const statuses = async () =>
    Object.fromEntries(await Promise.all([...bySiteNumber.keys()].map(async (number) => [number, (await storedSite(site(number)._id)).status])));

  beforeAll(async () => {
    staff = await companyWithStaff();
    for (const fixture of matchingFixtures) bySiteNumber.set(fixture.siteNumber, await createSite(staff, fixture));
  });

  it('changes every matching site but the excluded ones in one step, and answers them with supervisorDetails', async () => {
    await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, { projectSiteIds: [site('M-3')._id], selectedStatus: 'on_hold' });
    const response = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, {
      matching: { search: 'harbour', status: 'ongoing' },
      excludedIds: [site('M-2')._id],
      selectedStatus: 'completed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<ProjectSite[]>();
    expect(answered.map((one) => [one.siteNumber, one.status, one.version])).toEqual([['M-1', 'completed', 2]]);
    expect(answered[0]).toHaveProperty('supervisorDetails', null);
    expect(await statuses()).toEqual({ 'M-1': 'completed', 'M-2': 'ongoing', 'M-3': 'on_hold', 'M-4': 'ongoing' });
    expect((await siteEvents(site('M-1')._id)).at(-1)).toMatchObject({
      action: 'site.status',
      actor_user_id: staff.admin.userId,
      detail: { from: 'ongoing', to: 'completed', bulk: true, matching: true },
    });
  });

  it('takes every site of the company when nothing narrows the set, and never another company’s', async () => {
    const theirs = await createSite(other);
    const response = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, {
      matching: {},
      excludedIds: [theirs._id, randomUUID()],
      selectedStatus: 'cancelled',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ProjectSite[]>()).toHaveLength(matchingFixtures.length);
    expect(Object.values(await statuses())).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await storedSite(theirs._id)).toMatchObject({ status: 'ongoing', version: 1 });
  });

  it('leaves sites already at the chosen status as they are and answers an empty set with no sites', async () => {
    const before = await storedSite(site('M-4')._id);
    const again = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, {
      matching: { search: 'inland' },
      excludedIds: [],
      selectedStatus: before.status,
    });
    expect(again.json<ProjectSite[]>().map((one) => one.version)).toEqual([before.version]);
    const none = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, {
      matching: { search: 'no-such-site-anywhere' },
      excludedIds: [],
      selectedStatus: 'ongoing',
    });
    expect({ statusCode: none.statusCode, sites: none.json<ProjectSite[]>() }).toEqual({ statusCode: 200, sites: [] });
  });

  it('refuses supervisors, other companies and the super user, changing nothing', async () => {
    const before = await statuses();
    const body = { matching: {}, excludedIds: [], selectedStatus: 'on_hold' };
    expect(answer(await call('PATCH', sitesUrl(staff.companyId), staff.supervisor.token, body))).toEqual(denied);
    expect(answer(await call('PATCH', sitesUrl(staff.companyId), other.admin.token, body))).toEqual(denied);
    expect(answer(await call('PATCH', sitesUrl(staff.companyId), superUser.token, body))).toEqual(denied);
    expect((await call('PATCH', sitesUrl(staff.companyId), undefined, body)).statusCode).toBe(401);
    expect(await statuses()).toEqual(before);
  });

  it('answers 400, never 500, for a bad select-all body', async () => {
    const before = await statuses();
    const cases: [unknown, string][] = [
      [{ matching: 'all', excludedIds: [], selectedStatus: 'on_hold' }, 'Selection: describe the sites to change with a search and a status'],
      [{ matching: null, excludedIds: [], selectedStatus: 'on_hold' }, 'Selection: describe the sites to change with a search and a status'],
      [{ matching: { status: 'paused' }, excludedIds: [], selectedStatus: 'on_hold' }, 'Choose one of the offered status filters'],
      [{ matching: { search: 'x'.repeat(101) }, excludedIds: [], selectedStatus: 'on_hold' }, 'Search with a single text of at most 100 characters'],
      [{ matching: { search: ['a', 'b'] }, excludedIds: [], selectedStatus: 'on_hold' }, 'Search with a single text of at most 100 characters'],
      [{ matching: {}, excludedIds: ['not-a-uuid'], selectedStatus: 'on_hold' }, 'Excluded ids item 1: not a valid project site id'],
      [{ matching: {}, excludedIds: 'none', selectedStatus: 'on_hold' }, 'Excluded ids: list the sites to leave out by their ids'],
      [{ matching: {}, selectedStatus: 'on_hold' }, 'Excluded ids: this field is required'],
      [{ matching: {}, excludedIds: [], selectedStatus: 'finished' }, 'Choose one of the offered statuses'],
    ];
    for (const [body, message] of cases) {
      expect(answer(await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, body))).toEqual({ statusCode: 400, body: message });
    }
    expect(await statuses()).toEqual(before);
  });
});

describe('PATCH /api/company/:companyId/projectSites/:projectSiteId/status', () => {
  it('changes one site’s status, bumps its version and records it', async () => {
    const site = await createSite();
    const response = await call('PATCH', `${siteUrl(home.companyId, site._id)}/status`, home.admin.token, { status: 'on_hold' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProjectSite>()).toMatchObject({ _id: site._id, status: 'on_hold', version: 2 });
    expect((await siteEvents(site._id)).at(-1)).toMatchObject({ action: 'site.status', detail: { from: 'ongoing', to: 'on_hold', version: 2 } });
  });

  it('refuses a stale version when one is sent, an unknown status and an unknown site', async () => {
    const site = await createSite();
    await call('PATCH', `${siteUrl(home.companyId, site._id)}/status`, home.admin.token, { status: 'completed' });
    const stale = await call('PATCH', `${siteUrl(home.companyId, site._id)}/status`, home.admin.token, { status: 'cancelled', version: 1 });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PATCH', `${siteUrl(home.companyId, site._id)}/status`, home.admin.token, { status: 'paused' });
    expect(answer(bad)).toEqual({ statusCode: 400, body: 'Choose one of the offered statuses' });
    const unknown = await call('PATCH', `${siteUrl(home.companyId, randomUUID())}/status`, home.admin.token, { status: 'on_hold' });
    expect(unknown.statusCode).toBe(404);
    expect(await storedSite(site._id)).toMatchObject({ status: 'completed', version: 2 });
  });
});
