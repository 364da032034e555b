import { randomBytes, randomUUID } from 'node:crypto';
import { companyBody } from '../../support/company-body';
import type { RouteEntry } from '../route-entries';
import { completeSwms } from '../fuzz/fixtures';
import type { FastifyInstance } from 'fastify';
import { drawnSignature } from '../../support/upload-fixtures';
import { checkedInAtOwnSite, inviteBody, siteBody, supervisingOwnSite, type CompanyRecords, type Principal, type World } from './world';

/**
 * Who gets through a route's access check: `own` only with their own company's records (a
 * tradesperson: their own profile, the site they are checked in at), `any` with every company's.
 * A principal not named is refused everywhere, and then another company's record and an unknown id
 * must answer alike, byte for byte.
 */
type Reach = Partial<Record<Principal, 'own' | 'any'>>;

export interface MatrixRoute extends RouteEntry {
  readonly method: string | readonly string[];
  readonly url: string;
  /** Names no company record, and its answer does not depend on who asks: the reason. */
  readonly open?: string;
  readonly reach?: Reach;
  /** The path parameters and body of a call naming these records. */
  readonly params?: (records: CompanyRecords) => Readonly<Record<string, string>>;
  readonly body?: (records: CompanyRecords) => unknown;
  readonly query?: (records: CompanyRecords) => string;
  /** Names no record of a company (a list of all clients, one's own profile): run once, not per scope. */
  readonly unscoped?: boolean;
  /**
   * The path names a company and a record inside it (or a body lists records): another company's
   * record under one's own company must answer as an unknown record does.
   */
  readonly nested?: boolean;
  /**
   * A secret in the request (an invitation code, a site's QR key) is what grants access, not the
   * company: the reason why another company's record may answer differently from an unknown one.
   */
  readonly capability?: string;
  /** Puts back before each call what an earlier call of the route changed. */
  readonly prepare?: (app: FastifyInstance, world: World) => Promise<void>;
}

/** Records no company has: fresh ids, a key and a code nobody was given. */
export function unknownRecords(): CompanyRecords {
  return {
    companyId: randomUUID(),
    employeeId: randomUUID(),
    siteId: randomUUID(),
    siteKey: randomBytes(16).toString('base64url'),
    swmsId: randomUUID(),
    checkInId: randomUUID(),
    tradesUserId: randomUUID(),
    invitedRoleId: randomUUID(),
    inviteCode: randomBytes(32).toString('base64url'),
  };
}

const staff = { CompanyAdmin: 'own', CompanySupervisor: 'own', CompanyAuditor: 'own' } as const;
/** DESIGN.md: the audit trail is read by the company's admin and auditors, and by the super user for every client. */
const auditTrail = { SuperUser: 'any', CompanyAdmin: 'own', CompanyAuditor: 'own' } as const;
const company = (records: CompanyRecords) => ({ id: records.companyId });
const site = (records: CompanyRecords) => ({ id: records.companyId, siteId: records.siteId });
const swms = (records: CompanyRecords) => ({ companyId: records.companyId, swmsId: records.swmsId });
const gate = (records: CompanyRecords) => ({ siteId: records.siteId });
const trades = (records: CompanyRecords) => ({ id: records.tradesUserId });
const signedIn = (reach: 'own' | 'any'): Reach => ({
  SuperUser: reach,
  CompanyAdmin: reach,
  CompanySupervisor: reach,
  CompanyAuditor: reach,
  TradesPerson: reach,
  Unregistered: reach,
});

const profile = { firstName: 'Ada', surname: 'Admin', contactEmail: 'ada@example.test', phone: '0412345678', emergencyContactName: 'Eve', emergencyContactPhone: '0498765432' };
const tradesProfile = {
  firstName: 'Sam',
  surname: 'Nguyen',
  phone: '0412345678',
  email: 'sam@example.test',
  emergencyContactName: 'Alex Nguyen',
  emergencyContactPhone: '0498765432',
  tradeQualifications: 'Electrician',
  whitecardNumber: 'CGI1234567',
  whitecardPhoto: null,
  licences: [],
};

