import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { TradesActivity } from '../../src/domain/trades';
import { seedDemo } from '../../server/seed/demo';
import { listMessages } from '../../server/mail/mailbox';
import { call } from './calls';
import { mailQueueSettled } from './mail-deliveries';
import { createTestApp, signedInAccount, type SignedInAccount } from './test-app';

const publicUrl = 'https://portal.example.test';

describe('a request for changes reaches the SWMS author (issue 57)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin: SignedInAccount;
  let supervisor: SignedInAccount;
  let author: { id: string; email: string };
  let swmsId: string;

  async function activity() {
    const token = await app.auth.tokenForEmail(author.email);
    const response = await call(app, 'GET', `/api/profile/trades/${author.id}/activity`, token);
    expect(response.statusCode, response.body).toBe(200);
    const decoded = decode(TradesActivity, response.json());
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues));
    const swms = decoded.value.swms.find((item) => item._id === swmsId);
    if (!swms) throw new Error('the SWMS is not on its author’s home');
    return swms;
  }

  /** The emails delivered to the author since the file began, oldest first. */
  async function authorMail() {
    await mailQueueSettled(app);
    const messages = await listMessages(app.db, 100);
    return messages.filter((message) => message.to === author.email && message.subject.startsWith('Changes requested')).reverse();
  }

  const review = async (viewer: SignedInAccount, body: Record<string, unknown>) => {
    const response = await call(app, 'PUT', `/api/company/${viewer.companyId}/swms`, viewer.token, { swmsId, ...body });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    const test = await createTestApp({ publicUrl });
    app = test.app;
    close = test.close;
    await seedDemo(app.db, app.storage);
    admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
    const row = await app.db
      .selectFrom('swms as s')
      .innerJoin('users as u', 'u.id', 's.created_by')
      .select(['s.id', 'u.id as author_id', 'u.email'])
      .where('s.company_id', '=', admin.companyId)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    swmsId = row.id;
    author = { id: row.author_id, email: row.email };
    await app.db
      .updateTable('swms')
      .set({ company_admin_reviewed_at: null, company_admin_reviewed_by: null, supervisor_reviewed_at: null, supervisor_reviewed_by: null })
      .where('id', '=', swmsId)
      .execute();
  }, 180_000);
  afterAll(async () => close());

  it('the home shows For Review and no request before any', async () => {
    const swms = await activity();
    expect(swms).toMatchObject({ companyAdminStatus: 'forReview', supervisorStatus: 'forReview', changesRequested: null, revision: 1 });
    expect(swms.revisedAt, 'revision 1 was sent as the SWMS was submitted').toBe(swms.createdAt);
  });

  it("the home shows Changes requested on the reviewer's flag with the latest comment and its part; the author is emailed with a link home", async () => {
    await review(admin, { status: 'changesRequested', comment: 'Add the exclusion zone below the scaffold', part: 'controls' });
    expect(await activity()).toMatchObject({
      companyAdminStatus: 'changesRequested',
      supervisorStatus: 'forReview',
      changesRequested: { comment: 'Add the exclusion zone below the scaffold', part: 'controls' },
    });

    const supervisorComment = 'Name the spotter — 监督员 — for the crane lift';
    await review(supervisor, { status: 'changesRequested', comment: supervisorComment });
    expect(await activity(), 'the latest comment, on either flag').toMatchObject({
      companyAdminStatus: 'changesRequested',
      supervisorStatus: 'changesRequested',
      changesRequested: { comment: supervisorComment, part: null },
    });

    const mails = await authorMail();
    expect(mails).toHaveLength(2);
    const deliveries = await app.db.selectFrom('mail_deliveries').select(['status']).where('kind', '=', 'changes_requested').execute();
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['sent', 'sent']);
    const [first, second] = mails;
    expect(first?.subject).toMatch(/^Changes requested to your SWMS at /);
    expect(first?.text).toContain('Add the exclusion zone below the scaffold');
    expect(first?.text).toContain('About: Controls');
    expect(first?.text).toContain('(Company Admin)');
    expect(first?.links).toEqual([`${publicUrl}/trades/${author.id}`]);
    expect(first?.html).toContain(`href="${publicUrl}/trades/${author.id}"`);
    expect(second?.text).toContain(supervisorComment);
    expect(second?.text).toContain('(Supervisor)');
    expect(second?.text).not.toContain('About:');
  });

  it('a comment with markup is escaped in the email', async () => {
    await review(admin, { status: 'changesRequested', comment: '<b>Fix</b> & check' });
    const mail = (await authorMail()).at(-1);
    expect(mail?.text).toContain('<b>Fix</b> & check');
    expect(mail?.html).toContain('&lt;b&gt;Fix&lt;/b&gt; &amp; check');
    expect(mail?.html).not.toContain('<b>Fix</b>');
  });

  it('marking Reviewed ends the request on the home', async () => {
    await review(admin, { status: 'reviewed' });
    await review(supervisor, { status: 'forReview' });
    expect(await activity()).toMatchObject({ companyAdminStatus: 'reviewed', supervisorStatus: 'forReview', changesRequested: null });
  });
});
