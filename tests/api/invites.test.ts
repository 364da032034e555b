import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/domain/company';
import type { InviteResponse } from '../../src/domain/invite';
import { createAuthCode } from '../../server/auth/auth-codes';
import { hashSecret } from '../../server/auth/secrets';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { mailQueueSettled } from './mail-deliveries';
import { createTestApp } from './test-app';
import { call as callApi, type Method } from './calls';

type Role = 'SuperUser' | 'CompanyAdmin' | 'CompanySupervisor' | 'TradesPerson';

let app: FastifyInstance;
/** This file's calls go to its app. */
const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(app, method, url, token, payload);
let close: () => Promise<void>;
let superToken: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  superToken = await tokenWithRole('super@sitesafe.test', 'SuperUser');
});
afterAll(async () => close());

let serial = 0;
const unique = (label: string) => `${label}-${++serial}-${randomUUID().slice(0, 8)}`;
const newEmail = (label = 'person') => `${unique(label)}@example.test`;

function abnFor(n: number): string {
  const base = String(n).padStart(9, '0');
  const weights = [3, 5, 7, 9, 11, 13, 15, 17, 19];
  const rest = [...base].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return `${10 + ((89 - (rest % 89)) % 89)}${base}`;
}
let abnSerial = 2_000_000 + Math.floor(Math.random() * 1_000_000);

async function tokenWithRole(email: string, role: Role | null, companyId: string | null = null): Promise<string> {
  const user = await findOrCreateUserByEmail(app.db, email);
  if (role) {
    await app.db
      .insertInto('user_roles')
      .values({ id: randomUUID(), user_id: user.id, company_id: companyId, role, status: 'active', accepted_at: new Date() })
      .execute();
  }
  return app.auth.tokenForEmail(email);
}

