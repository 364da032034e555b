import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisitAuditActions } from '../../src/domain/site-visit';
import { seedDemo } from '../../server/seed/demo';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { siteKey, tradesPerson } from './site-visit-fixtures';
import { createTestApp, signedInAccount, type SignedInAccount } from './test-app';
import { call } from './calls';

/**
 * DESIGN.md auditors: every audit event written while serving a request names that request (the
 * X-Request-Id of its answer), so an auditor can tie what one call did together. The id is passed down
 * from the route, never read from AsyncLocalStorage (server/audit/request-context.ts); here each route
 * that writes an event, in each way the id travels, is called and its events are read back.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let superUser: SignedInAccount;
let admin: SignedInAccount;
let supervisor: SignedInAccount;
let site: { id: string; key: string };

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await app.reviewDigest.stop();
  await seedDemo(app.db, app.storage);
  superUser = await signedInAccount(app, 'super@sitesafe.demo');
  admin = await signedInAccount(app, 'admin@harbourbuild.demo');
  supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
  const row = await app.db
    .selectFrom('project_sites as p')
    .innerJoin('user_roles as r', 'r.id', 'p.supervisor_role_id')
    .select('p.id')
    .where('p.company_id', '=', admin.companyId)
    .where('r.user_id', '=', supervisor.userId)
    .where('p.status', '=', 'ongoing')
    .where('p.site_safety_plan_file_id', 'is', null)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  site = { id: row.id, key: await siteKey(app, row.id) };
}, 120_000);
afterAll(async () => close());

type Answer = Awaited<ReturnType<typeof call>>;

/** The events written so far (their chains number them per company, so the ids mark what came after). */
const lastSeq = async () => new Set((await app.db.selectFrom('audit_events').select('id').execute()).map((row) => row.id));

/** The request ids of the events with this action (and entity) written since `before`, oldest first. */
async function requestIdsOf(before: ReadonlySet<string>, action: string, entityId?: string): Promise<(string | null)[]> {
  let query = app.db.selectFrom('audit_events').select(['id', 'request_id']).where('action', '=', action).orderBy('chain').orderBy('seq');
  if (entityId) query = query.where('entity_id', '=', entityId);
  return (await query.execute()).filter((row) => !before.has(row.id)).map((row) => row.request_id);
}

/** Calls, expects the status, and answers the response with its request id. */
async function made(status: number, calling: Promise<Answer>): Promise<{ response: Answer; requestId: string }> {
  const response = await calling;
  expect(response.statusCode, response.body).toBe(status);
  const requestId = String(response.headers['x-request-id']);
  expect(requestId).not.toBe('undefined');
  return { response, requestId };
}

