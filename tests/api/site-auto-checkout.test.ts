import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradesPerson } from './site-visit-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Only the pass's own timer is faked: the database and the blob store keep their real clocks.
vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

let testApp: TestApp;
let closed = false;

beforeAll(async () => {
  testApp = await createTestApp();
}, 120_000);
afterAll(async () => {
  if (!closed) await testApp.close();
  vi.useRealTimers();
});

describe('the midnight check-out plugin', () => {
  it('runs a pass every minute that ends yesterday’s open check-ins', async () => {
    const { app } = testApp;
    const companyId = randomUUID();
    const siteId = randomUUID();
    await app.db.insertInto('companies').values({ id: companyId, name: 'Night Shift Pty Ltd', abn: '51824753556', builders_reg_number: '1', phone: '0291234567', email: 'office@night.example', address: '1 Main St', postal_address: '1 Main St' }).execute();
    await app.db.insertInto('project_sites').values({ id: siteId, company_id: companyId, address: '2 Hay Street', suburb: 'Perth', postcode: '6000', site_number: 'NS-1', client_name: 'Client' }).execute();
    const person = await tradesPerson(app, 'overnight@example.com');
    const checkInId = randomUUID();
    await app.db.insertInto('check_ins').values({ id: checkInId, site_id: siteId, user_id: person.userId, created_at: new Date(Date.now() - 2 * 86_400_000) }).execute();

    vi.advanceTimersByTime(60_000);
    await expect
      .poll(async () => (await app.db.selectFrom('check_ins').select('checkout_kind').where('id', '=', checkInId).executeTakeFirstOrThrow()).checkout_kind)
      .toBe('automatic');
  });

  it('stops its timer when the app closes', async () => {
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await testApp.close();
    closed = true;
    expect(vi.getTimerCount()).toBe(0);
  });
});
