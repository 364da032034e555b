import { Schema } from 'effect';
import fc from 'fast-check';
import { AuditQuery } from '../../../src/domain/audit';
import { SiteActivityQuery } from '../../../src/domain/check-in';
import { CompanyInput, CompanyListQuery } from '../../../src/domain/company';
import { Email } from '../../../src/domain/fields';
import { FileUploadRequest } from '../../../src/domain/file';
import { AcceptInvite, InviteInput } from '../../../src/domain/invite';
import { ProfileUpdate } from '../../../src/domain/profile';
import {
  BulkStatusInput,
  BulkStatusMatchingInput,
  ProjectSiteInput,
  ProjectSiteUpdate,
  SiteListQuery,
  SiteStatusInput,
} from '../../../src/domain/project-site';
import { CheckInRequest, CheckOutRequest, JoinSiteRequest } from '../../../src/domain/site-visit';
import { SwmsExportRequest, SwmsListQuery, SwmsStatusChange } from '../../../src/domain/swms';
import { SwmsSubmission } from '../../../src/domain/swms-submission';
import { SwmsSignOnRequest } from '../../../src/domain/swms-signon';
import { drawnSignature } from '../../support/upload-fixtures';
import { TokenRequest } from '../../../src/domain/token';
import { TradesProfileUpdate } from '../../../src/domain/trades';
import { abnFor } from '../../support/company-body';
import type { RouteEntry } from '../route-entries';
import type { Actor, Fixtures } from './fixtures';
import type { KnownValues } from './schema-model';

/**
 * How a route's refusals read. `message`: the API's plain-text sentence. `page`: an HTML page a person
 * reads in the browser (the development sign-in). `protocol`: another standard's machine answer that
 * its own clients read (OpenID Connect by oidc-provider, Azure Blob by Azurite behind the /blob proxy).
 */
export type Answers = 'message' | 'page' | 'protocol';

export interface FuzzRoute extends RouteEntry {
  /** One method, or every method of a catch-all route registered for each. */
  readonly method: string | readonly string[];
  readonly url: string;
  readonly as: Actor;
  /** How many inputs to try. */
  readonly runs: number;
  /** The Schemas the route decodes its body with (a route taking one of two shapes lists both). */
  readonly body?: readonly Schema.Top[];
  /** The Schema the route decodes its query string with. */
  readonly query?: Schema.Top;
  /** Valid values for fields effect's Arbitrary cannot derive, by dotted path. */
  readonly known?: (fixtures: Fixtures) => KnownValues;
  /** Path parameters naming records the actor may reach. */
  readonly params?: (fixtures: Fixtures) => Readonly<Record<string, string>>;
  readonly answers?: Answers;
  /** Answers with an event stream that stays open: only requests refused before it opens are sent. */
  readonly opensStream?: boolean;
}

/** Path parameters that name a record: anything but that record's id must be refused. */
export const idParams: ReadonlySet<string> = new Set(['id', 'companyId', 'siteId', 'swmsId', 'employeeId', 'userRoleId', 'checkInId']);

const phone = fc.stringMatching(/^0[2-9]\d{8}$/);
const email = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/), fc.constantFrom('example.test', 'harbour.build')).map(([local, domain]) => `${local}@${domain}`);
const wholeNumber = (maximum: number) => fc.integer({ min: 1, max: maximum }).map(String);
const calendarDate = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const level = fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) });

const company = (): KnownValues => ({
  // Unbiased: fast-check favours small numbers, whose ABNs would collide as duplicates.
  abn: fc.noBias(fc.integer({ min: 100_000, max: 999_999_999 })).map(abnFor),
  phone,
  email,
  image: fc.constant(null),
});

const site = (): KnownValues => ({ postcode: fc.stringMatching(/^\d{4}$/), supervisor: fc.constant(null), siteSafetyPlan: fc.constant(null) });

