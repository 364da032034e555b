import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Swms } from '../../src/domain/swms';
import { swmsSignOnMessages } from '../../src/domain/swms-signon';
import type { SwmsSubmission } from '../../src/domain/swms-submission';
import { seedDemo } from '../../server/seed/demo';
import { call } from './calls';
import { createTestApp, signedInAccount } from './test-app';

const submission = (taskDescription: string): SwmsSubmission => ({
  submissionId: randomUUID(),
  highRiskWork: ['a'],
  riskConsequenceLevel: 3,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription,
    mobilePlantTools: 'Ladder',
    riskText: 'Falls from the ladder',
    riskPhoto: null,
    controlText: 'Three points of contact',
    controlPhoto: null,
    controlImplementation: 'Ladder footed',
    controlMonitoring: 'Leading hand checks',
    controlReview: 'At each pre-start',
    ppe: ['hard_hat'],
    otherPpe: '',
  },
});

/** Issue 57 §3 GET site/{siteId}/swms/{swmsId}: the whole latest revision for a worker checked in at the site today. */
describe('reading a site’s SWMS to sign on to it', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let siteId: string;
  let otherSiteId: string;
  let swmsId: string;
  let serial = 0;

  async function tradesperson(checkedInAt: string | null): Promise<string> {
    const email = `site-read.${++serial}.${randomUUID().slice(0, 6)}@trades.test`;
    const id = randomUUID();
    await app.db.insertInto('users').values({ id, email, first_name: 'Rae', surname: `Reader${serial}`, whitecard_number: 'WC-1' }).execute();
    await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: id, company_id: null, role: 'TradesPerson', status: 'active' }).execute();
    if (checkedInAt) await app.db.insertInto('check_ins').values({ id: randomUUID(), site_id: checkedInAt, user_id: id, created_at: new Date(Date.now() - 60_000) }).execute();
    return app.auth.tokenForEmail(email);
  }

  beforeAll(async () => {
    const test = await createTestApp();
    app = test.app;
    close = test.close;
    await app.reviewDigest.stop();
    await seedDemo(app.db, app.storage);
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const sites = await app.db.selectFrom('project_sites').select('id').where('company_id', '=', admin.companyId).orderBy('id').limit(2).execute();
    siteId = sites[0]!.id;
    otherSiteId = sites[1]!.id;
    const author = await tradesperson(siteId);
    const submitted = await call(app, 'POST', `/api/site/${siteId}/swms`, author, submission('Read me before you sign'));
    expect(submitted.statusCode, submitted.body).toBe(201);
    swmsId = submitted.json<Swms>()._id;
    const revised = await call(app, 'POST', `/api/site/${siteId}/swms/${swmsId}/revisions`, author, submission('Read me before you sign, revised'));
    expect(revised.statusCode, revised.body).toBe(201);
  }, 180_000);
  afterAll(async () => close());

  it('answers the latest revision, whole, to a worker checked in at the site', async () => {
    const response = await call(app, 'GET', `/api/site/${siteId}/swms/${swmsId}`, await tradesperson(siteId));
    expect(response.statusCode, response.body).toBe(200);
    const read = decode(Swms, response.json());
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.revision).toBe(2);
    expect(read.value.task.taskDescription).toBe('Read me before you sign, revised');
    expect(read.value.task.controlImplementation).toBe('Ladder footed');
  });

  it('refuses a worker not checked in there, and anyone who is not a tradesperson', async () => {
    const elsewhere = await call(app, 'GET', `/api/site/${siteId}/swms/${swmsId}`, await tradesperson(otherSiteId));
    expect([elsewhere.statusCode, elsewhere.body]).toEqual([403, swmsSignOnMessages.notCheckedIn]);
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const asAdmin = await call(app, 'GET', `/api/site/${siteId}/swms/${swmsId}`, admin.token);
    expect([asAdmin.statusCode, asAdmin.body]).toEqual([403, swmsSignOnMessages.tradesOnly]);
  });

  it("says a SWMS of another site, an unknown one and a malformed id are not this site's", async () => {
    const worker = await tradesperson(otherSiteId);
    for (const id of [swmsId, randomUUID(), 'not-an-id']) {
      const response = await call(app, 'GET', `/api/site/${otherSiteId}/swms/${id}`, worker);
      expect([response.statusCode, response.body], id).toEqual([404, swmsSignOnMessages.notFound]);
    }
  });
});
