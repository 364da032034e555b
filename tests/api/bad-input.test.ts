import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/domain/company';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { createTestApp, tokenWithCompanyRole } from './test-app';
import { call as callApi, type Method } from './calls';

/**
 * Issue 12 §6 and issue 13 §2 over the real app: text holding U+0000, a lone surrogate or 200,000
 * characters is refused with a 400 naming the field, and nothing is stored; the requests Fastify and
 * Node refuse themselves answer a plain-text message a person can act on, never Fastify's JSON.
 */
let app: FastifyInstance;
/** This file's calls go to its app. */
const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(app, method, url, token, payload);
let baseUrl: string;
let close: () => Promise<void>;
let superToken: string;
let adminToken: string;
let company: Company;

beforeAll(async () => {
  const started = await createTestApp({}, { listen: true });
  ({ app, close } = started);
  baseUrl = started.baseUrl ?? '';
  const superUser = await findOrCreateUserByEmail(app.db, 'super.bad-input@example.test');
  await app.db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: superUser.id, company_id: null, role: 'SuperUser', status: 'active', accepted_at: new Date() })
    .execute();
  superToken = await app.auth.tokenForEmail('super.bad-input@example.test');
  const created = await call('POST', '/api/company', superToken, companyBody());
  expect(created.statusCode, created.body).toBe(201);
  company = created.json<Company>();
  adminToken = await tokenWithCompanyRole(app, 'admin.bad-input@example.test', company._id, 'CompanyAdmin');
}, 120_000);
afterAll(async () => close());

const notAllowed = 'contains a character that is not allowed';
const spoilers: [name: string, spoil: (value: string) => string, expected: (maxLength: number) => string][] = [
  ['U+0000', (value) => `${value.slice(0, 3)}\u0000${value.slice(3)}`, () => notAllowed],
  ['a lone surrogate U+D800', (value) => `${value}\uD800`, () => notAllowed],
  ['200,000 characters', () => 'x'.repeat(200_000), (maxLength) => `must be at most ${maxLength} characters`],
];