const ownCompany = (fixtures: Fixtures) => ({ id: fixtures.companyId });
const ownSite = (fixtures: Fixtures) => ({ id: fixtures.companyId, siteId: fixtures.siteId });
const ownSwms = (fixtures: Fixtures) => ({ companyId: fixtures.companyId, swmsId: fixtures.swmsId });
const gate = (fixtures: Fixtures) => ({ siteId: fixtures.siteId });
const ownTrades = (fixtures: Fixtures) => ({ id: fixtures.tradesUserId });
const siteKey = (fixtures: Fixtures): KnownValues => ({ key: fc.constant(fixtures.siteKey) });

const auditFilters: KnownValues = {
  actor: fc.uuid(),
  targetId: fc.uuid(),
  action: fc.constantFrom('swms.reviewed', 'company.update', 'site.create'),
  from: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
  to: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
  cursor: wholeNumber(1000),
  limit: wholeNumber(200),
};

/** GET dev/mailbox/latest.json reads `to` with this Schema (server/routes/dev-mailbox.ts). */
const MailboxQuery = Schema.Struct({ to: Email });
/** GET site/{siteId} reads `key` raw and refuses anything but the site's key (server/site-visits/service.ts). */
const GateQuery = Schema.Struct({ key: Schema.optionalKey(Schema.String) });

const bodyRuns = 420;
const queryRuns = 220;
const pathRuns = 45;
const protocolRuns = 25;

/**
 * Every registered route, in the order the run sends them (a route that changes a fixture, such as
 * the QR key or the check-in, comes after the routes that need it). A route registered later and
 * missing here fails the coverage test.
 */