async function createCompany(name = unique('Ridgeline Constructions')): Promise<Company> {
  const response = await call('POST', '/api/company', superToken, {
    name,
    abn: abnFor(++abnSerial),
    buildersRegNumber: 'BR-9',
    phone: '0298765432',
    email: 'office@ridgeline.test',
    address: '2 Pitt St, Sydney NSW 2000',
    postalAddress: 'PO Box 2, Sydney NSW 2001',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Company>();
}

function inviteBody(companyId: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Alex',
    surname: 'Admin',
    email: newEmail('invitee'),
    phone: '0400 123 456',
    companyId,
    role: 'CompanyAdmin',
    ...overrides,
  };
}

async function latestMail(to: string) {
  await mailQueueSettled(app);
  const response = await app.inject({ method: 'GET', url: `/dev/mailbox/latest.json?to=${encodeURIComponent(to)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ subject: string; text: string; html: string; links: string[] }>();
}

/** The code from the link in the latest invitation email to that address. */
async function codeFromMail(to: string): Promise<string> {
  const mail = await latestMail(to);
  const link = mail.links.find((candidate) => candidate.includes('/accept_invitation?'));
  const code = link ? new URL(link).searchParams.get('invitationCode') : null;
  expect(code).toBeTruthy();
  return code ?? '';
}

async function invite(token: string, body: Record<string, unknown>) {
  const response = await call('POST', '/api/user/invite', token, body);
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json<InviteResponse>();
  return { answer, code: await codeFromMail(String(body.email)) };
}

describe('POST /api/user/invite', () => {
  it('invites a company admin: invited role, hashed 7-day code, email with the link, audit, Invite answer', async () => {
    const company = await createCompany();
    const body = inviteBody(company._id, { email: newEmail('New.Admin') });
    const response = await call('POST', '/api/user/invite', superToken, body);
    expect(response.statusCode).toBe(201);
    const answer = response.json<InviteResponse>();
    expect(answer).toEqual({ userRole: { _id: expect.any(String) }, firstName: 'Alex', surname: 'Admin', contactEmail: body.email, role: 'CompanyAdmin' });

    const role = await app.db.selectFrom('user_roles').selectAll().where('id', '=', answer.userRole._id).executeTakeFirstOrThrow();
    expect(role).toMatchObject({ company_id: company._id, role: 'CompanyAdmin', status: 'invited', accepted_at: null });
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', role.user_id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: body.email, first_name: 'Alex', surname: 'Admin', contact_email: body.email, phone: '0400123456' });

    const mail = await latestMail(body.email);
    expect(mail.subject).toBe(`You are invited to ${company.name} on SiteSafe Portal`);
    expect(mail.text).toContain(`You have received an invitation from company ${company.name} as Admin`);
    const code = await codeFromMail(body.email);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.links).toContain(`${app.config.publicUrl}/accept_invitation?invitationCode=${code}`);
    expect(mail.html).toContain(`href="${app.config.publicUrl}/accept_invitation?invitationCode=${code}"`);

    const stored = await app.db.selectFrom('invites').selectAll().where('user_role_id', '=', answer.userRole._id).executeTakeFirstOrThrow();
    expect(stored.code_hash).toBe(hashSecret(code));
    expect(stored.code_hash).not.toContain(code);
    const lifetimeDays = (new Date(stored.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(6.99);
    expect(lifetimeDays).toBeLessThanOrEqual(7);
    const audit = await app.db.selectFrom('audit_events').selectAll().where('entity_id', '=', answer.userRole._id).execute();
    expect(audit).toMatchObject([{ action: 'invite.create', entity: 'user_role', detail: { companyId: company._id, role: 'CompanyAdmin', email: body.email } }]);

    const client = await call('GET', `/api/company/${company._id}`, superToken);
    expect(client.json<Company>().hasAdmin).toBe(false);
  });

  it('reuses an existing account by email, case-insensitively, and keeps the details it already has', async () => {
    const company = await createCompany();
    const email = newEmail('existing');
    const existing = await findOrCreateUserByEmail(app.db, email);
    await app.db.updateTable('users').set({ first_name: 'Already', phone: '0499000000' }).where('id', '=', existing.id).execute();
    const { answer } = await invite(superToken, inviteBody(company._id, { email: email.toUpperCase(), role: 'CompanySupervisor' }));
    const role = await app.db.selectFrom('user_roles').selectAll().where('id', '=', answer.userRole._id).executeTakeFirstOrThrow();
    expect(role.user_id).toBe(existing.id);
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Already', surname: 'Admin', phone: '0499000000' });
  });

  it.each([
    ['firstName', '', 'First Name: this field is required'],
    ['surname', '', 'Surname: this field is required'],
    ['email', '', 'Email: this field is required'],
    ['email', 'someone@', 'A valid Contact Email is required'],
    ['phone', '', 'Phone Number: this field is required'],
    ['phone', '12345', 'A valid Phone Number is required'],
    ['phone', '04001234567', 'A valid Phone Number is required'],
    ['companyId', 'abc', 'Company id: not a valid id'],
    ['role', 'SuperUser', 'Role: choose Admin, Supervisor or Auditor'],
    ['role', 'TradesPerson', 'Role: choose Admin, Supervisor or Auditor'],
  ])('answers 400 when %s is %j: %s', async (field, value, message) => {
    const company = await createCompany();
    const response = await call('POST', '/api/user/invite', superToken, inviteBody(company._id, { [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(message);
  });

  it('answers 400 for a missing field and 404 for an unknown or deleted company', async () => {
    const company = await createCompany();
    const { phone: _omitted, ...missing } = inviteBody(company._id);
    const response = await call('POST', '/api/user/invite', superToken, missing);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Phone Number: this field is required');
    const unknown = await call('POST', '/api/user/invite', superToken, inviteBody(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('This company does not exist');
    await call('DELETE', `/api/company/${company._id}`, superToken);
    expect((await call('POST', '/api/user/invite', superToken, inviteBody(company._id))).statusCode).toBe(404);
  });

  it('lets a company admin invite supervisors to their own company only', async () => {
    const company = await createCompany();
    const other = await createCompany();
    const adminToken = await tokenWithRole(newEmail('admin'), 'CompanyAdmin', company._id);
    const supervisorToken = await tokenWithRole(newEmail('supervisor'), 'CompanySupervisor', company._id);
    const unregistered = await tokenWithRole(newEmail('nobody'), null);
    const tradie = await tokenWithRole(newEmail('tradie'), 'TradesPerson');

    const { answer } = await invite(adminToken, inviteBody(company._id, { role: 'CompanySupervisor' }));
    expect(answer.role).toBe('CompanySupervisor');
    for (const [token, body] of [
      [adminToken, inviteBody(company._id, { role: 'CompanyAdmin' })],
      [adminToken, inviteBody(other._id, { role: 'CompanySupervisor' })],
      [supervisorToken, inviteBody(company._id, { role: 'CompanySupervisor' })],
      [unregistered, inviteBody(company._id, { role: 'CompanySupervisor' })],
      [tradie, inviteBody(company._id, { role: 'CompanySupervisor' })],
    ] as const) {
      const response = await call('POST', '/api/user/invite', token, body);
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe('You are not authorised to view this page');
    }
    expect((await call('POST', '/api/user/invite', undefined, inviteBody(company._id))).statusCode).toBe(401);
    const roles = await app.db.selectFrom('user_roles').select('id').where('company_id', '=', other._id).execute();
    expect(roles).toEqual([]);
  });

  it('refuses an email that already belongs to an employee of the company, invited or active, in any case', async () => {
    const company = await createCompany();
    const email = newEmail('dupe');
    await invite(superToken, inviteBody(company._id, { email }));
    const again = await call('POST', '/api/user/invite', superToken, inviteBody(company._id, { email: email.toUpperCase(), role: 'CompanySupervisor' }));
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This email already belongs to an employee of this company');

    const activeEmail = newEmail('active');
    await tokenWithRole(activeEmail, 'CompanySupervisor', company._id);
    const active = await call('POST', '/api/user/invite', superToken, inviteBody(company._id, { email: activeEmail }));
    expect(active.statusCode).toBe(409);
    expect(active.body).toBe('This email already belongs to an employee of this company');

    const elsewhere = await createCompany();
    const moved = await call('POST', '/api/user/invite', superToken, inviteBody(elsewhere._id, { email: activeEmail }));
    expect(moved.statusCode).toBe(409);
    expect(moved.body).toBe('This email already belongs to an employee of another company');
  });
});

describe('GET /api/user/invite/:inviteCode', () => {
  it('shows the company name and role to any signed-in user, Unregistered included', async () => {
    const company = await createCompany();
    const body = inviteBody(company._id, { role: 'CompanySupervisor' });
    const { code } = await invite(superToken, body);
    const someone = await tokenWithRole(newEmail('someone'), null);
    const response = await call('GET', `/api/user/invite/${code}`, someone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ company: { name: company.name }, role: 'CompanySupervisor' });
    expect((await call('GET', `/api/user/invite/${code}`)).statusCode).toBe(401);
  });

  it('answers 404 This invitation is not valid for an unknown code', async () => {
    const someone = await tokenWithRole(newEmail('someone'), null);
    for (const code of ['made-up', 'x'.repeat(43), '%20']) {
      const response = await call('GET', `/api/user/invite/${code}`, someone);
      expect(response.statusCode, code).toBe(code === '%20' ? 400 : 404);
      if (code !== '%20') expect(response.body).toBe('This invitation is not valid');
    }
  });
});

describe('POST /api/user/accept', () => {
  it('accepts for the invited email (any case): role active, code used, audit, a token with the new role', async () => {
    const company = await createCompany();
    const email = newEmail('Accepting');
    const { answer, code } = await invite(superToken, inviteBody(company._id, { email }));
    const token = await app.auth.tokenForEmail(email.toUpperCase());
    expect(decodeJwt(token)).toMatchObject({ roles: ['Unregistered'], company: null });

    const response = await call('POST', '/api/user/accept', token, { inviteCode: code });
    expect(response.statusCode).toBe(200);
    const accepted = response.json<{ token: string }>();
    expect(Object.keys(accepted)).toEqual(['token']);
    expect(decodeJwt(accepted.token)).toMatchObject({ roles: ['CompanyAdmin'], company: company._id });

    const role = await app.db.selectFrom('user_roles').selectAll().where('id', '=', answer.userRole._id).executeTakeFirstOrThrow();
    expect(role.status).toBe('active');
    expect(role.accepted_at).not.toBeNull();
    const stored = await app.db.selectFrom('invites').selectAll().where('code_hash', '=', hashSecret(code)).executeTakeFirstOrThrow();
    expect(stored.used_at).not.toBeNull();
    const audit = await app.db.selectFrom('audit_events').select('action').where('entity_id', '=', answer.userRole._id).orderBy('created_at').execute();
    expect(audit.map((event) => event.action)).toEqual(['invite.create', 'invite.accept']);

    expect((await call('GET', `/api/company/${company._id}`, accepted.token)).statusCode).toBe(200);
    const client = await call('GET', `/api/company/${company._id}`, superToken);
    expect(client.json<Company>()).toMatchObject({ hasAdmin: true, userCount: 1 });
    const invited = await call('GET', `/api/company/${company._id}/employees/invite`, superToken);
    expect(invited.json()).toEqual([]);
  });

  it('refuses another account: This invitation was sent to a different email address', async () => {
    const company = await createCompany();
    const { code } = await invite(superToken, inviteBody(company._id));
    const stranger = await tokenWithRole(newEmail('stranger'), null);
    const response = await call('POST', '/api/user/accept', stranger, { inviteCode: code });
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe('This invitation was sent to a different email address');
    const stored = await app.db.selectFrom('invites').select('used_at').where('code_hash', '=', hashSecret(code)).executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
  });

  it('works once: a reused code answers 410 This invitation has already been used', async () => {
    const company = await createCompany();
    const email = newEmail('once');
    const { code } = await invite(superToken, inviteBody(company._id, { email }));
    const token = await app.auth.tokenForEmail(email);
    expect((await call('POST', '/api/user/accept', token, { inviteCode: code })).statusCode).toBe(200);
    for (const response of [
      await call('POST', '/api/user/accept', token, { inviteCode: code }),
      await call('GET', `/api/user/invite/${code}`, token),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.body).toBe('This invitation has already been used');
    }
  });

  it('refuses an expired code with 410 This invitation has expired', async () => {
    const company = await createCompany();
    const email = newEmail('late');
    const { code } = await invite(superToken, inviteBody(company._id, { email }));
    await app.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000) }).where('code_hash', '=', hashSecret(code)).execute();
    const token = await app.auth.tokenForEmail(email);
    for (const response of [
      await call('GET', `/api/user/invite/${code}`, token),
      await call('POST', '/api/user/accept', token, { inviteCode: code }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.body).toBe('This invitation has expired');
    }
  });

  it('answers 400 for a missing code, 404 for an unknown one and 401 without a token', async () => {
    const token = await tokenWithRole(newEmail('someone'), null);
    const missing = await call('POST', '/api/user/accept', token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toBe('Invitation code: this field is required');
    const empty = await call('POST', '/api/user/accept', token, { inviteCode: '' });
    expect(empty.body).toBe('Invitation code: this field is required');
    const unknown = await call('POST', '/api/user/accept', token, { inviteCode: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('This invitation is not valid');
    expect((await call('POST', '/api/user/accept', undefined, { inviteCode: 'nope' })).statusCode).toBe(401);
  });

  it('voids the invitations of a deleted company: 410 This invitation was replaced by a newer one', async () => {
    const company = await createCompany();
    const email = newEmail('orphan');
    const { code } = await invite(superToken, inviteBody(company._id, { email }));
    await call('DELETE', `/api/company/${company._id}`, superToken);
    const token = await app.auth.tokenForEmail(email);
    const response = await call('POST', '/api/user/accept', token, { inviteCode: code });
    expect(response.statusCode).toBe(410);
  });
});

describe('POST /api/user/invite/:userRoleId (resend)', () => {
  it('voids the old code, sends a new one that works, and records the resend', async () => {
    const company = await createCompany();
    const email = newEmail('resend');
    const { answer, code: oldCode } = await invite(superToken, inviteBody(company._id, { email }));
    const response = await app.inject({
      method: 'POST',
      url: `/api/user/invite/${answer.userRole._id}`,
      headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(answer);
    const newCode = await codeFromMail(email);
    expect(newCode).not.toBe(oldCode);

    const token = await app.auth.tokenForEmail(email);
    const old = await call('GET', `/api/user/invite/${oldCode}`, token);
    expect(old.statusCode).toBe(410);
    expect(old.body).toBe('This invitation was replaced by a newer one');
    expect((await call('POST', '/api/user/accept', token, { inviteCode: oldCode })).body).toBe('This invitation was replaced by a newer one');
    expect((await call('POST', '/api/user/accept', token, { inviteCode: newCode })).statusCode).toBe(200);

    const audit = await app.db.selectFrom('audit_events').select('action').where('entity_id', '=', answer.userRole._id).orderBy('created_at').execute();
    expect(audit.map((event) => event.action)).toEqual(['invite.create', 'invite.resend', 'invite.accept']);
    const again = await call('POST', `/api/user/invite/${answer.userRole._id}`, superToken, {});
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This invitation is no longer pending');
  });

  it('takes 20 resends of one invitation at once in turn: each answers 200 and exactly one code is left live, the one last sent', async () => {
    const company = await createCompany();
    const email = newEmail('burst');
    const { answer } = await invite(superToken, inviteBody(company._id, { email }));
    const resends = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/api/user/invite/${answer.userRole._id}`, superToken, {})));
    expect(resends.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const live = await app.db
      .selectFrom('invites')
      .select('code_hash')
      .where('user_role_id', '=', answer.userRole._id)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const code = await codeFromMail(email);
    expect(live[0]?.code_hash).toBe(hashSecret(code));
    const waiting = await app.db
      .selectFrom('mail_deliveries as d')
      .innerJoin('invites as i', 'i.id', 'd.invite_id')
      .select('i.code_hash')
      .where('i.user_role_id', '=', answer.userRole._id)
      .where('d.status', '!=', 'failed')
      .where('d.status', '!=', 'sent')
      .execute();
    expect(waiting.every((delivery) => delivery.code_hash === hashSecret(code))).toBe(true);
    expect((await call('POST', '/api/user/accept', await app.auth.tokenForEmail(email), { inviteCode: code })).statusCode).toBe(200);
  });

  it('takes resends and the acceptance of one invitation at once in turn: the role ends active with no code left live, or invited with one', async () => {
    const company = await createCompany();
    const email = newEmail('race');
    const { answer, code } = await invite(superToken, inviteBody(company._id, { email }));
    const token = await app.auth.tokenForEmail(email);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => call('POST', `/api/user/invite/${answer.userRole._id}`, superToken, {})),
      call('POST', '/api/user/accept', token, { inviteCode: code }),
      ...Array.from({ length: 5 }, () => call('POST', `/api/user/invite/${answer.userRole._id}`, superToken, {})),
    ]);
    for (const response of answers) expect([200, 409, 410], response.body).toContain(response.statusCode);
    const role = await app.db.selectFrom('user_roles').select('status').where('id', '=', answer.userRole._id).executeTakeFirstOrThrow();
    const live = await app.db.selectFrom('invites').select('id').where('user_role_id', '=', answer.userRole._id).where('used_at', 'is', null).where('voided_at', 'is', null).execute();
    expect(live).toHaveLength(role.status === 'active' ? 0 : 1);
  });

  it('renews an expired invitation', async () => {
    const company = await createCompany();
    const email = newEmail('renew');
    const { answer, code } = await invite(superToken, inviteBody(company._id, { email }));
    await app.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000) }).where('code_hash', '=', hashSecret(code)).execute();
    expect((await call('POST', `/api/user/invite/${answer.userRole._id}`, superToken, {})).statusCode).toBe(200);
    const token = await app.auth.tokenForEmail(email);
    expect((await call('POST', '/api/user/accept', token, { inviteCode: await codeFromMail(email) })).statusCode).toBe(200);
  });

  it('lets an admin resend supervisor invitations of their own company only', async () => {
    const company = await createCompany();
    const other = await createCompany();
    const adminToken = await tokenWithRole(newEmail('admin'), 'CompanyAdmin', company._id);
    const supervisorToken = await tokenWithRole(newEmail('supervisor'), 'CompanySupervisor', company._id);
    const own = await invite(adminToken, inviteBody(company._id, { role: 'CompanySupervisor' }));
    const ownAdmin = await invite(superToken, inviteBody(company._id, { role: 'CompanyAdmin' }));
    const foreign = await invite(superToken, inviteBody(other._id, { role: 'CompanySupervisor' }));

    expect((await call('POST', `/api/user/invite/${own.answer.userRole._id}`, adminToken, {})).statusCode).toBe(200);
    for (const roleId of [ownAdmin.answer.userRole._id, foreign.answer.userRole._id, randomUUID()]) {
      const response = await call('POST', `/api/user/invite/${roleId}`, adminToken, {});
      expect(response.statusCode).toBe(403);
    }
    expect((await call('POST', `/api/user/invite/${own.answer.userRole._id}`, supervisorToken, {})).statusCode).toBe(403);
    const unknown = await call('POST', `/api/user/invite/${randomUUID()}`, superToken, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('This invitation is not valid');
    const malformed = await call('POST', '/api/user/invite/not-a-uuid', superToken, {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('Invitation id: not a valid id');
  });
});

describe('POST /api/auth/token with inviteCode (spec §7)', () => {
  it('accepts a valid invitation during the code exchange so the first token carries the role', async () => {
    const company = await createCompany();
    const email = newEmail('signin');
    const { code } = await invite(superToken, inviteBody(company._id, { email, role: 'CompanySupervisor' }));
    const user = await findOrCreateUserByEmail(app.db, email);
    const authCode = await createAuthCode(app.db, user.id);
    const response = await call('POST', '/api/auth/token', undefined, { code: authCode, inviteCode: code });
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json<{ token: string }>().token)).toMatchObject({ roles: ['CompanySupervisor'], company: company._id });
  });

  it('still signs the person in when the invitation cannot be accepted', async () => {
    const company = await createCompany();
    const { code } = await invite(superToken, inviteBody(company._id));
    const stranger = await findOrCreateUserByEmail(app.db, newEmail('stranger'));
    for (const inviteCode of [code, 'made-up']) {
      const response = await call('POST', '/api/auth/token', undefined, { code: await createAuthCode(app.db, stranger.id), inviteCode });
      expect(response.statusCode).toBe(200);
      expect(decodeJwt(response.json<{ token: string }>().token)).toMatchObject({ roles: ['Unregistered'] });
    }
    const stored = await app.db.selectFrom('invites').select('used_at').where('code_hash', '=', hashSecret(code)).executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
  });
});
