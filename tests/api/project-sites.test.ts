import { randomUUID } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSite, ProjectSiteList } from '../../src/domain/project-site';
import type { StoredRole } from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import { listSites } from '../../server/sites/repository';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { createTestApp } from './test-app';
import { answer, call as callApi, type Method } from './calls';

let app: FastifyInstance;
/** This file's calls go to its app. */
const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(app, method, url, token, payload);
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
});
afterAll(async () => close());

let serial = 0;
const unique = (label: string) => `${label}-${++serial}-${randomUUID().slice(0, 8)}`;

async function insertCompany(phone = '0291234567'): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('companies')
    .values({
      id,
      name: unique('Harbour Build Co'),
      abn: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
      builders_reg_number: 'BR-12345',
      phone,
      email: 'office@harbourbuild.test',
      address: '1 George St, Sydney NSW 2000',
      postal_address: 'PO Box 1, Sydney NSW 2001',
    })
    .execute();
  return id;
}

interface Person {
  readonly token: string;
  readonly userId: string;
  readonly roleId: string;
}

async function person(
  role: StoredRole | null,
  companyId: string | null,
  details: { firstName?: string; surname?: string; phone?: string; status?: 'active' | 'invited' | 'revoked' } = {},
): Promise<Person> {
  const email = `${unique(role ?? 'nobody')}@example.test`;
  const user = await findOrCreateUserByEmail(app.db, email);
  await app.db
    .updateTable('users')
    .set({ first_name: details.firstName ?? '', surname: details.surname ?? '', phone: details.phone ?? '' })
    .where('id', '=', user.id)
    .execute();
  const roleId = randomUUID();
  if (role) {
    await app.db
      .insertInto('user_roles')
      .values({ id: roleId, user_id: user.id, company_id: companyId, role, status: details.status ?? 'active', accepted_at: new Date() })
      .execute();
  }
  return { token: await app.auth.tokenForEmail(email), userId: user.id, roleId };
}

async function companyWithStaff(phone?: string) {
  const companyId = await insertCompany(phone);
  const admin = await person('CompanyAdmin', companyId, { firstName: 'Alice', surname: 'Admin', phone: '0400000001' });
  const secondAdmin = await person('CompanyAdmin', companyId, { firstName: 'Adam', surname: 'Second' });
  const supervisor = await person('CompanySupervisor', companyId, { firstName: 'Sam', surname: 'Supervisor', phone: '0411111111' });
  const phonelessSupervisor = await person('CompanySupervisor', companyId, { firstName: 'Pat', surname: 'Nophone' });
  return { companyId, admin, secondAdmin, supervisor, phonelessSupervisor };
}

type Staff = Awaited<ReturnType<typeof companyWithStaff>>;

let home: Staff;
let other: Staff;
let superUser: Person;

beforeAll(async () => {
  home = await companyWithStaff('0298765432');
  other = await companyWithStaff();
  superUser = await person('SuperUser', null);
});

const sitesUrl = (companyId: string) => `/api/company/${companyId}/projectSites`;
const siteUrl = (companyId: string, siteId: string) => `${sitesUrl(companyId)}/${siteId}`;

function siteBody(overrides: Record<string, unknown> = {}) {
  return {
    address: '12 Smith St',
    suburb: 'Parramatta',
    postcode: '2150',
    siteNumber: `J-${++serial}`,
    clientName: 'Westfield Group',
    ...overrides,
  };
}