export const fuzzRoutes: readonly FuzzRoute[] = [
  { method: 'GET', url: '/api/health', as: 'anonymous', runs: pathRuns },
  { method: 'POST', url: '/api/auth/token', as: 'anonymous', runs: bodyRuns, body: [TokenRequest] },
  { method: 'POST', url: '/api/auth/refresh', as: 'anonymous', runs: pathRuns },
  { method: 'POST', url: '/api/auth/logout', as: 'anonymous', runs: pathRuns },
  { method: 'GET', url: '/api/auth/login/:provider', as: 'anonymous', runs: pathRuns, params: () => ({ provider: 'google' }) },
  { method: ['GET', 'POST'], url: '/api/auth/callback/:provider', as: 'anonymous', runs: pathRuns, params: () => ({ provider: 'google' }) },

  { method: 'GET', url: '/api/profile', as: 'admin', runs: pathRuns },
  { method: 'PUT', url: '/api/profile', as: 'admin', runs: bodyRuns, body: [ProfileUpdate], known: () => ({ contactEmail: email, phone, emergencyContactPhone: phone }) },
  {
    method: 'POST',
    url: '/api/file',
    as: 'admin',
    runs: bodyRuns,
    body: [FileUploadRequest],
    // The types an admin may upload (a logo, a safety plan); a name whose extension does not fit its type is filtered out.
    known: () => ({
      type: fc.constantFrom('companyProfile', 'siteSafetyPlan'),
      filename: fc.tuple(fc.string({ maxLength: 30 }), fc.constantFrom('.png', '.jpg', '.PDF', '.pdf')).map(([name, extension]) => `${name}${extension}`),
    }),
  },

  { method: 'GET', url: '/api/company', as: 'superUser', runs: queryRuns, query: CompanyListQuery, known: () => ({ page: wholeNumber(5), pageSize: wholeNumber(100) }) },
  { method: 'POST', url: '/api/company', as: 'superUser', runs: bodyRuns, body: [CompanyInput], known: company },
  { method: 'GET', url: '/api/company/:id', as: 'admin', runs: pathRuns, params: ownCompany },
  { method: 'PUT', url: '/api/company/:id', as: 'admin', runs: bodyRuns, body: [CompanyInput], known: company, params: ownCompany },
  { method: 'GET', url: '/api/company/:id/employees', as: 'admin', runs: pathRuns, params: ownCompany },
  { method: 'GET', url: '/api/company/:id/employees/invite', as: 'admin', runs: pathRuns, params: ownCompany },
  { method: 'GET', url: '/api/company/:id/employees/:employeeId', as: 'admin', runs: pathRuns, params: (fixtures) => ({ id: fixtures.companyId, employeeId: fixtures.adminUserId }) },

  {
    method: 'POST',
    url: '/api/user/invite',
    as: 'admin',
    runs: bodyRuns,
    body: [InviteInput],
    // An admin invites supervisors and auditors to their own company.
    known: (fixtures) => ({ email, phone, companyId: fc.constant(fixtures.companyId), role: fc.constantFrom('CompanySupervisor', 'CompanyAuditor') }),
  },
  { method: 'POST', url: '/api/user/invite/:userRoleId', as: 'admin', runs: pathRuns, params: (fixtures) => ({ userRoleId: fixtures.invitedRoleId }) },
  { method: 'GET', url: '/api/user/invite/:inviteCode', as: 'newcomer', runs: pathRuns, params: () => ({ inviteCode: 'no-such-invitation' }) },
  { method: 'POST', url: '/api/user/accept', as: 'newcomer', runs: bodyRuns, body: [AcceptInvite] },

  { method: 'GET', url: '/api/site/:siteId', as: 'tradesPerson', runs: queryRuns, query: GateQuery, params: gate, known: siteKey },
  { method: 'POST', url: '/api/site/:siteId/join', as: 'newcomer', runs: bodyRuns, body: [JoinSiteRequest], params: gate, known: siteKey },
  { method: 'POST', url: '/api/site/:siteId/checkin', as: 'tradesPerson', runs: bodyRuns, body: [CheckInRequest], params: gate, known: siteKey },
  {
    method: 'POST',
    url: '/api/site/:siteId/swms',
    as: 'tradesPerson',
    runs: bodyRuns,
    body: [SwmsSubmission],
    params: gate,
    known: () => ({
      submissionId: fc.uuid(),
      riskConsequenceLevel: level,
      riskLikelihoodLevel: level,
      'task.riskPhoto': fc.constant(null),
      'task.controlPhoto': fc.constant(null),
    }),
  },

  { method: 'GET', url: '/api/site/:siteId/swms/:swmsId', as: 'tradesPerson', runs: pathRuns, params: (fixtures) => ({ siteId: fixtures.siteId, swmsId: fixtures.swmsId }) },
  // Before the revisions below, so that revision 1 is still the latest to sign. The fuzz model reads a union as its first
  // member: the drawn signature, given a real PNG.
  {
    method: 'POST',
    url: '/api/site/:siteId/swms/:swmsId/signon',
    as: 'tradesPerson',
    runs: bodyRuns,
    body: [SwmsSignOnRequest],
    params: (fixtures) => ({ siteId: fixtures.siteId, swmsId: fixtures.swmsId }),
    known: () => ({ revision: fc.constant(1), 'signature.image': fc.constant(drawnSignature()) }),
  },
  { method: 'GET', url: '/api/site/:siteId/signons', as: 'tradesPerson', runs: pathRuns, params: gate },
  {
    method: 'POST',
    url: '/api/site/:siteId/swms/:swmsId/revisions',
    as: 'tradesPerson',
    runs: bodyRuns,
    body: [SwmsSubmission],
    params: (fixtures) => ({ siteId: fixtures.siteId, swmsId: fixtures.swmsId }),
    known: () => ({
      submissionId: fc.uuid(),
      riskConsequenceLevel: level,
      riskLikelihoodLevel: level,
      'task.riskPhoto': fc.constant(null),
      'task.controlPhoto': fc.constant(null),
    }),
  },

  { method: 'GET', url: '/api/company/:id/swms', as: 'admin', runs: queryRuns, query: SwmsListQuery, params: ownCompany, known: () => ({ page: wholeNumber(5), pageSize: wholeNumber(100) }) },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId', as: 'admin', runs: pathRuns, params: ownSwms },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/history', as: 'admin', runs: pathRuns, params: ownSwms },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/revisions', as: 'admin', runs: pathRuns, params: ownSwms },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/revisions/:revision', as: 'admin', runs: pathRuns, params: (fixtures) => ({ ...ownSwms(fixtures), revision: '1' }) },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/pdf', as: 'admin', runs: pathRuns, params: ownSwms },
  {
    method: 'POST',
    url: '/api/company/:id/swms/pdf',
    as: 'admin',
    runs: bodyRuns,
    body: [SwmsExportRequest],
    params: ownCompany,
    known: (fixtures) => ({
      swmsIds: fc.oneof(fc.constant([fixtures.swmsId]), fc.array(fc.uuid(), { minLength: 1, maxLength: 3 })),
      // A selection matching no SWMS: a valid body that does not write a PDF of every SWMS on each run.
      matching: fc.constant({ search: 'no SWMS matches this search' }),
      excludedIds: fc.array(fc.uuid(), { maxLength: 3 }),
      timeZone: fc.constantFrom('Australia/Perth', 'UTC', 'Europe/London'),
    }),
  },
  {
    method: 'PUT',
    url: '/api/company/:id/swms',
    as: 'admin',
    runs: bodyRuns,
    body: [SwmsStatusChange],
    params: ownCompany,
    known: (fixtures) => ({
      swmsId: fc.oneof(fc.constant(fixtures.swmsId), fc.uuid()),
      swmsIds: fc.array(fc.oneof(fc.constant(fixtures.swmsId), fc.uuid()), { minLength: 1, maxLength: 3 }),
      excludedIds: fc.array(fc.uuid(), { maxLength: 3 }),
      company: fc.constant(fixtures.companyId),
    }),
  },
  { method: 'GET', url: '/api/company/:companyId/swms/:swmsId/signons', as: 'admin', runs: pathRuns, params: ownSwms },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/signon-gaps', as: 'admin', runs: pathRuns, params: ownSite },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/swms', as: 'admin', runs: queryRuns, query: SiteActivityQuery, params: ownSite, known: () => ({ limit: wholeNumber(50) }) },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/checkins', as: 'admin', runs: queryRuns, query: SiteActivityQuery, params: ownSite, known: () => ({ limit: wholeNumber(50) }) },

  { method: 'GET', url: '/api/profile/trades/:id', as: 'tradesPerson', runs: pathRuns, params: ownTrades },
  {
    method: 'PUT',
    url: '/api/profile/trades/:id',
    as: 'tradesPerson',
    runs: bodyRuns,
    body: [TradesProfileUpdate],
    params: ownTrades,
    known: () => ({
      phone,
      email,
      emergencyContactPhone: phone,
      whitecardPhoto: fc.constant(null),
      licences: fc.array(fc.record({ licenceClass: fc.constantFrom('Dogging (DG)', 'Forklift truck (LF)'), number: fc.stringMatching(/^[A-Z]{2}\d{4,8}$/), expiresOn: calendarDate, photo: fc.constant(null) }), { maxLength: 3 }),
    }),
  },
  { method: 'GET', url: '/api/profile/trades/:id/activity', as: 'tradesPerson', runs: pathRuns, params: ownTrades },
  { method: 'GET', url: '/api/profile/trades/:id/swms/:swmsId', as: 'tradesPerson', runs: pathRuns, params: (fixtures) => ({ id: fixtures.tradesUserId, swmsId: fixtures.swmsId }) },

  {
    method: 'GET',
    url: '/api/company/:id/audit',
    as: 'admin',
    runs: queryRuns,
    query: AuditQuery,
    params: ownCompany,
    known: () => auditFilters,
  },
  { method: 'GET', url: '/api/company/:id/audit/verification', as: 'admin', runs: pathRuns, params: ownCompany },
  { method: 'GET', url: '/api/company/:id/audit.csv', as: 'admin', runs: queryRuns, query: AuditQuery, params: ownCompany, known: () => auditFilters },

  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/qr', as: 'admin', runs: pathRuns, params: ownSite },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/poster.pdf', as: 'admin', runs: pathRuns, params: ownSite },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/onsite', as: 'admin', runs: pathRuns, params: ownSite },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId/evacuation.pdf', as: 'admin', runs: pathRuns, params: ownSite },
  { method: 'POST', url: '/api/site/:siteId/checkout', as: 'tradesPerson', runs: bodyRuns, body: [CheckOutRequest], params: gate, known: siteKey },
  {
    method: 'POST',
    url: '/api/company/:id/projectSites/:siteId/onsite/:checkInId/checkout',
    as: 'admin',
    runs: pathRuns,
    params: (fixtures) => ({ id: fixtures.companyId, siteId: fixtures.siteId, checkInId: fixtures.checkInId }),
  },
  { method: 'POST', url: '/api/company/:id/projectSites/:siteId/qr', as: 'admin', runs: pathRuns, params: ownSite },

  {
    method: 'GET',
    url: '/api/company/:id/projectSites',
    as: 'admin',
    runs: queryRuns,
    query: SiteListQuery,
    params: ownCompany,
    known: () => ({ page: wholeNumber(5), pageSize: wholeNumber(100) }),
  },
  { method: 'POST', url: '/api/company/:id/projectSites', as: 'admin', runs: bodyRuns, body: [ProjectSiteInput], params: ownCompany, known: site },
  { method: 'GET', url: '/api/company/:id/projectSites/:siteId', as: 'admin', runs: pathRuns, params: ownSite },
  {
    method: 'PUT',
    url: '/api/company/:id/projectSites/:siteId',
    as: 'admin',
    runs: bodyRuns,
    body: [ProjectSiteUpdate],
    params: ownSite,
    known: () => ({ ...site(), version: fc.integer({ min: 1, max: 4 }) }),
  },
  {
    method: 'PATCH',
    url: '/api/company/:id/projectSites/:siteId/status',
    as: 'admin',
    runs: bodyRuns,
    body: [SiteStatusInput],
    params: ownSite,
    known: () => ({ version: fc.integer({ min: 1, max: 4 }) }),
  },
  {
    method: 'PATCH',
    url: '/api/company/:id/projectSites',
    as: 'admin',
    runs: bodyRuns,
    body: [BulkStatusInput, BulkStatusMatchingInput],
    params: ownCompany,
    known: (fixtures) => ({
      projectSiteIds: fc.array(fc.oneof(fc.constant(fixtures.siteId), fc.uuid()), { minLength: 1, maxLength: 3 }),
      excludedIds: fc.array(fc.uuid(), { maxLength: 3 }),
    }),
  },
  { method: 'DELETE', url: '/api/company/:id', as: 'superUser', runs: pathRuns, params: (fixtures) => ({ id: fixtures.doomedCompanyId }) },
  { method: 'GET', url: '/api/company/:id/live', as: 'admin', runs: pathRuns, params: ownCompany, opensStream: true },

  { method: 'GET', url: '/dev/mailbox', as: 'anonymous', runs: pathRuns, answers: 'page' },
  { method: 'GET', url: '/dev/mailbox/latest.json', as: 'anonymous', runs: queryRuns, query: MailboxQuery, known: () => ({ to: email }) },
  { method: 'GET', url: '/oidc/dev-sign-in.css', as: 'anonymous', runs: protocolRuns, answers: 'page' },
  { method: 'GET', url: '/oidc/interaction/:uid', as: 'anonymous', runs: protocolRuns, params: () => ({ uid: 'no-such-interaction' }), answers: 'page' },
  { method: 'POST', url: '/oidc/interaction/:uid/login', as: 'anonymous', runs: protocolRuns, params: () => ({ uid: 'no-such-interaction' }), answers: 'page' },
  { method: 'POST', url: '/oidc/interaction/:uid/abort', as: 'anonymous', runs: protocolRuns, params: () => ({ uid: 'no-such-interaction' }), answers: 'page' },
  {
    method: ['GET', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'],
    url: '/oidc/*',
    as: 'anonymous',
    runs: protocolRuns * 2,
    params: () => ({ '*': 'auth' }),
    answers: 'protocol',
  },
  {
    method: ['GET', 'PUT', 'OPTIONS'],
    url: '/blob/devstoreaccount1/portal-files/:fileKey',
    as: 'anonymous',
    runs: protocolRuns,
    params: () => ({ fileKey: 'no-such-file.png' }),
    answers: 'protocol',
  },
  {
    method: ['GET', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'],
    url: '/blob/*',
    as: 'anonymous',
    runs: protocolRuns,
    params: () => ({ '*': 'devstoreaccount1' }),
  },
];
