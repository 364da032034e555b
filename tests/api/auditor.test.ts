import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/domain/audit';
import { auditorReadOnly } from '../../src/domain/roles';
import { addSuperUser } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { createTestApp, tokenWithCompanyRole, type TestApp } from './test-app';

let testApp: TestApp;
let companyId: string;
let auditorToken: string;
let adminToken: string;
let siteId: string;

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

beforeAll(async () => {
  testApp = await createTestApp();
  const { app } = testApp;
  await addSuperUser(app.db, 'operator@example.com');
  const superToken = await app.auth.tokenForEmail('operator@example.com');
  companyId = (await app.inject({ method: 'POST', url: '/api/company', headers: headers(superToken), payload: companyBody() })).json<{ _id: string }>()._id;
  adminToken = await tokenWithCompanyRole(app, 'admin@harbour.test', companyId, 'CompanyAdmin');
  auditorToken = await tokenWithCompanyRole(app, 'auditor@harbour.test', companyId, 'CompanyAuditor');
  const site = await app.inject({
    method: 'POST',
    url: `/api/company/${companyId}/projectSites`,
    headers: headers(adminToken),
    payload: { address: '1 Audit St', suburb: 'Ultimo', postcode: '2007', siteNumber: 'AU-1', clientName: 'Client' },
  });
  siteId = site.json<{ _id: string }>()._id;
});
afterAll(async () => testApp.close());

const fill = (url: string) =>
  url
    .replace(/:(id|companyId)\b/g, companyId)
    .replace(/:siteId\b/g, siteId)
    .replace(/:[A-Za-z]+/g, randomUUID())
    .replace(/\*$/, 'anything');

describe('the Auditor role', () => {
  it('carries CompanyAuditor and the company in its token', async () => {
    const payload = await testApp.app.auth.verifyAccessToken(auditorToken);
    expect(payload).toMatchObject({ roles: ['CompanyAuditor'], company: companyId });
  });

  it('reads the company, its sites and their activity, its SWMS and its audit trail', async () => {
    for (const url of [
      `/api/company/${companyId}`,
      `/api/company/${companyId}/projectSites`,
      `/api/company/${companyId}/projectSites/${siteId}`,
      `/api/company/${companyId}/projectSites/${siteId}/swms`,
      `/api/company/${companyId}/projectSites/${siteId}/checkins`,
      `/api/company/${companyId}/swms`,
      `/api/company/${companyId}/audit`,
      `/api/company/${companyId}/audit.csv`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: headers(auditorToken) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const audit = (await testApp.app.inject({ method: 'GET', url: `/api/company/${companyId}/audit`, headers: headers(auditorToken) })).json<AuditPage>();
    expect(audit.items.map((event) => event.action)).toContain('site.create');
  });

  it('is refused every call that changes something, on every route that takes a signed-in user, with one clear message', async () => {
    // The one POST that only reads (a PDF of a selection) is open to auditors and proved below.
    const readingPosts = new Set(['/api/company/:id/swms/pdf']);
    const writes = testApp.app.registeredRoutes.filter(
      (route) =>
        !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && route.url.startsWith('/api/') && !route.url.startsWith('/api/auth/') && !readingPosts.has(route.url),
    );
    expect(writes.length).toBeGreaterThanOrEqual(12);
    const before = await testApp.app.db.selectFrom('audit_events').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    for (const route of writes) {
      const response = await testApp.app.inject({ method: route.method as 'POST', url: fill(route.url), headers: headers(auditorToken), payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.body, `${route.method} ${route.url}`).toBe(auditorReadOnly);
    }
    const after = await testApp.app.db.selectFrom('audit_events').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('is invited by the company admin like a supervisor', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/invite',
      headers: headers(adminToken),
      payload: { firstName: 'Grace', surname: 'Nakamura', email: 'grace@harbour.test', phone: '0291234567', companyId, role: 'CompanyAuditor' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ role: 'CompanyAuditor' });
  });
});
