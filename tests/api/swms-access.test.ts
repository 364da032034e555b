import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer } from './calls';
import { swmsSuite, deniedPage, deniedSwms, listUrl, swmsUrl, type Account } from '../support/swms-suite';

const suite = swmsSuite();
const { call, list, readOne, stored, setFlags, companyWithSwms } = suite;
let app: FastifyInstance;
let harbourAdmin: Account;
let harbourSupervisor: Account;
let ridgelineAdmin: Account;
let ridgelineSupervisor: Account;
let superUser: Account;
let tradie: Account;
let stranger: Account;
let harbourSwms: string[];
let ridgelineSwms: string[];
beforeAll(() => {
  ({ app, harbourAdmin, harbourSupervisor, ridgelineAdmin, ridgelineSupervisor, superUser, tradie, stranger, harbourSwms, ridgelineSwms } = suite.world());
});

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