const counts = async () => ({
  companies: Number((await app.db.selectFrom('companies').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  sites: Number((await app.db.selectFrom('project_sites').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  roles: Number((await app.db.selectFrom('user_roles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  invites: Number((await app.db.selectFrom('invites').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  files: Number((await app.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

const storedCompany = () =>
  app.db.selectFrom('companies').select(['name', 'address']).where('id', '=', company._id).executeTakeFirstOrThrow();
const storedAdmin = () =>
  app.db.selectFrom('users').select(['first_name', 'emergency_contact_name']).where('email', '=', 'admin.bad-input@example.test').executeTakeFirstOrThrow();

const profileBody = (overrides: Record<string, string> = {}) => ({
  firstName: 'Ada',
  surname: 'Admin',
  contactEmail: 'ada@example.test',
  phone: '0412345678',
  emergencyContactName: 'Eve Admin',
  emergencyContactPhone: '0498765432',
  ...overrides,
});

interface Route {
  readonly name: string;
  readonly method: 'POST' | 'PUT';
  readonly url: () => string;
  readonly token: () => string;
  readonly body: (field: string, value: string) => Record<string, unknown>;
  /** The field, its name in the 400 and its longest length. */
  readonly fields: readonly [field: string, label: string, maxLength: number][];
}

const routes: Route[] = [
  {
    name: 'company create',
    method: 'POST',
    url: () => '/api/company',
    token: () => superToken,
    body: (field, value) => companyBody({ [field]: value }),
    fields: [['name', 'Company Name', 200], ['address', 'Address', 500], ['email', 'Email', 254]],
  },
  {
    name: 'company edit',
    method: 'PUT',
    url: () => `/api/company/${company._id}`,
    token: () => adminToken,
    body: (field, value) => ({ ...companyBody({ name: company.name, abn: company.abn, address: company.address }), [field]: value }),
    fields: [['name', 'Company Name', 200], ['address', 'Address', 500]],
  },
  {
    name: 'site create',
    method: 'POST',
    url: () => `/api/company/${company._id}/projectSites`,
    token: () => adminToken,
    body: (field, value) => ({ address: '12 Smith St', suburb: 'Parramatta', postcode: '2150', siteNumber: 'J-1', clientName: 'Westfield', [field]: value }),
    fields: [['clientName', 'Client', 500], ['otherPpe', 'Other PPE', 500]],
  },
  {
    name: 'invite',
    method: 'POST',
    url: () => '/api/user/invite',
    token: () => superToken,
    body: (field, value) => ({
      firstName: 'Ivy',
      surname: 'Invitee',
      email: `ivy.${randomUUID().slice(0, 8)}@example.test`,
      phone: '0412345678',
      companyId: company._id,
      role: 'CompanyAdmin',
      [field]: value,
    }),
    fields: [['firstName', 'First Name', 200], ['email', 'Email', 254]],
  },
  {
    name: 'profile',
    method: 'PUT',
    url: () => '/api/profile',
    token: () => adminToken,
    body: (field, value) => profileBody({ [field]: value }),
    fields: [['firstName', 'First Name', 200], ['emergencyContactName', 'Emergency Contact Name', 200]],
  },
  {
    name: 'file',
    method: 'POST',
    url: () => '/api/file',
    token: () => adminToken,
    body: (field, value) => ({ type: 'photo', filename: 'site photo.png', [field]: value }),
    fields: [['filename', 'File name', 255]],
  },
];

/** A value each field accepts, spoiled by each case in turn. */
const validValues: Record<string, string> = {
  name: 'Harbour Build Co',
  address: '1 George St, Sydney',
  email: 'someone@example.test',
  clientName: 'Westfield',
  otherPpe: 'Ear muffs',
  firstName: 'Ivy',
  emergencyContactName: 'Eve Admin',
  filename: 'site photo.png',
};

describe.each(routes)('$name refuses text the rule does not allow', (route) => {
  const cases = route.fields.flatMap(([field, label, maxLength]) =>
    spoilers.map(([spoiler, spoil, expected]) => [`${field} with ${spoiler}`, field, spoil, `${label}: ${expected(maxLength)}`] as const),
  );

  it.each(cases)('answers 400 naming the field for %s, and stores nothing', async (_case, field, spoil, message) => {
    const before = { counts: await counts(), company: await storedCompany(), admin: await storedAdmin() };
    const response = await app.inject({
      method: route.method,
      url: route.url(),
      headers: { authorization: `Bearer ${route.token()}`, 'content-type': 'application/json' },
      payload: JSON.stringify(route.body(field, spoil(validValues[field] ?? ''))),
    });
    expect({ status: response.statusCode, body: response.body }).toEqual({ status: 400, body: message });
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect({ counts: await counts(), company: await storedCompany(), admin: await storedAdmin() }).toEqual(before);
  });
});

describe('text the rule allows', () => {
  it('is stored trimmed, with its accents and emoji intact', async () => {
    const name = `  Zoë & José’s Ngāti Build 👷‍♀️ ${randomUUID().slice(0, 6)}  `;
    const response = await call('POST', '/api/company', superToken, companyBody({ name }));
    expect(response.statusCode, response.body).toBe(201);
    const stored = await app.db.selectFrom('companies').select('name').where('id', '=', response.json<Company>()._id).executeTakeFirstOrThrow();
    expect(stored.name).toBe(name.trim());
    const profile = await call('PUT', '/api/profile', adminToken, profileBody({ firstName: '\t Åsa 😀 ' }));
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await storedAdmin()).first_name).toBe('Åsa 😀');
  });
});

describe("Fastify's and Node's own refusals", () => {
  const plain = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type')?.split(';')[0],
    body: await response.text(),
  });
  const json = (body: string) => ({ method: 'PUT', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body });

  it.each([
    ['a URL that does not decode', () => fetch(`${baseUrl}/api/company/%E0%A4%A`), 400, 'This web address is not valid: check the link and try again'],
    ['a path parameter over the length limit', () => fetch(`${baseUrl}/api/company/${'a'.repeat(500)}`), 414, 'A part of this web address is too long: check the link and try again'],
    ['a body that is not JSON', () => fetch(`${baseUrl}/api/profile`, json('{"firstName": "Ada"')), 400, 'The request body is not valid JSON'],
    ['a JSON body naming __proto__', () => fetch(`${baseUrl}/api/profile`, json('{"__proto__": {"admin": true}}')), 400, 'The request body is not valid JSON'],
    ['an empty JSON body', () => fetch(`${baseUrl}/api/profile`, json('')), 400, 'The request body is empty: send a JSON object'],
    [
      'a content type the API does not read',
      () => fetch(`${baseUrl}/api/profile`, { method: 'PUT', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/xml' }, body: '<profile/>' }),
      415,
      "This content type is not accepted: send the request body as JSON with 'Content-Type: application/json'",
    ],
    [
      'a content type that is not a media type',
      () => fetch(`${baseUrl}/api/profile`, { method: 'PUT', headers: { authorization: `Bearer ${adminToken}`, 'content-type': '/;;' }, body: '{}' }),
      415,
      "This content type is not accepted: send the request body as JSON with 'Content-Type: application/json'",
    ],
    ['a body over 1 MB', () => fetch(`${baseUrl}/api/profile`, json(JSON.stringify({ firstName: 'x'.repeat(2_000_000) }))), 413, 'The request body is too large: send at most 1 MB'],
    ['headers over the size limit', () => fetch(`${baseUrl}/api/health`, { headers: { 'x-padding': 'a'.repeat(20_000) } }), 431, "The request's headers are too large: clear this site's cookies and try again"],
    ['a body that is JSON but not an object', () => fetch(`${baseUrl}/api/profile`, json('[1, 2]')), 400, 'The request body must be a JSON object'],
  ] as const)('answers %s in plain text', async (_case, send, status, body) => {
    expect(await plain(await send())).toEqual({ status, type: 'text/plain', body });
  });

  it('answers a request that is not HTTP at all in plain text', async () => {
    const url = new URL(baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write('HELLO THERE\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('content-type: text/plain');
    expect(body).toBe('The request could not be read: send it again as a well-formed HTTP request');
  });
});
