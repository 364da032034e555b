import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditMessages, type AuditPage, type AuditVerification } from '../../src/domain/audit';
import { addSuperUser } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { createTestApp, tokenWithCompanyRole, type TestApp } from './test-app';

let testApp: TestApp;
let superToken: string;
let adminToken: string;
let otherAdminToken: string;
let companyId: string;
let otherCompanyId: string;
const siteRequestIds: string[] = [];

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

beforeAll(async () => {
  testApp = await createTestApp();
  const { app } = testApp;
  await addSuperUser(app.db, 'operator@example.com');
  superToken = await app.auth.tokenForEmail('operator@example.com');
  const create = async (name: string) =>
    (await app.inject({ method: 'POST', url: '/api/company', headers: headers(superToken), payload: companyBody({ name }) })).json<{ _id: string }>()._id;
  companyId = await create('Harbour Build Co');
  otherCompanyId = await create('Ridgeline Constructions');
  adminToken = await tokenWithCompanyRole(testApp.app, 'admin@harbour.test', companyId, 'CompanyAdmin');
  otherAdminToken = await tokenWithCompanyRole(testApp.app, 'admin@ridgeline.test', otherCompanyId, 'CompanyAdmin');
  for (const [index, suburb] of ['Ultimo', 'Pyrmont', 'Glebe'].entries()) {
    const site = await app.inject({
      method: 'POST',
      url: `/api/company/${companyId}/projectSites`,
      headers: headers(adminToken),
      payload: { address: `${index + 1} Audit St`, suburb, postcode: '2007', siteNumber: `AU-${index}`, clientName: '=HYPERLINK("x")' },
    });
    expect(site.statusCode, site.body).toBe(201);
    siteRequestIds.push(String(site.headers['x-request-id']));
  }
});
afterAll(async () => testApp.close());

const read = (token: string, company: string, query = '') => testApp.app.inject({ method: 'GET', url: `/api/company/${company}/audit${query}`, headers: headers(token) });

