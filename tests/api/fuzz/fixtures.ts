import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findOrCreateUserByEmail } from '../../../server/users/repository';
import { companyBody } from '../../support/company-body';
import { siteKey, tradesPerson } from '../site-visit-fixtures';
import { tokenWithCompanyRole } from '../test-app';

/** Who sends a fuzzed request: a signed-in user whose role gets it past the route's access check. */
export type Actor = 'superUser' | 'admin' | 'tradesPerson' | 'newcomer' | 'anonymous';

/** The records the fuzzed routes name in their paths, made through the API as a client would make them. */
export interface Fixtures {
  readonly tokens: Readonly<Record<Exclude<Actor, 'anonymous'>, string>>;
  readonly companyId: string;
  /** A client made only for DELETE company to remove. */
  readonly doomedCompanyId: string;
  readonly adminUserId: string;
  readonly siteId: string;
  readonly tradesUserId: string;
  readonly checkInId: string;
  readonly swmsId: string;
  readonly invitedRoleId: string;
  /** The site's QR key: replaced when the fuzzed QR route succeeds, so read again before each route. */
  siteKey: string;
}

async function send(app: FastifyInstance, method: 'POST' | 'PUT', url: string, token: string, payload: unknown): Promise<{ _id?: string; userRole?: { _id: string } }> {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const idOf = (answer: { _id?: string }) => {
  if (!answer._id) throw new Error('The answer named no _id');
  return answer._id;
};

export const completeSwms = () => ({
  submissionId: randomUUID(),
  highRiskWork: ['k'],
  riskConsequenceLevel: 3,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription: 'Install the level 2 sub-board',
    mobilePlantTools: 'Scissor lift',
    riskText: 'Live conductors at the main board',
    riskPhoto: null,
    controlText: 'Isolate, lock and tag; test for dead',
    controlPhoto: null,
    controlImplementation: 'Electrician isolates before work starts',
    controlMonitoring: 'Supervisor checks the lock at the morning walk',
    controlReview: 'Reviewed at the weekly toolbox talk',
    ppe: ['hard_hat', 'gloves'],
    otherPpe: '',
  },
});

export async function makeFixtures(app: FastifyInstance): Promise<Fixtures> {
  const superUser = await findOrCreateUserByEmail(app.db, 'super.fuzz@example.test');
  await app.db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: superUser.id, company_id: null, role: 'SuperUser', status: 'active', accepted_at: new Date() })
    .execute();
  const superUserToken = await app.auth.tokenForEmail('super.fuzz@example.test');
  const companyId = idOf(await send(app, 'POST', '/api/company', superUserToken, companyBody()));
  const doomedCompanyId = idOf(await send(app, 'POST', '/api/company', superUserToken, companyBody()));

  const admin = await tokenWithCompanyRole(app, 'admin.fuzz@example.test', companyId, 'CompanyAdmin');
  const adminUser = await findOrCreateUserByEmail(app.db, 'admin.fuzz@example.test');
  await send(app, 'PUT', '/api/profile', admin, {
    firstName: 'Ada',
    surname: 'Admin',
    contactEmail: 'ada@example.test',
    phone: '0412345678',
    emergencyContactName: 'Eve Admin',
    emergencyContactPhone: '0498765432',
  });
  const site = { address: '12 Smith St', suburb: 'Parramatta', postcode: '2150', siteNumber: 'J-1', clientName: 'Westfield', ppe: ['hard_hat'] };
  const siteId = idOf(await send(app, 'POST', `/api/company/${companyId}/projectSites`, admin, site));
  const key = await siteKey(app, siteId);

  const trades = await tradesPerson(app, 'trades.fuzz@example.test');
  const checkInId = idOf(await send(app, 'POST', `/api/site/${siteId}/checkin`, trades.token, { key, ppeConfirmed: true, safetyPlanAcknowledged: true }));
  const swmsId = idOf(await send(app, 'POST', `/api/site/${siteId}/swms`, trades.token, completeSwms()));
  const invite = await send(app, 'POST', '/api/user/invite', admin, {
    firstName: 'Ivy',
    surname: 'Invitee',
    email: 'ivy.fuzz@example.test',
    phone: '0412345678',
    companyId,
    role: 'CompanySupervisor',
  });
  if (!invite.userRole) throw new Error('The invitation answered no userRole');
  await findOrCreateUserByEmail(app.db, 'newcomer.fuzz@example.test');
  const newcomer = await app.auth.tokenForEmail('newcomer.fuzz@example.test');

  return {
    tokens: { superUser: superUserToken, admin, tradesPerson: trades.token, newcomer },
    companyId,
    doomedCompanyId,
    adminUserId: adminUser.id,
    siteId,
    tradesUserId: trades.userId,
    checkInId,
    swmsId,
    invitedRoleId: invite.userRole._id,
    siteKey: key,
  };
}

/** Reads again what a fuzzed request may have replaced (the QR route gives the site a new key). */
export async function refreshFixtures(app: FastifyInstance, fixtures: Fixtures): Promise<void> {
  fixtures.siteKey = await siteKey(app, fixtures.siteId);
}