async function createSite(staff: Staff = home, overrides: Record<string, unknown> = {}): Promise<ProjectSite> {
  const response = await call('POST', sitesUrl(staff.companyId), staff.admin.token, siteBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProjectSite>();
}

/** A PDF as POST file leaves it: a files row of the uploader and a blob in storage. */
async function uploadedPlan(uploader: Person, type: 'siteSafetyPlan' | 'photo' = 'siteSafetyPlan') {
  const fileKey = `${randomUUID()}.pdf`;
  await app.db
    .insertInto('files')
    .values({ id: randomUUID(), file_key: fileKey, friendly_name: 'plan.pdf', type, created_by: decodeJwt(uploader.token).sub ?? null })
    .execute();
  await app.storage.putFile(fileKey, new TextEncoder().encode('%PDF-1.4'), 'application/pdf');
  return { friendlyName: 'plan.pdf', fileKey, type };
}

const blobStatus = async (fileKey: string) => (await fetch(app.storage.readUrl(fileKey))).status;

async function siteEvents(siteId: string) {
  return app.db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', 'project_site')
    .where('entity_id', '=', siteId)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
}

async function storedSite(siteId: string) {
  return app.db.selectFrom('project_sites').selectAll().where('id', '=', siteId).executeTakeFirstOrThrow();
}

const denied = { statusCode: 403, body: 'You are not authorised to view this page' };

describe('POST /api/company/:companyId/projectSites', () => {
  it('creates an ongoing site and answers it with supervisor, PPE, safety plan and company phone', async () => {
    const plan = await uploadedPlan(home.admin);
    const body = siteBody({
      supervisor: home.supervisor.roleId,
      ppe: ['hard_hat', 'high_vis', 'hard_hat'],
      otherPpe: ' Sunscreen ',
      siteSafetyPlan: plan,
      company: home.companyId,
    });
    const response = await call('POST', sitesUrl(home.companyId), home.admin.token, body);
    expect(response.statusCode, response.body).toBe(201);
    const site = response.json<ProjectSite>();
    expect(site).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: '12 Smith St',
      suburb: 'Parramatta',
      postcode: '2150',
      fullAddress: '12 Smith St, Parramatta 2150',
      siteNumber: body.siteNumber,
      clientName: 'Westfield Group',
      timeZone: 'Australia/Sydney',
      supervisor: home.supervisor.roleId,
      supervisorName: 'Sam Supervisor',
      supervisorDetails: { firstName: 'Sam', surname: 'Supervisor' },
      supervisorPhone: '0411111111',
      siteSafetyPlan: { ...plan, url: expect.stringContaining(plan.fileKey) },
      ppe: ['hard_hat', 'high_vis'],
      otherPpe: 'Sunscreen',
      status: 'ongoing',
      company: { _id: home.companyId, phone: '0298765432' },
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await blobStatus(plan.fileKey)).toBe(200);
    const events = await siteEvents(site._id);
    expect(events.map((event) => [event.action, event.actor_user_id])).toEqual([['site.create', home.admin.userId]]);
    expect(events[0]?.detail).toMatchObject({ address: '12 Smith St', supervisor: home.supervisor.roleId, siteSafetyPlan: plan.fileKey });
  });

  it('answers an unallocated site with null supervisor fields and the company phone', async () => {
    const site = await createSite();
    expect(site).toMatchObject({
      supervisor: null,
      supervisorName: null,
      supervisorDetails: null,
      supervisorPhone: '0298765432',
      siteSafetyPlan: null,
      ppe: [],
      otherPpe: '',
    });
  });

  it('falls back to the company phone for a supervisor without one', async () => {
    const site = await createSite(home, { supervisor: home.phonelessSupervisor.roleId });
    expect(site.supervisorName).toBe('Pat Nophone');
    expect(site.supervisorPhone).toBe('0298765432');
  });

  it('answers the spec §5 messages for missing, empty and malformed fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ address: '' }, 'Address: this field is required'],
      [{ suburb: '   ' }, 'Suburb: this field is required'],
      [{ siteNumber: undefined }, 'Job No.: this field is required'],
      [{ clientName: '' }, 'Client: this field is required'],
      [{ postcode: '' }, 'Postcode: this field is required'],
      [{ postcode: '215' }, 'A valid postcode is required'],
      [{ postcode: '21500' }, 'A valid postcode is required'],
      [{ postcode: 'ABCD' }, 'A valid postcode is required'],
      [{ supervisor: 'not-an-id' }, 'Site Supervisor: choose a supervisor of this company'],
      [{ ppe: ['hard_hat', 'cape'] }, 'PPE item 2: choose PPE from the offered list'],
      [{ siteSafetyPlan: { friendlyName: 'plan.pdf', fileKey: 'x.pdf', type: 'photo' } }, 'Upload the site safety plan again'],
      [{ address: 'x'.repeat(501) }, 'Address: must be at most 500 characters'],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', sitesUrl(home.companyId), home.admin.token, siteBody(overrides));
      expect({ overrides, status: response.statusCode, body: response.body }).toEqual({ overrides, status: 400, body: message });
    }
  });

  it('refuses a supervisor who is not an active supervisor of this company', async () => {
    const invited = await person('CompanySupervisor', home.companyId, { status: 'invited' });
    const revoked = await person('CompanySupervisor', home.companyId, { status: 'revoked' });
    for (const roleId of [other.supervisor.roleId, invited.roleId, revoked.roleId, home.admin.roleId, randomUUID()]) {
      const response = await call('POST', sitesUrl(home.companyId), home.admin.token, siteBody({ supervisor: roleId }));
      expect(answer(response)).toEqual({ statusCode: 400, body: 'Choose a supervisor of this company' });
    }
  });

  it('refuses a safety plan that is unknown, not a plan, another company’s upload or already in use', async () => {
    const photo = await uploadedPlan(home.admin, 'photo');
    const foreign = await uploadedPlan(other.admin);
    const used = await uploadedPlan(home.admin);
    await createSite(home, { siteSafetyPlan: used });
    const unknown = { friendlyName: 'plan.pdf', fileKey: `${randomUUID()}.pdf`, type: 'siteSafetyPlan' };
    for (const plan of [unknown, { ...photo, type: 'siteSafetyPlan' }, foreign, used]) {
      const response = await call('POST', sitesUrl(home.companyId), home.admin.token, siteBody({ siteSafetyPlan: plan }));
      expect(answer(response)).toEqual({ statusCode: 400, body: 'Upload the site safety plan again' });
    }
  });

  it('takes a plan uploaded by another admin of the same company', async () => {
    const plan = await uploadedPlan(home.secondAdmin);
    const site = await createSite(home, { siteSafetyPlan: plan });
    expect(site.siteSafetyPlan?.fileKey).toBe(plan.fileKey);
  });

  it('answers 400, never 500, for bodies that are not site objects', async () => {
    for (const payload of [[], 'text', 42, null, { address: 5 }, { ...siteBody(), ppe: 'hard_hat' }, { ...siteBody(), supervisor: 7 }]) {
      const response = await app.inject({
        method: 'POST',
        url: sitesUrl(home.companyId),
        headers: { authorization: `Bearer ${home.admin.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
    }
    const broken = await app.inject({
      method: 'POST',
      url: sitesUrl(home.companyId),
      headers: { authorization: `Bearer ${home.admin.token}`, 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(broken.statusCode).toBe(400);
  });
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

describe('GET /api/company/:id/projectSites/:siteId', () => {
  it('answers the site as created', async () => {
    const created = await createSite(home, { supervisor: home.supervisor.roleId, ppe: ['gloves'] });
    const response = await call('GET', siteUrl(home.companyId, created._id), home.admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it('shows a site whose supervisor was revoked as unallocated', async () => {
    const leaving = await person('CompanySupervisor', home.companyId, { firstName: 'Lee', surname: 'Leaving' });
    const site = await createSite(home, { supervisor: leaving.roleId });
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', leaving.roleId).execute();
    const response = await call('GET', siteUrl(home.companyId, site._id), home.admin.token);
    expect(response.json()).toMatchObject({ supervisor: null, supervisorName: null, supervisorDetails: null, supervisorPhone: '0298765432' });
  });
});

describe('PUT /api/company/:companyId/projectSites/:projectSiteId', () => {
  it('saves the fields, bumps the version and records what changed', async () => {
    const site = await createSite(home, { supervisor: home.supervisor.roleId, ppe: ['gloves'] });
    const response = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, {
      ...siteBody({ address: '14 Smith St', siteNumber: site.siteNumber, ppe: ['first_aid'], otherPpe: 'Ear muffs' }),
      version: site.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<ProjectSite>();
    expect(updated).toMatchObject({
      address: '14 Smith St',
      fullAddress: '14 Smith St, Parramatta 2150',
      supervisor: home.supervisor.roleId,
      ppe: ['first_aid'],
      otherPpe: 'Ear muffs',
      version: 2,
    });
    expect(updated).not.toHaveProperty('fileDeleteSASToken');
    const events = await siteEvents(site._id);
    expect(events.map((event) => event.action)).toEqual(['site.create', 'site.update']);
    expect(events[1]?.detail).toEqual({
      changes: {
        address: { from: '12 Smith St', to: '14 Smith St' },
        ppe: { from: ['gloves'], to: ['first_aid'] },
        otherPpe: { from: '', to: 'Ear muffs' },
      },
      version: { from: 1, to: 2 },
    });
  });

  it('keeps the supervisor when the edit leaves it out, changes it when named and unallocates on null', async () => {
    const site = await createSite(home, { supervisor: home.supervisor.roleId });
    const kept = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody(), version: 1 });
    expect(kept.json<ProjectSite>().supervisor).toBe(home.supervisor.roleId);
    const changed = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, {
      ...siteBody(),
      supervisor: home.phonelessSupervisor.roleId,
      version: 2,
    });
    expect(changed.json<ProjectSite>().supervisorName).toBe('Pat Nophone');
    const cleared = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody(), supervisor: null, version: 3 });
    expect(cleared.json<ProjectSite>()).toMatchObject({ supervisor: null, supervisorName: null, version: 4 });
    const refused = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, {
      ...siteBody(),
      supervisor: other.supervisor.roleId,
      version: 4,
    });
    expect(answer(refused)).toEqual({ statusCode: 400, body: 'Choose a supervisor of this company' });
  });

  it('refuses the second of two admins saving the same version, keeping the first one’s changes', async () => {
    const site = await createSite();
    const [first, second] = [home.admin, home.secondAdmin];
    const readFirst = (await call('GET', siteUrl(home.companyId, site._id), first.token)).json<ProjectSite>();
    const readSecond = (await call('GET', siteUrl(home.companyId, site._id), second.token)).json<ProjectSite>();
    const saved = await call('PUT', siteUrl(home.companyId, site._id), first.token, {
      ...siteBody({ clientName: 'First Client' }),
      version: readFirst.version,
    });
    expect(saved.statusCode).toBe(200);
    const refused = await call('PUT', siteUrl(home.companyId, site._id), second.token, {
      ...siteBody({ clientName: 'Second Client' }),
      version: readSecond.version,
    });
    expect(answer(refused)).toEqual({
      statusCode: 409,
      body: 'This site was changed by someone else. Reload to see their changes before saving.',
    });
    expect(await storedSite(site._id)).toMatchObject({ client_name: 'First Client', version: 2 });
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const site = await createSite();
    const responses = await Promise.all(
      [home.admin, home.secondAdmin].map((admin, index) =>
        call('PUT', siteUrl(home.companyId, site._id), admin.token, { ...siteBody({ clientName: `Client ${index}` }), version: 1 }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await storedSite(site._id)).version).toBe(2);
  });

  it('needs the version the site was read at', async () => {
    const site = await createSite();
    const missing = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, siteBody());
    expect(answer(missing)).toEqual({ statusCode: 400, body: 'Version: this field is required' });
    for (const version of ['1', 0, 1.5, null]) {
      const response = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody(), version });
      expect(answer(response)).toEqual({ statusCode: 400, body: 'Reload the site before saving: send the version it was read at' });
    }
    const unknown = await call('PUT', siteUrl(home.companyId, randomUUID()), home.admin.token, { ...siteBody(), version: 1 });
    expect(answer(unknown)).toEqual({ statusCode: 404, body: 'This project site does not exist' });
  });

  it('deletes a replaced safety plan’s blob and files row, keeps an unchanged one and deletes a removed one', async () => {
    const firstPlan = await uploadedPlan(home.admin);
    const site = await createSite(home, { siteSafetyPlan: firstPlan });
    const secondPlan = await uploadedPlan(home.admin);

    const unchanged = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, {
      ...siteBody(),
      siteSafetyPlan: site.siteSafetyPlan,
      version: 1,
    });
    expect(unchanged.json<ProjectSite>().siteSafetyPlan?.fileKey).toBe(firstPlan.fileKey);
    expect(await blobStatus(firstPlan.fileKey)).toBe(200);

    const replaced = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, {
      ...siteBody(),
      siteSafetyPlan: secondPlan,
      version: 2,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<ProjectSite>().siteSafetyPlan).toMatchObject({ fileKey: secondPlan.fileKey, url: expect.any(String) });
    expect(replaced.json()).not.toHaveProperty('fileDeleteSASToken');
    expect(await blobStatus(firstPlan.fileKey)).toBe(404);
    expect(await app.db.selectFrom('files').select('id').where('file_key', '=', firstPlan.fileKey).executeTakeFirst()).toBeUndefined();
    expect((await siteEvents(site._id)).at(-1)).toMatchObject({
      action: 'file.replaced',
      detail: { file: 'siteSafetyPlan', from: firstPlan.fileKey, to: secondPlan.fileKey },
    });

    const kept = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody(), version: 3 });
    expect(kept.json<ProjectSite>().siteSafetyPlan?.fileKey).toBe(secondPlan.fileKey);

    const removed = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody(), siteSafetyPlan: null, version: 4 });
    expect(removed.json<ProjectSite>().siteSafetyPlan).toBeNull();
    expect(await blobStatus(secondPlan.fileKey)).toBe(404);
    expect(await app.db.selectFrom('files').select('id').where('file_key', '=', secondPlan.fileKey).executeTakeFirst()).toBeUndefined();

    const events = await siteEvents(site._id);
    expect(events.at(-1)?.detail).toMatchObject({ changes: { siteSafetyPlan: { from: secondPlan.fileKey, to: null } } });
  });

  it('keeps the current plan when the new one is refused', async () => {
    const plan = await uploadedPlan(home.admin);
    const site = await createSite(home, { siteSafetyPlan: plan });
    const foreign = await uploadedPlan(other.admin);
    const response = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody(), siteSafetyPlan: foreign, version: 1 });
    expect(answer(response)).toEqual({ statusCode: 400, body: 'Upload the site safety plan again' });
    expect(await blobStatus(plan.fileKey)).toBe(200);
    expect(await storedSite(site._id)).toMatchObject({ version: 1 });
  });
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

describe('GET /api/company/:id/projectSites: the rows PostgreSQL writes', () => {
  it('writes each row as the site itself is answered: supervisors, fallbacks, plans, PPE and awkward text', async () => {
    // The list's rows are JSON that PostgreSQL writes with the supervisor and plan added by the portal (siteListItem);
    // GET one site writes the same site in TypeScript (siteView). Every case must come out the same from both.
    const staff = await companyWithStaff('0299990000');
    const nameless = await person('CompanySupervisor', staff.companyId, { firstName: '  ', surname: '', phone: '  ' });
    const leaving = await person('CompanySupervisor', staff.companyId, { firstName: 'Lee', surname: 'Leaving', phone: '0422222222' });
    // Spaces only JavaScript's trim knows of: the SQL trims them alike (jsTrimmedCharacters).
    const wide = await person('CompanySupervisor', staff.companyId, { firstName: '\u00a0\u3000', surname: 'Wu\u2003', phone: '\ufeff\u2028' });
    const plan = await uploadedPlan(staff.admin);
    const awkward = await createSite(staff, {
      address: '7/12 "Quay" St\\ back\tslash',
      suburb: 'Café Ünïcode 🚧 李',
      clientName: '<b>Client</b> & \u2028 Co',
      supervisor: staff.supervisor.roleId,
      siteSafetyPlan: plan,
      ppe: ['hard_hat', 'high_vis'],
      otherPpe: 'Ear "muffs"',
    });
    await createSite(staff, { supervisor: staff.phonelessSupervisor.roleId });
    await createSite(staff, { supervisor: nameless.roleId });
    const wideSite = await createSite(staff, { supervisor: wide.roleId });
    const revoked = await createSite(staff, { supervisor: leaving.roleId });
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', leaving.roleId).execute();
    await createSite(staff);
    // A PPE value stored before it left the list (or by hand) is not answered.
    await app.db.updateTable('project_sites').set({ ppe: ['high_vis', 'no_longer_offered', 'hard_hat'] }).where('id', '=', awkward._id).execute();

    const withoutSignature = (site: ProjectSite) => ({
      ...site,
      siteSafetyPlan: site.siteSafetyPlan && { ...site.siteSafetyPlan, url: site.siteSafetyPlan.url.split('?')[0] },
    });
    const expectListedAsRead = async () => {
      for (const query of ['pageSize=100', 'pageSize=100&search=%C3%BCn%C3%AFcode', 'pageSize=100&sort=supervisorName.string.asc']) {
        const response = await call('GET', `${sitesUrl(staff.companyId)}?${query}`, staff.admin.token);
        expect(response.statusCode, response.body).toBe(200);
        const listed = response.json<ProjectSiteList>();
        // Written as JSON.stringify writes it (PostgreSQL's json_build_object, for one, puts spaces around its colons).
        expect(response.body).toBe(JSON.stringify(listed));
        expect(listed.items.length, query).toBe(query.includes('search') ? 1 : 6);
        for (const item of listed.items) {
          const one = await call('GET', siteUrl(staff.companyId, item._id), staff.admin.token);
          expect(one.statusCode).toBe(200);
          expect(withoutSignature(item)).toStrictEqual(withoutSignature(one.json<ProjectSite>()));
          if (item.siteSafetyPlan) expect(item.siteSafetyPlan.url).toContain(plan.fileKey);
        }
      }
      const all = (await call('GET', `${sitesUrl(staff.companyId)}?pageSize=100`, staff.admin.token)).json<ProjectSiteList>();
      return new Map(all.items.map((item) => [item._id, item]));
    };
    const byId = await expectListedAsRead();
    expect(byId.get(awkward._id)).toMatchObject({ suburb: 'Café Ünïcode 🚧 李', ppe: ['high_vis', 'hard_hat'], supervisorName: 'Sam Supervisor' });
    expect(byId.get(revoked._id)).toMatchObject({ supervisor: null, supervisorPhone: '0299990000' });
    expect(byId.get(wideSite._id)).toMatchObject({ supervisorName: 'Wu\u2003', supervisorPhone: '0299990000' });

    // Migration 037 writes a site's own fields with its row: every change a site takes must reach the list, and the
    // supervisor's and the company's fields, read with the page, follow their own rows.
    const edited = await call('PUT', siteUrl(staff.companyId, awkward._id), staff.admin.token, {
      ...siteBody({ address: 'Level 2, "The Cut"\n3 Argyle St', suburb: 'Café Ünïcode 🚧 李', postcode: '2000', clientName: 'Cut & Co' }),
      siteNumber: awkward.siteNumber,
      supervisor: wide.roleId,
      otherPpe: 'Respirator\t(P2)',
      version: awkward.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, { projectSiteIds: [wideSite._id], selectedStatus: 'on_hold' });
    expect(moved.statusCode, moved.body).toBe(200);
    // A time with microseconds, written as toISOString writes it (truncated to the millisecond).
    await app.db.updateTable('project_sites').set({ created_at: new Date('2026-01-02T03:04:05.678Z') }).where('id', '=', revoked._id).execute();
    await sql`UPDATE project_sites SET updated_at = '2026-03-04 05:06:07.891999+00' WHERE id = ${revoked._id}`.execute(app.db);
    await app.db.updateTable('users').set({ first_name: 'Patricia', phone: '0433333333' }).where('id', '=', staff.phonelessSupervisor.userId).execute();
    await app.db.updateTable('companies').set({ phone: '0288880000' }).where('id', '=', staff.companyId).execute();
    const after = await expectListedAsRead();
    expect(after.get(awkward._id)).toMatchObject({
      fullAddress: 'Level 2, "The Cut"\n3 Argyle St, Café Ünïcode 🚧 李 2000',
      clientName: 'Cut & Co',
      otherPpe: 'Respirator\t(P2)',
      supervisorName: 'Wu\u2003',
      supervisorPhone: '0288880000',
      version: awkward.version + 1,
    });
    expect(after.get(wideSite._id)).toMatchObject({ status: 'on_hold', company: { phone: '0288880000' } });
    expect(after.get(revoked._id)).toMatchObject({ createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-03-04T05:06:07.891Z' });
    const renamed = [...after.values()].filter((site) => site.supervisor === staff.phonelessSupervisor.roleId);
    expect(renamed.map(({ supervisorName, supervisorPhone }) => ({ supervisorName, supervisorPhone }))).toEqual([
      { supervisorName: 'Patricia Nophone', supervisorPhone: '0433333333' },
    ]);
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

describe('a project site’s time zone (issue 55 §3)', () => {
  it('takes its postcode’s state’s zone on create, or the one sent', async () => {
    expect((await createSite(home, { postcode: '6000' })).timeZone).toBe('Australia/Perth');
    expect((await createSite(home, { postcode: '2880' })).timeZone).toBe('Australia/Broken_Hill');
    expect((await createSite(home, { postcode: '6000', timeZone: 'Australia/Adelaide' })).timeZone).toBe('Australia/Adelaide');
  });

  it('refuses a zone that is not offered, with the reason', async () => {
    const response = await call('POST', sitesUrl(home.companyId), home.admin.token, siteBody({ timeZone: 'Europe/London' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Choose one of the offered time zones');
  });

  it('keeps its zone on an update that leaves it out, changes it on one that sends it, and lists it', async () => {
    const site = await createSite(home, { postcode: '6000', timeZone: 'Australia/Adelaide' });
    const kept = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, { ...siteBody({ postcode: '4000' }), siteNumber: site.siteNumber, version: site.version });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<ProjectSite>().timeZone).toBe('Australia/Adelaide');
    const changed = await call('PUT', siteUrl(home.companyId, site._id), home.admin.token, {
      ...siteBody({ postcode: '4000', timeZone: 'Australia/Brisbane' }),
      siteNumber: site.siteNumber,
      version: kept.json<ProjectSite>().version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ProjectSite>().timeZone).toBe('Australia/Brisbane');
    const listed = await call('GET', `${sitesUrl(home.companyId)}?search=${encodeURIComponent(site.siteNumber)}`, home.admin.token);
    expect(listed.json<ProjectSiteList>().items.find((item) => item._id === site._id)?.timeZone).toBe('Australia/Brisbane');
  });
});
