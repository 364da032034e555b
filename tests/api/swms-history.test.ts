import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/domain/audit';
import { swmsMessages } from '../../src/domain/swms';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, signedInAccount, type SignedInAccount, type TestApp } from './test-app';

let testApp: TestApp;
let admin: SignedInAccount;
let supervisor: SignedInAccount;
let auditor: SignedInAccount;
let stranger: SignedInAccount;
let swmsId: string;

const get = (account: SignedInAccount, url: string) => testApp.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${account.token}` } });

beforeAll(async () => {
  testApp = await createTestApp();
  await seedDemo(testApp.app.db, testApp.app.storage);
  admin = await signedInAccount(testApp.app, 'admin@harbourbuild.demo');
  supervisor = await signedInAccount(testApp.app, 'supervisor@harbourbuild.demo');
  auditor = await signedInAccount(testApp.app, 'auditor@harbourbuild.demo');
  stranger = await signedInAccount(testApp.app, 'admin@ridgeline.demo');
  const waiting = await get(admin, `/api/company/${admin.companyId}/swms?filter=status.string.forReview`);
  swmsId = waiting.json<{ items: { _id: string }[] }>().items[0]?._id ?? '';
  const marked = await testApp.app.inject({
    method: 'PUT',
    url: `/api/company/${admin.companyId}/swms`,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    payload: { swmsId, status: 'reviewed' },
  });
  expect(marked.statusCode, marked.body).toBe(200);
});
afterAll(async () => testApp.close());

describe('GET /api/company/:companyId/swms/:swmsId/history', () => {
  it('answers the SWMS’s own events oldest first, to its admin, supervisor and auditor alike', async () => {
    for (const reader of [admin, supervisor, auditor]) {
      const response = await get(reader, `/api/company/${admin.companyId}/swms/${swmsId}/history`);
      expect(response.statusCode).toBe(200);
      const events = response.json<AuditEvent[]>();
      const last = events.at(-1);
      expect(last).toMatchObject({ action: 'swms.reviewed', actor: { role: 'CompanyAdmin' }, target: { type: 'swms', _id: swmsId } });
      expect(events.map((event) => event.seq)).toEqual([...events.map((event) => event.seq)].sort((a, b) => a - b));
    }
  });

  it('answers another company’s SWMS as the SWMS page does, and a malformed id with 400', async () => {
    const foreign = await get(stranger, `/api/company/${stranger.companyId}/swms/${swmsId}/history`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toBe(swmsMessages.notAuthorised);
    expect((await get(stranger, `/api/company/${admin.companyId}/swms/${swmsId}/history`)).statusCode).toBe(403);
    expect((await get(admin, `/api/company/${admin.companyId}/swms/not-an-id/history`)).statusCode).toBe(400);
  });
});
