import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findOrCreateUserByEmail } from '../../../server/users/repository';
import { companyBody } from '../../support/company-body';
import { completeSwms } from '../fuzz/fixtures';
import { siteKey, tradesPerson } from '../site-visit-fixtures';
import { tokenWithCompanyRole } from '../test-app';

/** Who calls: every role of spec §6 and DESIGN.md, no token at all, and a user of a client the super user deleted. */
export const principals = ['SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor', 'TradesPerson', 'Unregistered', 'NoToken', 'DeletedClientUser'] as const;
export type Principal = (typeof principals)[number];

/**
 * Whose record a call names: the caller's own company's (for a tradesperson: their own profile and the
 * site they are checked in at), another company's, or an id no record has.
 */
export const scopes = ['own', 'other', 'unknown'] as const;
export type Scope = (typeof scopes)[number];

/** One company's records, every one made through the API as a client would make them. */
export interface CompanyRecords {
  readonly companyId: string;
  /** The company admin as an employee (spec §7 employees/{employeeId} names the role). */
  readonly employeeId: string;
  readonly siteId: string;
  siteKey: string;
  readonly swmsId: string;
  checkInId: string;
  /** The tradesperson checked in at this company's site, who submitted its SWMS. */
  readonly tradesUserId: string;
  readonly invitedRoleId: string;
  readonly inviteCode: string;
}

export interface World {
  readonly tokens: Readonly<Record<Exclude<Principal, 'NoToken'>, string>>;
  /** The company of the company roles and of the site the TradesPerson is checked in at. */
  readonly own: CompanyRecords;
  /** A second client with records of its own that none of the principals belongs to. */
  readonly other: CompanyRecords;
  readonly superUserToken: string;
}

type Answer = { _id?: string; userRole?: { _id: string } };

