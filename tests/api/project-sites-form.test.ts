import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSite, ProjectSiteList } from '../../src/domain/project-site';
import { answer } from './calls';
import { projectSitesSuite, siteBody, sitesUrl, siteUrl, type Staff } from '../support/project-sites-suite';

const suite = projectSitesSuite();
const { call, person, createSite, uploadedPlan, blobStatus, siteEvents, storedSite } = suite;
let app: FastifyInstance;
let home: Staff;
let other: Staff;
beforeAll(() => {
  ({ app, home, other } = suite.world());
});

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
