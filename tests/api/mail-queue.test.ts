import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, it, type TestContext } from 'vitest';
import type { Company } from '../../src/domain/company';
import type { InvitedEmployee, InviteResponse } from '../../src/domain/invite';
import { startMailQueue } from '../../server/mail/mail-queue';
import { smtpMailer } from '../../server/mail/mailer';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { startSmtpServer, unquote, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp } from './test-app';

/** Retries a second apart, doubling, so an outage of a few seconds is survived within a test. */
const quickRetries = { limit: 6, delaySeconds: 1 };

async function smtpServer(test: TestContext): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer();
  test.onTestFinished(() => smtp.stop());
  return smtp;
}

/** A portal of the test's own, closed when the test ends; `test.expect`, as the tests run at once. */
async function portal(test: TestContext, smtp: TestSmtpServer, mailRetry = quickRetries) {
  const { expect } = test;
  const { app, close } = await createTestApp({ smtpUrl: smtp.url, mailRetry });
  test.onTestFinished(close);
  const user = await findOrCreateUserByEmail(app.db, 'super@sitesafe.test');
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: user.id, company_id: null, role: 'SuperUser', status: 'active' }).execute();
  const headers = { authorization: `Bearer ${await app.auth.tokenForEmail('super@sitesafe.test')}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/company',
    headers,
    payload: {
      name: 'Harbour Build Co',
      abn: '51 824 753 556',
      buildersRegNumber: 'BR-1',
      phone: '0291234567',
      email: 'office@harbourbuild.test',
      address: '1 George St, Sydney NSW 2000',
      postalAddress: 'PO Box 1, Sydney NSW 2001',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const company = created.json<Company>();

  const invite = async (email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/invite',
      headers,
      payload: { firstName: 'Alex', surname: 'Admin', email, phone: '0400123456', companyId: company._id, role: 'CompanySupervisor' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<InviteResponse>().userRole._id;
  };
  const resend = async (userRoleId: string) => {
    const response = await app.inject({ method: 'POST', url: `/api/user/invite/${userRoleId}`, headers });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The company's invited-employees list (spec §2) as the page reads it: each invitation's email status. */
  const emailStatuses = async () => {
    const response = await app.inject({ method: 'GET', url: `/api/company/${company._id}/employees/invite`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InvitedEmployee[]>().map((invited) => invited.emailStatus);
  };
  return { app, company, invite, resend, emailStatuses };
}

function invitationCode({ expect }: TestContext, app: FastifyInstance, raw: string): string {
  const code = new RegExp(`${app.config.publicUrl}/accept_invitation\\?invitationCode=([\\w-]{43})`).exec(unquote(raw))?.[1];
  expect(code).toBeDefined();
  return code ?? '';
}

async function openInvitation(app: FastifyInstance, email: string, code: string) {
  const token = await app.auth.tokenForEmail(email);
  return app.inject({ method: 'GET', url: `/api/user/invite/${code}`, headers: { authorization: `Bearer ${token}` } });
}

const deliveries = (app: FastifyInstance) => app.db.selectFrom('mail_deliveries').selectAll().orderBy('created_at').execute();

// Each test has its own portal and mail server, and spends most of its time waiting for retries: on a PostgreSQL server
// they run at once. Embedded, every portal's database runs in this one thread, so at once each would only take longer.
const atOnceOnPostgres = process.env.TEST_DATABASE_URL ? describe.concurrent : describe;

atOnceOnPostgres('the mail queue (issue 12)', () => {
  it('keeps an invitation email while the SMTP server is down, shows it Failed, retrying, and delivers it once the server is back', async (test) => {
    const { expect } = test;
    const smtp = await smtpServer(test);
    await smtp.stop();
    const { app, invite, emailStatuses } = await portal(test, smtp);
    const email = 'outage.supervisor@example.test';

    await invite(email);
    await expect.poll(emailStatuses, { timeout: 10_000 }).toEqual(['retrying']);
    const [failing] = await deliveries(app);
    expect(failing).toMatchObject({ kind: 'invitation', recipient: email, status: 'retrying' });
    expect(failing?.last_error).toMatch(/ECONNREFUSED/);
    expect(smtp.received).toEqual([]);

    await smtp.start();
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(emailStatuses).toEqual(['sent']);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([email]);
    const view = await openInvitation(app, email, invitationCode(test, app, mail?.raw ?? ''));
    expect(view.json()).toEqual({ company: { name: 'Harbour Build Co' }, role: 'CompanySupervisor' });

    const [sent] = await deliveries(app);
    expect(sent?.attempts).toBeGreaterThanOrEqual(2);
    expect(sent).toMatchObject({ status: 'sent', last_error: null, html: '', text: '' });
    expect(sent?.sent_at).toBeInstanceOf(Date);
  }, 60_000);

  it('shows Sending while the mail server takes the email, then Sent', async (test) => {
    const { expect } = test;
    const smtp = await smtpServer(test);
    const release = smtp.hold();
    const { invite, emailStatuses } = await portal(test, smtp);

    await invite('slow.server@example.test');
    await expect.poll(() => smtp.held(), { timeout: 10_000 }).toBe(1);
    expect(await emailStatuses()).toEqual(['sending']);
    release();
    await expect.poll(emailStatuses, { timeout: 10_000 }).toEqual(['sent']);
    expect(smtp.received).toHaveLength(1);
  }, 60_000);

  it('marks the email Not sent once every retry has failed, and Resend sends a new one that arrives', async (test) => {
    const { expect } = test;
    const smtp = await smtpServer(test);
    await smtp.stop();
    const { app, invite, resend, emailStatuses } = await portal(test, smtp, { limit: 1, delaySeconds: 1 });
    const email = 'given.up@example.test';

    const userRoleId = await invite(email);
    await expect.poll(emailStatuses, { timeout: 20_000 }).toEqual(['failed']);
    const [givenUp] = await deliveries(app);
    expect(givenUp).toMatchObject({ status: 'failed', attempts: 2, html: '', text: '' });

    await smtp.start();
    await resend(userRoleId);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(emailStatuses).toEqual(['sent']);
    const view = await openInvitation(app, email, invitationCode(test, app, smtp.received[0]?.raw ?? ''));
    expect(view.statusCode, view.body).toBe(200);
  }, 60_000);

  it('drops the waiting email of a code that a resend replaced, so only the working link arrives', async (test) => {
    const { expect } = test;
    const smtp = await smtpServer(test);
    await smtp.stop();
    const { app, invite, resend, emailStatuses } = await portal(test, smtp);
    const email = 'resent.during.outage@example.test';

    const userRoleId = await invite(email);
    await expect.poll(emailStatuses, { timeout: 10_000 }).toEqual(['retrying']);
    await resend(userRoleId);
    await smtp.start();
    await expect.poll(emailStatuses, { timeout: 20_000 }).toEqual(['sent']);
    // Past the queue's next polls: the replaced email, were it still waiting, would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    expect(smtp.received).toHaveLength(1);
    const view = await openInvitation(app, email, invitationCode(test, app, smtp.received[0]?.raw ?? ''));
    expect(view.statusCode, view.body).toBe(200);
    const [replaced] = await deliveries(app);
    expect(replaced).toMatchObject({ status: 'failed', last_error: 'replaced by a newer invitation', html: '', text: '' });
  }, 60_000);

  it('sends each email once when several instances work the same queue', async (test) => {
    const { expect } = test;
    const smtp = await smtpServer(test);
    const { app, invite, emailStatuses } = await portal(test, smtp);
    for (let instance = 0; instance < 2; instance += 1) {
      const mailer = smtpMailer(smtp.url, app.config.mailFrom);
      const queue = await startMailQueue({ db: app.db, mailer, log: app.log });
      test.onTestFinished(async () => {
        await queue.stop();
        await mailer.close();
      });
    }

    const emails = Array.from({ length: 12 }, (_, n) => `crew.${n}@example.test`);
    await Promise.all(emails.map((email) => invite(email)));
    await expect.poll(emailStatuses, { timeout: 20_000 }).toEqual(emails.map(() => 'sent'));
    // Past the other instances' next polls: a second copy would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.received.map((mail) => mail.to.join()).sort()).toEqual([...emails].sort());
    for (const delivery of await deliveries(app)) expect(delivery.attempts).toBe(1);
  }, 60_000);
});