async function send(app: FastifyInstance, method: string, url: string, token: string | undefined, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function made(app: FastifyInstance, method: string, url: string, token: string, payload: unknown): Promise<Answer> {
  const response = await send(app, method, url, token, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const idOf = (answer: Answer) => {
  if (!answer._id) throw new Error('The answer named no _id');
  return answer._id;
};

/** The code in the link of the latest invitation email to `to`. */
async function inviteCodeFor(app: FastifyInstance, to: string): Promise<string> {
  // The email goes through the mail queue: it arrives a moment after the invitation.
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await send(app, 'GET', `/dev/mailbox/latest.json?to=${encodeURIComponent(to)}`, undefined);
    const link = response.statusCode === 200 ? (response.json() as { links: string[] }).links.find((href) => href.includes('/accept_invitation?')) : undefined;
    const code = link ? new URL(link).searchParams.get('invitationCode') : null;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No invitation email reached ${to}`);
}

export const siteBody = (siteNumber: string) => ({ address: '12 Smith St', suburb: 'Parramatta', postcode: '2150', siteNumber, clientName: 'Westfield', ppe: ['hard_hat'] });

export const inviteBody = (companyId: string) => ({
  firstName: 'Ivy',
  surname: 'Invitee',
  email: `ivy.${randomUUID().slice(0, 8)}@example.test`,
  phone: '0412345678',
  companyId,
  role: 'CompanySupervisor',
});

async function companyRecords(app: FastifyInstance, superUserToken: string, name: string): Promise<CompanyRecords & { adminToken: string; tradesToken: string }> {
  const companyId = idOf(await made(app, 'POST', '/api/company', superUserToken, companyBody()));
  const adminEmail = `admin.${name}@example.test`;
  const adminToken = await tokenWithCompanyRole(app, adminEmail, companyId, 'CompanyAdmin');
  const adminUser = await findOrCreateUserByEmail(app.db, adminEmail);
  const adminRole = await app.db.selectFrom('user_roles').select('id').where('user_id', '=', adminUser.id).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const siteId = idOf(await made(app, 'POST', `/api/company/${companyId}/projectSites`, adminToken, siteBody(`J-${name}`)));
  const key = await siteKey(app, siteId);
  const trades = await tradesPerson(app, `trades.${name}@example.test`);
  const checkInId = idOf(await made(app, 'POST', `/api/site/${siteId}/checkin`, trades.token, { key, ppeConfirmed: true, safetyPlanAcknowledged: true }));
  const swmsId = idOf(await made(app, 'POST', `/api/site/${siteId}/swms`, trades.token, completeSwms()));
  const invite = inviteBody(companyId);
  const invited = await made(app, 'POST', '/api/user/invite', adminToken, invite);
  if (!invited.userRole) throw new Error('The invitation answered no userRole');
  return {
    companyId,
    employeeId: adminRole.id,
    siteId,
    siteKey: key,
    swmsId,
    checkInId,
    tradesUserId: trades.userId,
    invitedRoleId: invited.userRole._id,
    inviteCode: await inviteCodeFor(app, invite.email),
    adminToken,
    tradesToken: trades.token,
  };
}

export async function makeWorld(app: FastifyInstance): Promise<World> {
  const superUser = await findOrCreateUserByEmail(app.db, 'super.matrix@example.test');
  await app.db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: superUser.id, company_id: null, role: 'SuperUser', status: 'active', accepted_at: new Date() })
    .execute();
  const superUserToken = await app.auth.tokenForEmail('super.matrix@example.test');
  const { adminToken, tradesToken, ...own } = await companyRecords(app, superUserToken, 'own');
  const { adminToken: _otherAdmin, tradesToken: _otherTrades, ...other } = await companyRecords(app, superUserToken, 'other');

  const supervisor = await tokenWithCompanyRole(app, 'supervisor.matrix@example.test', own.companyId, 'CompanySupervisor');
  const auditor = await tokenWithCompanyRole(app, 'auditor.matrix@example.test', own.companyId, 'CompanyAuditor');
  await findOrCreateUserByEmail(app.db, 'newcomer.matrix@example.test');
  const unregistered = await app.auth.tokenForEmail('newcomer.matrix@example.test');

  // A client the super user deleted: its admin's token was issued before, and still verifies.
  const deletedId = idOf(await made(app, 'POST', '/api/company', superUserToken, companyBody()));
  const deletedClientUser = await tokenWithCompanyRole(app, 'admin.deleted@example.test', deletedId, 'CompanyAdmin');
  const deleted = await send(app, 'DELETE', `/api/company/${deletedId}`, superUserToken);
  if (deleted.statusCode >= 300) throw new Error(`DELETE company answered ${deleted.statusCode}: ${deleted.body}`);

  return {
    tokens: {
      SuperUser: superUserToken,
      CompanyAdmin: adminToken,
      CompanySupervisor: supervisor,
      CompanyAuditor: auditor,
      TradesPerson: tradesToken,
      Unregistered: unregistered,
      DeletedClientUser: deletedClientUser,
    },
    own,
    other,
    superUserToken,
  };
}

/** Checks the TradesPerson in at the own company's site again (a check-out call may have ended the visit). */
export async function checkedInAtOwnSite(app: FastifyInstance, world: World): Promise<void> {
  await send(app, 'POST', `/api/site/${world.own.siteId}/checkin`, world.tokens.TradesPerson, { key: world.own.siteKey, ppeConfirmed: true, safetyPlanAcknowledged: true });
  const visit = await app.db
    .selectFrom('check_ins')
    .select('id')
    .where('site_id', '=', world.own.siteId)
    .where('user_id', '=', world.own.tradesUserId)
    .where('checked_out_at', 'is', null)
    .executeTakeFirstOrThrow();
  world.own.checkInId = visit.id;
}

/**
 * Makes the matrix's CompanySupervisor the supervisor of the own company's site: a site's sign-ons are read by the
 * company's admins and auditors and by the supervisor the site names (issue 57 §3).
 */
export async function supervisingOwnSite(app: FastifyInstance, world: World): Promise<void> {
  const role = await app.db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.id')
    .where('u.email', '=', 'supervisor.matrix@example.test')
    .where('r.company_id', '=', world.own.companyId)
    .where('r.role', '=', 'CompanySupervisor')
    .executeTakeFirstOrThrow();
  await app.db.updateTable('project_sites').set({ supervisor_role_id: role.id }).where('id', '=', world.own.siteId).execute();
}

/** Reads again what a call may have replaced (a QR refresh gives the site a new key). */
export async function refreshWorld(app: FastifyInstance, world: World): Promise<void> {
  world.own.siteKey = await siteKey(app, world.own.siteId);
  world.other.siteKey = await siteKey(app, world.other.siteId);
}