describe('GET /api/company/:id/audit', () => {
  it('answers the company’s own events, newest first, with actor and target', async () => {
    const response = await read(adminToken, companyId);
    expect(response.statusCode).toBe(200);
    const page = response.json<AuditPage>();
    expect(page.items.map((event) => event.action)).toEqual(['site.create', 'site.create', 'site.create', 'company.create']);
    expect(page.items.map((event) => event.seq)).toEqual([4, 3, 2, 1]);
    expect(page.items[0]).toMatchObject({
      actor: { email: 'admin@harbour.test', role: 'CompanyAdmin' },
      target: { type: 'project_site', label: 'AU-2 3 Audit St, Glebe' },
      requestId: siteRequestIds[2],
    });
    expect(page.items.at(-1)).toMatchObject({
      actor: { email: 'operator@example.com', role: 'SuperUser' },
      target: { type: 'company', _id: companyId, label: 'Harbour Build Co' },
    });
    expect(page.nextCursor).toBeNull();
  });

  it('pages with a cursor and filters by action, target, actor, time and text', async () => {
    const first = (await read(adminToken, companyId, '?limit=2')).json<AuditPage>();
    expect(first.items.map((event) => event.seq)).toEqual([4, 3]);
    const second = (await read(adminToken, companyId, `?limit=2&cursor=${first.nextCursor}`)).json<AuditPage>();
    expect(second.items.map((event) => event.seq)).toEqual([2, 1]);

    expect((await read(adminToken, companyId, '?action=company.create')).json<AuditPage>().items).toHaveLength(1);
    expect((await read(adminToken, companyId, '?targetType=project_site')).json<AuditPage>().items).toHaveLength(3);
    expect((await read(adminToken, companyId, `?targetId=${companyId}`)).json<AuditPage>().items).toHaveLength(1);
    const adminId = first.items[0]?.actor?._id ?? '';
    expect((await read(adminToken, companyId, `?actor=${adminId}`)).json<AuditPage>().items).toHaveLength(3);
    expect((await read(adminToken, companyId, '?search=Pyrmont')).json<AuditPage>().items).toHaveLength(1);
    expect((await read(adminToken, companyId, '?from=2999-01-01T00:00:00Z')).json<AuditPage>().items).toHaveLength(0);
    expect((await read(adminToken, companyId, '?to=2000-01-01T00:00:00Z')).json<AuditPage>().items).toHaveLength(0);
  });

  it("finds events by the text of their action, target, detail, and their actor's name and email as they are now, in any case", async () => {
    const seqs = async (search: string) =>
      (await read(adminToken, companyId, `?search=${encodeURIComponent(search)}`)).json<AuditPage>().items.map((event) => event.seq);
    expect(await seqs('SITE.CREATE')).toEqual([4, 3, 2]);
    expect(await seqs('au-1 2 audit st')).toEqual([3]);
    // The client name is in the detail alone (the label holds the job number and address).
    expect(await seqs('=hyperLINK(')).toEqual([4, 3, 2]);
    expect(await seqs('ADMIN@HARBOUR')).toEqual([4, 3, 2]);
    expect(await seqs('operator@example')).toEqual([1]);
    // A term is found as typed, its LIKE wildcards too; nothing holds these.
    expect(await seqs('%')).toEqual([]);
    expect(await seqs('audit_st')).toEqual([]);
    const adminId = (await read(adminToken, companyId, '?limit=1')).json<AuditPage>().items[0]?.actor?._id ?? '';
    await testApp.app.db.updateTable('users').set({ first_name: 'Quentin', surname: 'Marsh' }).where('id', '=', adminId).execute();
    expect(await seqs('quentin MARSH')).toEqual([4, 3, 2]);
  });

  it('answers each bad filter with 400 and a message naming it, never 500', async () => {
    for (const [query, message] of [
      ['?actor=nobody', auditMessages.actor],
      ['?action=DROP%20TABLE', auditMessages.action],
      ['?targetType=planet', auditMessages.targetType],
      ['?targetId=1', auditMessages.targetId],
      ['?from=yesterday', auditMessages.from],
      ['?to=2026-13-45', auditMessages.to],
      [`?search=${'x'.repeat(101)}`, auditMessages.search],
      ['?cursor=abc', auditMessages.cursor],
      ['?limit=5000', `Limit: ${auditMessages.limit.charAt(0).toLowerCase()}${auditMessages.limit.slice(1)}`],
    ] as const) {
      const response = await read(adminToken, companyId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toBe(message);
    }
  });

  it('lets a super user read any company, and answers another company and an unknown one alike', async () => {
    expect((await read(superToken, otherCompanyId)).json<AuditPage>().items.map((event) => event.action)).toEqual(['company.create']);
    const foreign = await read(otherAdminToken, companyId);
    const unknown = await read(otherAdminToken, randomUUID());
    const unknownForSuper = await read(superToken, randomUUID());
    for (const response of [foreign, unknown, unknownForSuper]) {
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe('You are not authorised to view this page');
    }
    expect((await read(await testApp.app.auth.tokenForEmail('nobody@example.com'), companyId)).statusCode).toBe(403);
  });
});

describe('GET /api/company/:id/audit/verification', () => {
  it('answers the latest walk of the company’s chain, walking it again in the background when none is fresh', async () => {
    const url = `/api/company/${companyId}/audit/verification`;
    const first = await testApp.app.inject({ method: 'GET', url, headers: headers(adminToken) });
    expect(first.statusCode).toBe(200);
    expect(['never', 'verified']).toContain(first.json<AuditVerification>().status);
    const look = async () => (await testApp.app.inject({ method: 'GET', url, headers: headers(adminToken) })).json<AuditVerification>();
    await expect.poll(async () => (await look()).status, { timeout: 5_000, interval: 100 }).toBe('verified');
    const verification = await look();
    const newest = (await read(adminToken, companyId, '?limit=1')).json<AuditPage>().items[0];
    expect(verification).toMatchObject({ status: 'verified', events: newest?.seq, headHash: newest?.hash, brokenEventId: null });
    expect((await testApp.app.inject({ method: 'GET', url, headers: headers(otherAdminToken) })).statusCode).toBe(403);
  });

  it('counts the events that came after the walk, and walks again at once so that the next look finds them verified', async () => {
    const url = `/api/company/${otherCompanyId}/audit/verification`;
    const look = async () => (await testApp.app.inject({ method: 'GET', url, headers: headers(otherAdminToken) })).json<AuditVerification>();
    await expect.poll(look, { timeout: 5_000, interval: 100 }).toMatchObject({ status: 'verified', eventsSince: 0 });
    let verification = await look();
    const walked = verification.events;

    const site = await testApp.app.inject({
      method: 'POST',
      url: `/api/company/${otherCompanyId}/projectSites`,
      headers: headers(otherAdminToken),
      payload: { address: '9 Later St', suburb: 'Ultimo', postcode: '2007', siteNumber: 'AU-9', clientName: 'Later' },
    });
    expect(site.statusCode, site.body).toBe(201);
    verification = await look();
    expect(verification).toMatchObject({ status: 'verified', events: walked, eventsSince: 1 });

    await expect.poll(async () => (await look()).eventsSince, { timeout: 5_000, interval: 100 }).toBe(0);
    verification = await look();
    const newest = (await read(otherAdminToken, otherCompanyId, '?limit=1')).json<AuditPage>().items[0];
    expect(verification).toMatchObject({ status: 'verified', events: newest?.seq, eventsSince: 0, headHash: newest?.hash });
  });
});

describe('GET /api/company/:id/audit.csv', () => {
  it('streams the same filtered events as CSV that a spreadsheet reads as text', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/company/${companyId}/audit.csv?targetType=project_site`, headers: headers(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-${companyId}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,at,actor,actor_email,actor_role,action,target_type,target_id,target_label,detail,request_id,hash');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^4,\d{4}-.*,admin@harbour\.test,.*,site\.create,project_site,/);
    expect(response.body).not.toMatch(/,=HYPERLINK/);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/company/${companyId}/audit.csv`, headers: headers(otherAdminToken) })).statusCode).toBe(403);
  });
});