const put = (url: string, token: string, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const patch = (url: string, token: string, payload: unknown) =>
  app.inject({ method: 'PATCH', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('audit events name the request that wrote them', () => {
  it('a client created, changed and deleted by the super user', async () => {
    const before = await lastSeq();
    const created = await made(201, call(app, 'POST', '/api/company', superUser.token, companyBody()));
    const companyId = created.response.json<{ _id: string }>()._id;
    const changed = await made(200, put(`/api/company/${companyId}`, superUser.token, companyBody({ name: 'Renamed Build Co' })));
    const deleted = await made(204, app.inject({ method: 'DELETE', url: `/api/company/${companyId}`, headers: { authorization: `Bearer ${superUser.token}` } }));
    expect(await requestIdsOf(before, 'company.create', companyId)).toEqual([created.requestId]);
    expect(await requestIdsOf(before, 'company.update', companyId)).toEqual([changed.requestId]);
    expect(await requestIdsOf(before, 'company.delete', companyId)).toEqual([deleted.requestId]);
  });

  it('a site created, its status changed one and many at a time, and its QR code replaced', async () => {
    const before = await lastSeq();
    const sites = `/api/company/${admin.companyId}/projectSites`;
    const created = await made(
      201,
      call(app, 'POST', sites, admin.token, { address: '9 Request St', suburb: 'Ultimo', postcode: '2007', siteNumber: `RQ-${randomUUID().slice(0, 6)}`, clientName: 'Client' }),
    );
    const siteId = created.response.json<{ _id: string }>()._id;
    const one = await made(200, patch(`${sites}/${siteId}/status`, admin.token, { status: 'on_hold' }));
    const many = await made(200, patch(sites, admin.token, { projectSiteIds: [siteId], selectedStatus: 'ongoing' }));
    const qr = await made(200, call(app, 'POST', `${sites}/${siteId}/qr`, admin.token));
    expect(await requestIdsOf(before, 'site.create', siteId)).toEqual([created.requestId]);
    expect(await requestIdsOf(before, 'site.status', siteId)).toEqual([one.requestId, many.requestId]);
    expect(await requestIdsOf(before, siteVisitAuditActions.qrReplaced, siteId)).toEqual([qr.requestId]);
  });

  it('an invitation sent, and a profile saved', async () => {
    const before = await lastSeq();
    const invited = await made(
      201,
      call(app, 'POST', '/api/user/invite', admin.token, {
        firstName: 'Ivy',
        surname: 'Invitee',
        email: `ivy.${randomUUID().slice(0, 6)}@invites.test`,
        phone: '0400 123 456',
        companyId: admin.companyId,
        role: 'CompanySupervisor',
      }),
    );
    const saved = await made(
      200,
      put('/api/profile', admin.token, {
        firstName: 'Olivia',
        surname: 'Bennett',
        contactEmail: 'olivia.bennett@harbourbuild.demo',
        phone: '0412 345 678',
        emergencyContactName: 'Jo Bennett',
        emergencyContactPhone: '0498 765 432',
      }),
    );
    expect(await requestIdsOf(before, 'invite.create')).toEqual([invited.requestId]);
    expect(await requestIdsOf(before, 'profile.update', admin.userId)).toEqual([saved.requestId]);
  });

  it('a tradesperson joins from the QR code, checks in (closing yesterday’s check-in), submits a SWMS and checks out', async () => {
    const email = `joiner.${randomUUID().slice(0, 6)}@trades.test`;
    await findOrCreateUserByEmail(app.db, email);
    const before = await lastSeq();
    const joined = await made(200, call(app, 'POST', `/api/site/${site.id}/join`, await app.auth.tokenForEmail(email), { key: site.key }));
    const { token } = joined.response.json<{ token: string }>();
    const userId = String(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub);
    expect(await requestIdsOf(before, siteVisitAuditActions.registered, userId)).toEqual([joined.requestId]);

    const worker = await tradesPerson(app, `worker.${randomUUID().slice(0, 6)}@trades.test`);
    const yesterday = new Date(Date.now() - 36 * 60 * 60 * 1000);
    await app.db.insertInto('check_ins').values({ id: randomUUID(), site_id: site.id, user_id: worker.userId, created_at: yesterday }).execute();
    const checkedIn = await made(201, call(app, 'POST', `/api/site/${site.id}/checkin`, worker.token, { key: site.key, ppeConfirmed: true }));
    const submitted = await made(
      201,
      call(app, 'POST', `/api/site/${site.id}/swms`, worker.token, {
        submissionId: randomUUID(),
        highRiskWork: ['a'],
        riskConsequenceLevel: 3,
        riskLikelihoodLevel: 2,
        task: {
          taskDescription: 'Pour the level 3 slab',
          mobilePlantTools: 'Concrete pump',
          riskText: 'Fall from the slab edge',
          riskPhoto: null,
          controlText: 'Edge protection in place before the pour',
          controlPhoto: null,
          controlImplementation: 'Formwork crew installs the rails',
          controlMonitoring: 'Supervisor checks the rails each morning',
          controlReview: 'Reviewed at the weekly toolbox talk',
          ppe: ['hard_hat'],
          otherPpe: '',
        },
      }),
    );
    const swmsId = submitted.response.json<{ _id: string }>()._id;
    const checkedOut = await made(200, call(app, 'POST', `/api/site/${site.id}/checkout`, worker.token, { key: site.key }));
    expect(await requestIdsOf(before, siteVisitAuditActions.checkedOutAtMidnight, site.id)).toEqual([checkedIn.requestId]);
    expect(await requestIdsOf(before, siteVisitAuditActions.checkedIn, site.id)).toEqual([checkedIn.requestId]);
    expect(await requestIdsOf(before, 'swms.submitted', swmsId)).toEqual([submitted.requestId]);
    expect(await requestIdsOf(before, siteVisitAuditActions.checkedOut, site.id)).toEqual([checkedOut.requestId]);

    const reviewed = await made(200, put(`/api/company/${admin.companyId}/swms`, supervisor.token, { swmsId, status: 'reviewed' }));
    expect(await requestIdsOf(before, 'swms.reviewed', swmsId)).toEqual([reviewed.requestId]);
  });

  it('a check-out by hand from the on-site list', async () => {
    const worker = await tradesPerson(app, `onsite.${randomUUID().slice(0, 6)}@trades.test`);
    const checkedIn = await made(201, call(app, 'POST', `/api/site/${site.id}/checkin`, worker.token, { key: site.key, ppeConfirmed: true }));
    const checkInId = checkedIn.response.json<{ _id: string }>()._id;
    const before = await lastSeq();
    const byHand = await made(200, call(app, 'POST', `/api/company/${admin.companyId}/projectSites/${site.id}/onsite/${checkInId}/checkout`, supervisor.token));
    expect(await requestIdsOf(before, siteVisitAuditActions.checkedOutByHand, site.id)).toEqual([byHand.requestId]);
  });

  it('outside a request (the CLI’s sign-in) the event names none', async () => {
    const before = await lastSeq();
    await app.auth.tokenForEmail('admin@harbourbuild.demo');
    expect(await requestIdsOf(before, 'auth.signIn')).toEqual([null]);
  });
});
