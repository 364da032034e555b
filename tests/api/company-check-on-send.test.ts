import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRemoved } from '../../server/auth/company-check';
import { addSuperUser } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { createTestApp, tokenWithCompanyRole, type TestApp } from './test-app';

/**
 * DESIGN.md delete client: a soft-deleted company's users lose access at once. A GET route marked
 * `checksCompanyInStatement` is trusted to read the company's state in its own statement; one that
 * answers without settling the check (a route that forgets it) must still refuse a deleted company's
 * user. That safety net is the auth plugin's onSend hook, and no route of the app reaches it, so this
 * test adds one that forgets.
 */
let testApp: TestApp;
let superToken: string;

beforeAll(async () => {
  testApp = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/api/company/:id/forgets-its-check', { preHandler: app.authenticate, config: { checksCompanyInStatement: true } }, async () => ({ read: true }));
      },
    },
  );
  await addSuperUser(testApp.app.db, 'operator@example.com');
  superToken = await testApp.app.auth.tokenForEmail('operator@example.com');
});
afterAll(async () => testApp.close());

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('a route that leaves its company check unsettled', () => {
  it('answers a live company’s user, and refuses a deleted company’s user with the same token', async () => {
    const { app } = testApp;
    const created = await app.inject({ method: 'POST', url: '/api/company', headers: json(superToken), payload: companyBody() });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = created.json<{ _id: string }>()._id;
    const adminToken = await tokenWithCompanyRole(app, 'admin@forgetful.test', companyId, 'CompanyAdmin');
    const read = () => app.inject({ method: 'GET', url: `/api/company/${companyId}/forgets-its-check`, headers: { authorization: `Bearer ${adminToken}` } });

    const live = await read();
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toEqual({ read: true });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/company/${companyId}`, headers: { authorization: `Bearer ${superToken}` } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const refused = await read();
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe(companyRemoved);
  });
});
