import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Company } from '../../src/domain/company';
import { invitationEmail } from '../../server/mail/invitation-email';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { startSmtpServer as startTestSmtpServer, unquote } from '../support/smtp-server';
import { mailQueueSettled } from './mail-deliveries';
import { createTestApp } from './test-app';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.();
});

async function start(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<FastifyInstance> {
  const { app, close } = await createTestApp(overrides);
  opened.push(close);
  return app;
}

async function startSmtpServer() {
  const smtp = await startTestSmtpServer();
  opened.push(() => smtp.stop());
  return smtp;
}

async function superUserToken(app: FastifyInstance): Promise<string> {
  const user = await findOrCreateUserByEmail(app.db, 'super@sitesafe.test');
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: user.id, company_id: null, role: 'SuperUser', status: 'active' }).execute();
  return app.auth.tokenForEmail('super@sitesafe.test');
}

async function inviteToNewCompany(app: FastifyInstance, email: string, name = 'Harbour Build Co') {
  const headers = { authorization: `Bearer ${await superUserToken(app)}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/company',
    headers,
    payload: {
      name,
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
  const invited = await app.inject({
    method: 'POST',
    url: '/api/user/invite',
    headers,
    payload: { firstName: 'Alex', surname: 'Admin', email, phone: '0400123456', companyId: company._id, role: 'CompanyAdmin' },
  });
  return { company, invited };
}

describe('the invitation email', () => {
  it('names the company and role label, links to /accept_invitation and escapes what people typed', () => {
    const mail = invitationEmail({
      to: 'ana@example.test',
      firstName: 'Ana <b>',
      companyName: 'Smith & Sons <script>',
      role: 'CompanySupervisor',
      link: 'http://localhost:3000/accept_invitation?invitationCode=abc_-123',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('You are invited to Smith & Sons <script> on SiteSafe Portal');
    expect(mail.text).toContain('You have received an invitation from company Smith & Sons <script> as Supervisor on SiteSafe Portal.');
    expect(mail.text).toContain('http://localhost:3000/accept_invitation?invitationCode=abc_-123');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Smith &amp; Sons &lt;script&gt;');
    expect(mail.html).toContain('Hello Ana &lt;b&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<a href="http://localhost:3000/accept_invitation?invitationCode=abc_-123"');
    expect(mail.html).toContain('<strong>Supervisor</strong>');
    // Spec §9's activity format on Sydney's clock, named: the email cannot know the reader's zone.
    expect(mail.html).toContain('The invitation expires on Tuesday, 1st January 2030, 11:00 AEDT and works once.');
    expect(mail.text).toContain('The invitation expires on Tuesday, 1st January 2030, 11:00 AEDT and works once.');
  });
});

describe('the development mailbox', () => {
  it('keeps messages in the database and shows them newest first at /dev/mailbox with working links', async () => {
    const app = await start();
    const email = 'first.admin@example.test';
    const { company, invited } = await inviteToNewCompany(app, email, 'Harbour <Build> Co');
    expect(invited.statusCode).toBe(201);
    await mailQueueSettled(app);
    await app.mailer.send({ to: 'later@example.test', subject: 'A later message', html: '<p>Later</p>', text: 'Later' });

    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Development mailbox</h1>');
    expect(page.body.indexOf('A later message')).toBeLessThan(page.body.indexOf('You are invited to Harbour &lt;Build&gt; Co'));
    expect(page.body).toContain(`<dd>${email}</dd>`);
    expect(page.body).toMatch(/<iframe title="[^"]+" sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="&lt;base target=&quot;_top&quot;&gt;/);
    expect(page.body).toContain('accept_invitation?invitationCode=');
    expect(page.body).not.toContain('<script');

    const latest = await app.inject({ method: 'GET', url: `/dev/mailbox/latest.json?to=${encodeURIComponent(email.toUpperCase())}` });
    expect(latest.statusCode).toBe(200);
    const message = latest.json<{ to: string; subject: string; html: string; text: string; createdAt: string; links: string[] }>();
    expect(message).toMatchObject({ to: email, subject: `You are invited to ${company.name} on SiteSafe Portal` });
    expect(message.links).toEqual([expect.stringMatching(new RegExp(`^${app.config.publicUrl}/accept_invitation\\?invitationCode=[\\w-]{43}$`))]);
  });

  it('answers 404 for a recipient with no mail and 400 without a valid address', async () => {
    const app = await start();
    const none = await app.inject({ method: 'GET', url: '/dev/mailbox/latest.json?to=nobody@example.test' });
    expect(none.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/latest.json' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/latest.json?to=nope' })).statusCode).toBe(400);
    const empty = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(empty.body).toContain('No Data Found');
  });

  it('is not served in production', async () => {
    const app = await start({ mode: 'production', serveSpa: false });
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/latest.json?to=a@b.co' })).statusCode).toBe(404);
  });
});

describe('SMTP delivery', () => {
  it('sends the invitation through the SMTP server at smtpUrl, with the link, and not into the mailbox', async () => {
    const smtp = await startSmtpServer();
    const app = await start({ smtpUrl: smtp.url, mailFrom: 'SiteSafe Portal <no-reply@sitesafe.test>' });
    const email = 'smtp.admin@example.test';
    const { company, invited } = await inviteToNewCompany(app, email);
    expect(invited.statusCode, invited.body).toBe(201);

    await expect.poll(() => smtp.received.length).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@sitesafe.test');
    expect(mail?.to).toEqual([email]);
    const raw = unquote(mail?.raw ?? '');
    expect(raw).toContain(`Subject: You are invited to ${company.name} on SiteSafe Portal`);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const link = new RegExp(`${app.config.publicUrl}/accept_invitation\\?invitationCode=([\\w-]{43})`).exec(raw);
    expect(link).not.toBeNull();

    const token = await app.auth.tokenForEmail(email);
    const view = await app.inject({ method: 'GET', url: `/api/user/invite/${link?.[1]}`, headers: { authorization: `Bearer ${token}` } });
    expect(view.json()).toEqual({ company: { name: company.name }, role: 'CompanyAdmin' });
    expect(await app.db.selectFrom('mailbox').select('id').execute()).toEqual([]);
  });
});
