import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChains } from '../../server/audit/verify';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await seedDemo(testApp.app.db, testApp.app.storage);
});
afterAll(async () => testApp.close());

describe('the demo data’s audit trail', () => {
  it('tells each company’s history in the order it happened, on whole chains', async () => {
    const { db } = testApp.app;
    const verification = await verifyAuditChains(db);
    expect(verification.broken).toBeNull();
    const companies = await db.selectFrom('companies').select(['id', 'name']).execute();
    for (const company of companies) {
      const events = await db
        .selectFrom('audit_events')
        .select(['action', 'created_at', 'actor_role', 'target_label'])
        .where('chain', '=', company.id)
        .orderBy('seq')
        .execute();
      expect(events[0]).toMatchObject({ action: 'company.create', actor_role: 'SuperUser', target_label: company.name });
      const times = events.map((event) => new Date(event.created_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(events.filter((event) => event.action === 'site.create')).toHaveLength(6);
      expect(events.every((event) => event.target_label)).toBe(true);
    }
    const flags = await db
      .selectFrom('swms')
      .select(({ fn }) => [fn.count<number>('company_admin_reviewed_at').as('admin'), fn.count<number>('supervisor_reviewed_at').as('supervisor')])
      .executeTakeFirstOrThrow();
    const reviews = await db.selectFrom('audit_events').select(({ fn }) => fn.countAll<number>().as('count')).where('action', '=', 'swms.reviewed').executeTakeFirstOrThrow();
    expect(Number(reviews.count)).toBe(Number(flags.admin) + Number(flags.supervisor));
    const supervisorReview = await db
      .selectFrom('audit_events')
      .select(['actor_role', 'target_label'])
      .where('action', '=', 'swms.reviewed')
      .where('actor_role', '=', 'CompanySupervisor')
      .executeTakeFirstOrThrow();
    expect(supervisorReview.target_label).toMatch(/^\S+ \/ .+/);
  });
});