const protocol = 'OpenID Connect and the sign-in exchange: no bearer token is read; what is refused is the protocol message';

/**
 * Every registered route, in the order the matrix calls them: calls that change what later calls
 * read (a check-in moved, an account joined as a tradesperson, a client deleted) come last.
 */
export const matrixRoutes: readonly MatrixRoute[] = [
  { method: 'GET', url: '/api/health', open: 'the load balancer reads it without signing in' },
  { method: 'POST', url: '/api/auth/token', open: protocol },
  { method: 'POST', url: '/api/auth/refresh', open: 'reads the refresh cookie, never the bearer token' },
  { method: 'POST', url: '/api/auth/logout', open: 'reads the refresh cookie, never the bearer token' },
  { method: 'GET', url: '/api/auth/login/:provider', open: protocol, params: () => ({ provider: 'google' }) },
  { method: ['GET', 'POST'], url: '/api/auth/callback/:provider', open: protocol, params: () => ({ provider: 'google' }) },
  { method: 'GET', url: '/dev/mailbox', open: 'the development mailbox, mounted only with the development sign-in' },
  { method: 'GET', url: '/dev/mailbox/latest.json', open: 'the development mailbox, mounted only with the development sign-in', query: () => 'to=nobody@example.test' },
  { method: 'GET', url: '/oidc/dev-sign-in.css', open: protocol },
  { method: 'GET', url: '/oidc/interaction/:uid', open: protocol, params: () => ({ uid: 'no-such-interaction' }) },
  { method: 'POST', url: '/oidc/interaction/:uid/login', open: protocol, params: () => ({ uid: 'no-such-interaction' }) },
  { method: 'POST', url: '/oidc/interaction/:uid/abort', open: protocol, params: () => ({ uid: 'no-such-interaction' }) },
  { method: ['GET', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'], url: '/oidc/*', open: protocol, params: () => ({ '*': 'auth' }) },
  {
    method: ['GET', 'PUT', 'OPTIONS'],
    url: '/blob/devstoreaccount1/portal-files/:fileKey',
    open: 'the blob store behind its proxy: a signed URL (SAS) grants access, never the bearer token',
    params: () => ({ fileKey: 'no-such-file.png' }),
  },
  {
    method: ['GET', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'],
    url: '/blob/*',
    open: 'the blob store behind its proxy: a signed URL (SAS) grants access, never the bearer token',
    params: () => ({ '*': 'devstoreaccount1' }),
  },

  { method: 'GET', url: '/api/profile', reach: signedIn('any'), unscoped: true },
  // Auditors have read-only access (DESIGN.md), their own profile included.
  { method: 'PUT', url: '/api/profile', reach: { ...signedIn('any'), CompanyAuditor: undefined }, unscoped: true, body: () => profile },
  {
    method: 'POST',
    url: '/api/file',
    reach: { SuperUser: 'any', CompanyAdmin: 'any' },
    unscoped: true,
    body: () => ({ type: 'companyProfile', filename: 'logo.png' }),
  },

  { method: 'GET', url: '/api/company', reach: { SuperUser: 'any' }, unscoped: true },
  { method: 'POST', url: '/api/company', reach: { SuperUser: 'any' }, unscoped: true, body: () => companyBody() },
  { method: 'GET', url: '/api/company/:id', reach: { SuperUser: 'any', ...staff }, params: company },
  { method: 'PUT', url: '/api/company/:id', reach: { SuperUser: 'any', CompanyAdmin: 'own' }, params: company, body: () => companyBody() },
  { method: 'GET', url: '/api/company/:id/employees', reach: { SuperUser: 'any', CompanyAdmin: 'own' }, params: company },
  { method: 'GET', url: '/api/company/:id/employees/invite', reach: { SuperUser: 'any', CompanyAdmin: 'own' }, params: company },
  {
    method: 'GET',
    url: '/api/company/:id/employees/:employeeId',
    reach: { SuperUser: 'any', CompanyAdmin: 'own' },
    params: (records) => ({ id: records.companyId, employeeId: records.employeeId }),
    nested: true,
  },
  { method: 'POST', url: '/api/user/invite', reach: { SuperUser: 'any', CompanyAdmin: 'own' }, body: (records) => inviteBody(records.companyId) },
  { method: 'POST', url: '/api/user/invite/:userRoleId', reach: { SuperUser: 'any', CompanyAdmin: 'own' }, params: (records) => ({ userRoleId: records.invitedRoleId }) },

  { method: 'GET', url: '/api/company/:id/swms', reach: staff, params: company },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId', reach: staff, params: swms, nested: true },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/history', reach: staff, params: swms, nested: true },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/revisions', reach: staff, params: swms, nested: true },
  {
    method: 'GET',
    url: '/api/company/:companyId/swms/:swmsId/revisions/:revision',
    reach: staff,
    params: (records) => ({ ...swms(records), revision: '1' }),
    nested: true,
  },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/pdf', reach: staff, params: swms, nested: true },
  { method: 'POST', url: '/api/company/:id/swms/pdf', reach: staff, params: company, body: (records) => ({ swmsIds: [records.swmsId] }), nested: true },
  {
    method: 'PUT',
    url: '/api/company/:id/swms',
    reach: { CompanyAdmin: 'own', CompanySupervisor: 'own' },
    params: company,
    body: (records) => ({ status: 'Reviewed', swmsIds: [records.swmsId] }),
    nested: true,
  },
  {
    method: 'PUT',
    url: '/api/company/:id/swms',
    reach: { CompanyAdmin: 'own', CompanySupervisor: 'own' },
    params: company,
    body: (records) => ({ status: 'Reviewed', swmsId: records.swmsId }),
    nested: true,
  },
  // Issue 57 §3: a site's sign-ons are read by the company's admins and auditors, and the supervisor the site names.
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/signons', reach: staff, params: swms, nested: true, prepare: supervisingOwnSite },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/signon-gaps', reach: staff, params: site, nested: true, prepare: supervisingOwnSite },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/swms', reach: staff, params: site, nested: true },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/checkins', reach: staff, params: site, nested: true },
  { method: 'GET', url: '/api/company/:id/audit', reach: auditTrail, params: company },
  { method: 'GET', url: '/api/company/:id/audit/verification', reach: auditTrail, params: company },
  { method: 'GET', url: '/api/company/:id/audit.csv', reach: auditTrail, params: company },

  { method: 'GET', url: '/api/company/:id/projectSites', reach: staff, params: company },
  { method: 'POST', url: '/api/company/:id/projectSites', reach: { CompanyAdmin: 'own' }, params: company, body: () => siteBody(`J-${randomUUID().slice(0, 6)}`) },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId', reach: staff, params: site, nested: true },
  {
    method: 'PUT',
    url: '/api/company/:id/projectSites/:siteId',
    reach: { CompanyAdmin: 'own' },
    params: site,
    body: () => ({ ...siteBody('J-edited'), supervisor: null, siteSafetyPlan: null, version: 1 }),
    nested: true,
  },
  { method: 'PATCH', url: '/api/company/:id/projectSites/:siteId/status', reach: { CompanyAdmin: 'own' }, params: site, body: () => ({ status: 'Active' }), nested: true },
  {
    method: 'PATCH',
    url: '/api/company/:id/projectSites',
    reach: { CompanyAdmin: 'own' },
    params: company,
    body: (records) => ({ projectSiteIds: [records.siteId], selectedStatus: 'Active' }),
    nested: true,
  },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/qr', reach: { CompanyAdmin: 'own', CompanySupervisor: 'own' }, params: site, nested: true },
  { method: 'POST', url: '/api/company/:id/projectSites/:siteId/qr', reach: { CompanyAdmin: 'own', CompanySupervisor: 'own' }, params: site, nested: true },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/poster.pdf', reach: { CompanyAdmin: 'own', CompanySupervisor: 'own' }, params: site, nested: true },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/onsite', reach: staff, params: site, nested: true },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/evacuation.pdf', reach: staff, params: site, nested: true },
  {
    method: 'POST',
    url: '/api/company/:id/projectSites/:siteId/onsite/:checkInId/checkout',
    reach: { CompanyAdmin: 'own', CompanySupervisor: 'own' },
    params: (records) => ({ id: records.companyId, siteId: records.siteId, checkInId: records.checkInId }),
    nested: true,
    prepare: checkedInAtOwnSite,
  },
  { method: 'GET', url: '/api/company/:id/live', reach: staff, params: company },

  // Company staff read the profile of a tradesperson who checked in at one of their sites (issue 10).
  { method: 'GET', url: '/api/profile/trades/:id', reach: { TradesPerson: 'own', ...staff }, params: trades },
  { method: 'PUT', url: '/api/profile/trades/:id', reach: { TradesPerson: 'own' }, params: trades, body: () => tradesProfile },
  { method: 'GET', url: '/api/profile/trades/:id/activity', reach: { TradesPerson: 'own' }, params: trades },
  { method: 'GET', url: '/api/profile/trades/:id/swms/:swmsId', reach: { TradesPerson: 'own' }, params: (records) => ({ id: records.tradesUserId, swmsId: records.swmsId }), nested: true },

  {
    method: 'GET',
    url: '/api/user/invite/:inviteCode',
    reach: signedIn('any'),
    params: (records) => ({ inviteCode: records.inviteCode }),
    capability: 'the invitation code is a secret sent to one email address: whoever holds it may read whom it invites',
  },
  {
    method: 'POST',
    url: '/api/user/accept',
    reach: {},
    body: (records) => ({ inviteCode: records.inviteCode }),
    capability: 'the invitation code is a secret: a valid one for another email is refused as that ("signed in with a different email"), a bogus one as invalid',
  },
  {
    method: 'GET',
    url: '/api/site/:siteId',
    reach: { ...signedIn('any'), NoToken: 'any' },
    params: gate,
    query: (records) => `key=${records.siteKey}`,
    capability: "the site's QR key is the secret posted at the gate: whoever scanned it may read the site",
  },
  { method: 'POST', url: '/api/site/:siteId/swms', reach: { TradesPerson: 'own' }, params: gate, body: () => completeSwms() },
  { method: 'GET', url: '/api/site/:siteId/swms/:swmsId', reach: { TradesPerson: 'own' }, params: (records) => ({ siteId: records.siteId, swmsId: records.swmsId }) },
  // Before the revision below: the TradesPerson signs revision 1, which their submission signed already (200).
  {
    method: 'POST',
    url: '/api/site/:siteId/swms/:swmsId/signon',
    reach: { TradesPerson: 'own' },
    params: (records) => ({ siteId: records.siteId, swmsId: records.swmsId }),
    body: () => ({ revision: 1, signature: { kind: 'drawn', image: drawnSignature() }, confirmed: true }),
  },
  { method: 'GET', url: '/api/site/:siteId/signons', reach: { TradesPerson: 'own' }, params: gate },
  {
    method: 'POST',
    url: '/api/site/:siteId/swms/:swmsId/revisions',
    reach: { TradesPerson: 'own' },
    params: (records) => ({ siteId: records.siteId, swmsId: records.swmsId }),
    body: () => completeSwms(),
  },
  {
    method: 'POST',
    url: '/api/site/:siteId/checkin',
    reach: { TradesPerson: 'any' },
    params: gate,
    body: (records) => ({ key: records.siteKey, ppeConfirmed: true, safetyPlanAcknowledged: true }),
    capability: "the site's QR key grants a check-in at any company's site",
  },
  { method: 'POST', url: '/api/site/:siteId/checkout', reach: { TradesPerson: 'own' }, params: gate, body: () => ({}), prepare: checkedInAtOwnSite },
  {
    method: 'POST',
    url: '/api/site/:siteId/join',
    reach: { Unregistered: 'any', TradesPerson: 'any' },
    params: gate,
    body: (records) => ({ key: records.siteKey }),
    capability: "the site's QR key lets a new account join as a tradesperson at any company's site",
  },
  { method: 'DELETE', url: '/api/company/:id', reach: { SuperUser: 'any' }, params: company },
];
