import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSite } from '../../src/domain/project-site';
import { answer } from './calls';
import { projectSitesSuite, denied, siteBody, sitesUrl, siteUrl, type Person, type Staff } from '../support/project-sites-suite';

const suite = projectSitesSuite();
const { call, person, createSite, storedSite } = suite;
let home: Staff;
let other: Staff;
let superUser: Person;
beforeAll(() => {
  ({ home, other, superUser } = suite.world());
});

describe('access to the project site calls', () => {
  let site: ProjectSite;
  beforeAll(async () => {
    site = await createSite();
  });

  const allCalls = (companyId: string, siteId: string) =>
    [
      ['GET', sitesUrl(companyId), undefined],
      ['POST', sitesUrl(companyId), siteBody()],
      ['PATCH', sitesUrl(companyId), { projectSiteIds: [siteId], selectedStatus: 'on_hold' }],
      ['GET', siteUrl(companyId, siteId), undefined],
      ['PUT', siteUrl(companyId, siteId), { ...siteBody(), version: 1 }],
      ['PATCH', `${siteUrl(companyId, siteId)}/status`, { status: 'on_hold' }],
    ] as const;

  it('answers 401 without a token', async () => {
    for (const [method, url, body] of allCalls(home.companyId, site._id)) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
  });

  it('lets a supervisor read the list and a site but refuses every change with 403', async () => {
    expect((await call('GET', sitesUrl(home.companyId), home.supervisor.token)).statusCode).toBe(200);
    expect((await call('GET', siteUrl(home.companyId, site._id), home.supervisor.token)).statusCode).toBe(200);
    for (const [method, url, body] of allCalls(home.companyId, site._id).filter(([method]) => method !== 'GET')) {
      expect(answer(await call(method, url, home.supervisor.token, body))).toEqual(denied);
    }
    expect(await storedSite(site._id)).toMatchObject({ status: 'ongoing', version: 1 });
  });

  it('refuses the super user every call: the clients area is theirs, not the company area', async () => {
    for (const [method, url, body] of allCalls(home.companyId, site._id)) {
      expect(answer(await call(method, url, superUser.token, body))).toEqual(denied);
    }
  });

  it('refuses an Unregistered user and a tradesperson', async () => {
    const unregistered = await person(null, null);
    const tradesperson = await person('TradesPerson', null);
    for (const caller of [unregistered, tradesperson]) {
      for (const [method, url, body] of allCalls(home.companyId, site._id)) {
        expect(answer(await call(method, url, caller.token, body))).toEqual(denied);
      }
    }
  });

  it('shows another company’s admin nothing: the same 403 for its id, an unknown id or a malformed one', async () => {
    const ids = [home.companyId, randomUUID(), 'not-a-uuid', home.companyId.toUpperCase()];
    for (const companyId of ids) {
      for (const [method, url, body] of allCalls(companyId, site._id)) {
        expect(answer(await call(method, url, other.admin.token, body))).toEqual(denied);
      }
    }
    expect(await storedSite(site._id)).toMatchObject({ status: 'ongoing', version: 1 });
  });

  it('answers a site of another company through one’s own company path exactly like an unknown site', async () => {
    const foreign = await createSite(other);
    const throughOwnPath = await call('GET', siteUrl(home.companyId, foreign._id), home.admin.token);
    const unknown = await call('GET', siteUrl(home.companyId, randomUUID()), home.admin.token);
    expect(answer(throughOwnPath)).toEqual({ statusCode: 404, body: 'This project site does not exist' });
    expect(answer(unknown)).toEqual(answer(throughOwnPath));
    const put = await call('PUT', siteUrl(home.companyId, foreign._id), home.admin.token, { ...siteBody(), version: 1 });
    const status = await call('PATCH', `${siteUrl(home.companyId, foreign._id)}/status`, home.admin.token, { status: 'completed' });
    expect(answer(put)).toEqual(answer(unknown));
    expect(answer(status)).toEqual(answer(unknown));
    expect(await storedSite(foreign._id)).toMatchObject({ status: 'ongoing', version: 1 });
  });

  it('answers 400 for a malformed site id within one’s own company', async () => {
    const response = await call('GET', siteUrl(home.companyId, 'not-a-uuid'), home.admin.token);
    expect(answer(response)).toEqual({ statusCode: 400, body: 'Project site id: not a valid id' });
  });
});
