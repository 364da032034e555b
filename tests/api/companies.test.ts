import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, CompanyList, Employee, EmployeeDetails } from '../../src/domain/company';
import type { InvitedEmployee } from '../../src/domain/invite';
import { isValidAbn } from '../../src/domain/validators';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { createTestApp } from './test-app';
import { abnFor, companyBody as validCompanyBody, nextAbn } from '../support/company-body';
import { pngFile } from '../support/upload-fixtures';
import { call as callApi, type Method } from './calls';

type Role = 'SuperUser' | 'CompanyAdmin' | 'CompanySupervisor' | 'TradesPerson';

let app: FastifyInstance;
/** This file's calls go to its app. */
const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(app, method, url, token, payload);
let close: () => Promise<void>;
let superToken: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  superToken = await tokenWithRole('super@sitesafe.test', 'SuperUser');
});
afterAll(async () => close());

let serial = 0;
const unique = (label: string) => `${label}-${++serial}-${randomUUID().slice(0, 8)}`;

const spaced = (abn: string) => `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;

function companyBody(overrides: Record<string, unknown> = {}) {
  return validCompanyBody({ name: unique('Harbour Build Co'), abn: spaced(nextAbn()), ...overrides });
}

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

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function createCompany(overrides: Record<string, unknown> = {}): Promise<Company> {
  const response = await call('POST', '/api/company', superToken, companyBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Company>();
}

async function companyWithStaff() {
  const company = await createCompany();
  const adminEmail = `${unique('admin')}@example.test`;
  const supervisorEmail = `${unique('supervisor')}@example.test`;
  const adminToken = await tokenWithRole(adminEmail, 'CompanyAdmin', company._id);
  const supervisorToken = await tokenWithRole(supervisorEmail, 'CompanySupervisor', company._id);
  return { company, adminToken, supervisorToken, adminEmail, supervisorEmail };
}

/** A logo as POST file leaves it: a files row of the uploader and a blob in storage. */
async function uploadedLogo(uploaderToken: string, type: 'companyProfile' | 'photo' = 'companyProfile') {
  const fileKey = `${randomUUID()}.png`;
  await app.db
    .insertInto('files')
    .values({ id: randomUUID(), file_key: fileKey, friendly_name: 'logo.png', type, created_by: decodeJwt(uploaderToken).sub ?? null })
    .execute();
  await app.storage.putFile(fileKey, pngFile(), 'image/png');
  return { friendlyName: 'logo.png', fileKey, type };
}

const blobStatus = async (fileKey: string) => (await fetch(app.storage.readUrl(fileKey))).status;

async function auditActions(entityId: string) {
  const rows = await app.db.selectFrom('audit_events').selectAll().where('entity_id', '=', entityId).orderBy('created_at').orderBy('seq').execute();
  return rows;
}

describe('the ABN helper of these tests', () => {
  it('makes ABNs that pass the spec §5 checksum', () => {
    for (const n of [0, 1, 12345, 999_999_999]) expect(isValidAbn(abnFor(n))).toBe(true);
  });
});

describe('POST /api/company', () => {
  it('creates a client, stores the ABN as 11 digits and answers the Company with its _id', async () => {
    const body = companyBody({ abn: '51 824 753 556' });
    const response = await call('POST', '/api/company', superToken, body);
    expect(response.statusCode).toBe(201);
    const company = response.json<Company>();
    expect(company).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: body.name,
      abn: '51824753556',
      buildersRegNumber: 'BR-12345',
      phone: '0291234567',
      email: 'office@harbourbuild.test',
      address: '1 George St, Sydney NSW 2000',
      postalAddress: 'PO Box 1, Sydney NSW 2001',
      userCount: 0,
      createdAt: expect.any(String),
      hasAdmin: false,
    });
    const [event] = await auditActions(company._id);
    expect(event).toMatchObject({ action: 'company.create', entity: 'company', detail: expect.objectContaining({ abn: '51824753556' }) });
  });

  it('refuses a second live company with the same ABN, spaces ignored, and allows it again after a delete', async () => {
    const abn = nextAbn();
    const first = await createCompany({ abn });
    const duplicate = await call('POST', '/api/company', superToken, companyBody({ abn: spaced(abn) }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body).toBe('A company with this ABN already exists');
    expect((await call('DELETE', `/api/company/${first._id}`, superToken)).statusCode).toBe(204);
    expect((await call('POST', '/api/company', superToken, companyBody({ abn }))).statusCode).toBe(201);
  });

  it.each([
    ['name', '', 'Company Name: this field is required'],
    ['name', '   ', 'Company Name: this field is required'],
    ['abn', '', 'ABN: this field is required'],
    ['abn', '51 824 753 557', 'A valid ABN is required'],
    ['abn', '1234567890', 'A valid ABN is required'],
    ['buildersRegNumber', '', 'Builders Registration No.: this field is required'],
    ['phone', '', 'Phone Number: this field is required'],
    ['phone', '1234567', 'A valid Phone Number is required'],
    ['phone', '12345678901', 'A valid Phone Number is required'],
    ['phone', '02-9123-4567', 'A valid Phone Number is required'],
    ['email', '', 'Email: this field is required'],
    ['email', 'office@', 'A valid email is required'],
    ['address', '', 'Address: this field is required'],
    ['postalAddress', '', 'Postal Address: this field is required'],
  ])('answers 400 when %s is %j: %s', async (field, value, message) => {
    const response = await call('POST', '/api/company', superToken, companyBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(message);
  });

  it('answers 400 with the spec message when a field is missing, and for bodies that are not objects', async () => {
    const { postalAddress: _omitted, ...missing } = companyBody();
    const response = await call('POST', '/api/company', superToken, missing);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Postal Address: this field is required');
    for (const payload of ['null', '[]', '"x"', '{not json']) {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/company',
        headers: { ...auth(superToken), 'content-type': 'application/json' },
        payload,
      });
      expect(bad.statusCode, payload).toBe(400);
    }
  });

  it('takes a logo uploaded through POST file and answers it with a read url', async () => {
    const image = await uploadedLogo(superToken);
    const company = await createCompany({ image });
    expect(company.image).toEqual({ ...image, url: expect.stringContaining(image.fileKey) });
    expect(await blobStatus(image.fileKey)).toBe(200);
  });

  it('refuses a logo that was not uploaded as a company profile file: Upload the logo again', async () => {
    const photo = await uploadedLogo(superToken, 'photo');
    const otherUploader = await uploadedLogo(await tokenWithRole(`${unique('other')}@example.test`, null));
    const used = await uploadedLogo(superToken);
    await createCompany({ image: used });
    const cases = [
      { friendlyName: 'logo.png', fileKey: `${randomUUID()}.png`, type: 'companyProfile' },
      { ...photo, type: 'companyProfile' },
      otherUploader,
      used,
      { ...photo },
    ];
    for (const image of cases) {
      const response = await call('POST', '/api/company', superToken, companyBody({ image }));
      expect(response.statusCode, JSON.stringify(image)).toBe(400);
      expect(response.body).toBe('Upload the logo again');
    }
  });
});

describe('access to the client calls', () => {
  it('answers 401 without a token and 403 to anyone but the super user for the list, create and delete', async () => {
    const { company, adminToken, supervisorToken } = await companyWithStaff();
    const unregistered = await tokenWithRole(`${unique('nobody')}@example.test`, null);
    const tradie = await tokenWithRole(`${unique('tradie')}@example.test`, 'TradesPerson');
    expect((await call('GET', '/api/company')).statusCode).toBe(401);
    expect((await call('GET', '/api/company', 'not-a-token')).statusCode).toBe(401);
    for (const token of [adminToken, supervisorToken, unregistered, tradie]) {
      for (const [method, url, body] of [
        ['GET', '/api/company', undefined],
        ['POST', '/api/company', companyBody()],
        ['DELETE', `/api/company/${company._id}`, undefined],
      ] as const) {
        const response = await call(method, url, token, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.body).toBe('You are not authorised to view this page');
      }
    }
    expect((await call('GET', `/api/company/${company._id}`, superToken)).statusCode).toBe(200);
  });

  it('lets a company admin and supervisor read their own company, and only the admin edit it', async () => {
    const { company, adminToken, supervisorToken } = await companyWithStaff();
    const own = await call('GET', `/api/company/${company._id}`, adminToken);
    expect(own.statusCode).toBe(200);
    expect(own.json<Company>()).toMatchObject({ _id: company._id, userCount: 2, hasAdmin: true });
    expect((await call('GET', `/api/company/${company._id}`, supervisorToken)).statusCode).toBe(200);

    const edited = await call('PUT', `/api/company/${company._id}`, adminToken, companyBody({ abn: company.abn, name: 'Renamed By Admin' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Company>().name).toBe('Renamed By Admin');
    const bySupervisor = await call('PUT', `/api/company/${company._id}`, supervisorToken, companyBody({ abn: company.abn }));
    expect(bySupervisor.statusCode).toBe(403);
  });

  it('shows another company nothing: 403 for its id, an unknown id or a malformed one, with no data', async () => {
    const mine = await companyWithStaff();
    const theirs = await createCompany();
    for (const token of [mine.adminToken, mine.supervisorToken]) {
      for (const id of [theirs._id, randomUUID(), 'not-a-uuid']) {
        for (const url of [`/api/company/${id}`, `/api/company/${id}/employees`, `/api/company/${id}/employees/invite`, `/api/company/${id}/employees/${randomUUID()}`]) {
          const response = await call('GET', url, token);
          expect(response.statusCode, url).toBe(403);
          expect(response.body).toBe('You are not authorised to view this page');
          expect(response.body).not.toContain(theirs.name);
        }
        const put = await call('PUT', `/api/company/${id}`, token, companyBody());
        expect(put.statusCode).toBe(403);
      }
    }
    const unchanged = await call('GET', `/api/company/${theirs._id}`, superToken);
    expect(unchanged.json<Company>().name).toBe(theirs.name);
  });

  it('answers 403 to an Unregistered user reading a company', async () => {
    const company = await createCompany();
    const unregistered = await tokenWithRole(`${unique('nobody')}@example.test`, null);
    expect((await call('GET', `/api/company/${company._id}`, unregistered)).statusCode).toBe(403);
    expect((await call('GET', `/api/company/${company._id}/employees`, unregistered)).statusCode).toBe(403);
  });
});

describe('GET /api/company/:id', () => {
  it('answers 404 for an unknown or deleted company and 400 for a malformed id', async () => {
    const unknown = await call('GET', `/api/company/${randomUUID()}`, superToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('This company does not exist');
    const deleted = await createCompany();
    await call('DELETE', `/api/company/${deleted._id}`, superToken);
    expect((await call('GET', `/api/company/${deleted._id}`, superToken)).statusCode).toBe(404);
    const malformed = await call('GET', '/api/company/12345', superToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('Company id: not a valid id');
  });
});

describe('PUT /api/company/:id', () => {
  it('updates the fields, answers the Company without fileDeleteSASToken and records what changed', async () => {
    const company = await createCompany();
    const response = await call('PUT', `/api/company/${company._id}`, superToken, companyBody({ abn: spaced(company.abn), name: 'New Name Pty Ltd', phone: '0400000000' }));
    expect(response.statusCode).toBe(200);
    const updated = response.json<Company & { fileDeleteSASToken?: string }>();
    expect(updated).toMatchObject({ _id: company._id, name: 'New Name Pty Ltd', phone: '0400000000', abn: company.abn });
    expect(updated).not.toHaveProperty('fileDeleteSASToken');
    const events = await auditActions(company._id);
    expect(events.map((event) => event.action)).toEqual(['company.create', 'company.update']);
    expect(events[1]?.detail).toEqual({
      changes: {
        name: { from: company.name, to: 'New Name Pty Ltd' },
        phone: { from: '0291234567', to: '0400000000' },
      },
    });
  });

  it('refuses the ABN of another live company, an unknown company and invalid fields', async () => {
    const a = await createCompany();
    const b = await createCompany();
    const clash = await call('PUT', `/api/company/${b._id}`, superToken, companyBody({ abn: a.abn }));
    expect(clash.statusCode).toBe(409);
    expect(clash.body).toBe('A company with this ABN already exists');
    expect((await call('PUT', `/api/company/${randomUUID()}`, superToken, companyBody())).statusCode).toBe(404);
    const invalid = await call('PUT', `/api/company/${b._id}`, superToken, companyBody({ email: 'nope' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toBe('A valid email is required');
    expect((await call('PUT', '/api/company/xyz', superToken, companyBody())).statusCode).toBe(400);
  });

  it('deletes a replaced logo from blob storage and its files row, keeps it when unchanged and removes it on null', async () => {
    const first = await uploadedLogo(superToken);
    const company = await createCompany({ image: first });
    const kept = await call('PUT', `/api/company/${company._id}`, superToken, companyBody({ abn: company.abn, image: first }));
    expect(kept.json<Company>().image?.fileKey).toBe(first.fileKey);
    const omitted = await call('PUT', `/api/company/${company._id}`, superToken, companyBody({ abn: company.abn }));
    expect(omitted.json<Company>().image?.fileKey).toBe(first.fileKey);
    expect(await blobStatus(first.fileKey)).toBe(200);

    const { adminToken } = { adminToken: await tokenWithRole(`${unique('logo-admin')}@example.test`, 'CompanyAdmin', company._id) };
    const second = await uploadedLogo(adminToken);
    const replaced = await call('PUT', `/api/company/${company._id}`, adminToken, companyBody({ abn: company.abn, image: second }));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<Company>().image).toEqual({ ...second, url: expect.any(String) });
    expect(await blobStatus(first.fileKey)).toBe(404);
    expect(await app.db.selectFrom('files').select('id').where('file_key', '=', first.fileKey).executeTakeFirst()).toBeUndefined();
    const events = await auditActions(company._id);
    expect(events.at(-2)).toMatchObject({ action: 'company.update', detail: { changes: { image: { from: first.fileKey, to: second.fileKey } } } });
    expect(events.at(-1)).toMatchObject({ action: 'file.replaced', detail: { file: 'logo', from: first.fileKey, to: second.fileKey } });

    const removed = await call('PUT', `/api/company/${company._id}`, superToken, companyBody({ abn: company.abn, image: null }));
    expect(removed.json<Company>()).not.toHaveProperty('image');
    expect(await blobStatus(second.fileKey)).toBe(404);
  });

  it('refuses a logo that is not a company profile upload of the caller', async () => {
    const company = await createCompany();
    const photo = await uploadedLogo(superToken, 'photo');
    const response = await call('PUT', `/api/company/${company._id}`, superToken, companyBody({ abn: company.abn, image: { ...photo, type: 'companyProfile' } }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Upload the logo again');
    expect(await blobStatus(photo.fileKey)).toBe(200);
  });
});

describe('DELETE /api/company/:id', () => {
  it('soft-deletes the client: its users lose access at once, roles are revoked, invitations voided, records kept', async () => {
    const { company, adminToken, supervisorToken } = await companyWithStaff();
    const invited = await call('POST', '/api/user/invite', superToken, {
      firstName: 'Ivy',
      surname: 'Invitee',
      email: `${unique('ivy')}@example.test`,
      phone: '0400111222',
      companyId: company._id,
      role: 'CompanySupervisor',
    });
    expect(invited.statusCode).toBe(201);
    expect((await call('GET', `/api/company/${company._id}`, adminToken)).statusCode).toBe(200);

    const response = await app.inject({
      method: 'DELETE',
      url: `/api/company/${company._id}`,
      headers: { ...auth(superToken), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    for (const token of [adminToken, supervisorToken]) {
      const after = await call('GET', `/api/company/${company._id}`, token);
      expect(after.statusCode).toBe(401);
    }
    const row = await app.db.selectFrom('companies').selectAll().where('id', '=', company._id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const roles = await app.db.selectFrom('user_roles').select('status').where('company_id', '=', company._id).execute();
    expect(roles.map((role) => role.status)).toEqual(['revoked', 'revoked', 'revoked']);
    const invites = await app.db
      .selectFrom('invites')
      .innerJoin('user_roles', 'user_roles.id', 'invites.user_role_id')
      .select('invites.voided_at')
      .where('user_roles.company_id', '=', company._id)
      .execute();
    expect(invites.every((invite) => invite.voided_at !== null)).toBe(true);
    const events = await auditActions(company._id);
    expect(events.at(-1)).toMatchObject({ action: 'company.delete', detail: { revokedRoles: 3, voidedInvites: 1 } });

    const list = await call('GET', `/api/company?search=${encodeURIComponent(company.name)}`, superToken);
    expect(list.json<CompanyList>().total).toBe(0);
    expect((await call('DELETE', `/api/company/${company._id}`, superToken)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/company/nope', superToken)).statusCode).toBe(400);
  });
});

describe('GET /api/company (the client list)', () => {
  let prefix: string;
  let made: Company[];

  beforeAll(async () => {
    prefix = unique('Listco').replace(/-/g, '');
    made = [];
    for (const [name, address] of [
      ['Bravo Builders', '12 Queen St, Brisbane QLD 4000'],
      ['alpha Constructions', '3 Collins St, Melbourne VIC 3000'],
      ['Charlie Homes', '99 Hay St, Perth WA 6000'],
      ['Delta 100% Build_Co', '5 King St, Sydney NSW 2000'],
    ] as const) {
      made.push(await createCompany({ name: `${prefix} ${name}`, address: `${prefix} ${address}` }));
    }
    await tokenWithRole(`${unique('listadmin')}@example.test`, 'CompanyAdmin', made[0]?._id ?? null);
  });

  const list = async (query: string) => {
    const response = await call('GET', `/api/company?${query}`, superToken);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CompanyList>();
  };
  const names = (result: CompanyList) => result.items.map((item) => item.name.slice(prefix.length + 1));

  it('sorts Most Recent first by default, A-Z and Z-A case-insensitively', async () => {
    const search = `search=${prefix}`;
    expect(names(await list(search))).toEqual(['Delta 100% Build_Co', 'Charlie Homes', 'alpha Constructions', 'Bravo Builders']);
    expect(names(await list(`${search}&sort=createdAt.date.desc`))).toEqual(['Delta 100% Build_Co', 'Charlie Homes', 'alpha Constructions', 'Bravo Builders']);
    expect(names(await list(`${search}&sort=name.string.asc`))).toEqual(['alpha Constructions', 'Bravo Builders', 'Charlie Homes', 'Delta 100% Build_Co']);
    expect(names(await list(`${search}&sort=name.string.desc`))).toEqual(['Delta 100% Build_Co', 'Charlie Homes', 'Bravo Builders', 'alpha Constructions']);
  });

  it('searches name, address and ABN (spaces ignored), case-insensitively, with % and _ taken literally', async () => {
    expect(names(await list(`search=${prefix.toUpperCase()}%20ALPHA`))).toEqual(['alpha Constructions']);
    expect(names(await list(`search=${encodeURIComponent(`${prefix} 99 hay st`)}`))).toEqual(['Charlie Homes']);
    const charlie = made[2] as Company;
    expect((await list(`search=${encodeURIComponent(spaced(charlie.abn))}`)).items.map((item) => item._id)).toEqual([charlie._id]);
    expect(names(await list(`search=${encodeURIComponent(`${prefix} Delta 100%`)}`))).toEqual(['Delta 100% Build_Co']);
    expect((await list(`search=${encodeURIComponent(`${prefix}%`)}`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent(`${prefix}_Build`)}`)).total).toBe(0);
    expect((await list(`search=${prefix}-nothing-here`)).items).toEqual([]);
  });

  it('pages in the database and reports the total', async () => {
    const first = await list(`search=${prefix}&sort=name.string.asc&page=1&pageSize=3`);
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(names(first)).toEqual(['alpha Constructions', 'Bravo Builders', 'Charlie Homes']);
    const second = await list(`search=${prefix}&sort=name.string.asc&page=2&pageSize=3`);
    expect(names(second)).toEqual(['Delta 100% Build_Co']);
    expect((await list(`search=${prefix}&page=9&pageSize=3`)).items).toEqual([]);
    const all = await list('pageSize=100');
    expect(all.pageSize).toBe(100);
    expect(all.items.length).toBeLessThanOrEqual(100);
    expect((await list('')).pageSize).toBe(20);
  });

  it('walks every order by cursor, forward and back, as page numbers read it; the unfiltered total stays exact through create and delete', async () => {
    for (const sort of ['createdAt.date.desc', 'createdAt.date.asc', 'name.string.asc', 'name.string.desc']) {
      const byNumber: string[] = [];
      for (let page = 1; ; page++) {
        const one = await list(`search=${prefix}&sort=${sort}&pageSize=1&page=${page}`);
        if (one.items.length === 0) break;
        byNumber.push(...one.items.map((item) => item._id));
      }
      const pages = [await list(`search=${prefix}&sort=${sort}&pageSize=1`)];
      while (pages.at(-1)!.nextCursor !== null) pages.push(await list(`search=${prefix}&sort=${sort}&pageSize=1&page=${pages.length + 1}&after=${pages.at(-1)!.nextCursor}`));
      expect(pages.flatMap((page) => page.items.map((item) => item._id)), sort).toEqual(byNumber);
      const back = await list(`search=${prefix}&sort=${sort}&pageSize=1&page=${pages.length - 1}&before=${pages.at(-1)!.previousCursor}`);
      expect(back.items.map((item) => item._id), sort).toEqual(pages.at(-2)!.items.map((item) => item._id));
    }
    const live = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM companies WHERE deleted_at IS NULL`.execute(app.db)).rows[0]?.n);
    expect((await list('')).total).toBe(await live());
    const extra = await createCompany({ name: `${prefix} Echo`, address: `${prefix} 1 Echo St, Sydney NSW 2000` });
    expect((await list('')).total).toBe(await live());
    expect((await call('DELETE', `/api/company/${extra._id}`, superToken)).statusCode).toBeLessThan(300);
    expect((await list('')).total).toBe(await live());
  });

  it('counts active users and tells whether an admin has joined', async () => {
    const result = await list(`search=${prefix}&sort=name.string.asc`);
    const bravo = result.items.find((item) => item._id === made[0]?._id);
    expect(bravo).toMatchObject({ userCount: 1, hasAdmin: true });
    expect(result.items.find((item) => item._id === made[1]?._id)).toMatchObject({ userCount: 0, hasAdmin: false });
  });

  it.each([
    ['pageSize=101', 'The page size must be a whole number from 1 to 100'],
    ['pageSize=0', 'The page size must be a whole number from 1 to 100'],
    ['page=0', 'The page must be a whole number from 1'],
    ['page=abc', 'The page must be a whole number from 1'],
    ['page=1.5', 'The page must be a whole number from 1'],
    ['sort=name.asc', 'Choose one of the offered sort orders'],
    ['sort=abn.string.asc', 'Choose one of the offered sort orders'],
    ['search=a&search=b', 'Search with a single text value'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await call('GET', `/api/company?${query}`, superToken);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(message);
  });
});

describe('GET /api/company: the rows PostgreSQL writes', () => {
  it('writes each row as the company itself is answered: logos, counts, admins and awkward text', async () => {
    // The list's rows are JSON that PostgreSQL writes with the logo added by the portal (companyListItem); GET one
    // company writes the same company in TypeScript (companyView). Every case must come out the same from both.
    const prefix = unique('Rowco').replace(/-/g, '');
    const image = await uploadedLogo(superToken);
    const logo = await createCompany({ name: `${prefix} "Quay" \\ Builders\tCo`, address: `${prefix} Café Ünïcode 🚧 李 \u2028 St`, image });
    const staffed = await createCompany({ name: `${prefix} <b>Staffed</b> & Co` });
    await createCompany({ name: `${prefix} Empty` });
    await tokenWithRole(`${unique('rowadmin')}@example.test`, 'CompanyAdmin', staffed._id);
    await tokenWithRole(`${unique('rowsup')}@example.test`, 'CompanySupervisor', staffed._id);
    await tokenWithRole(`${unique('rowsup2')}@example.test`, 'CompanySupervisor', staffed._id);
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('company_id', '=', staffed._id).where('role', '=', 'CompanyAdmin').execute();
    const withoutSignature = (company: Company) => ({ ...company, image: company.image && { ...company.image, url: company.image.url.split('?')[0] } });
    const expectListedAsRead = async () => {
      for (const query of [`search=${prefix}`, `search=${prefix}&sort=name.string.asc`]) {
        const response = await call('GET', `/api/company?${query}`, superToken);
        expect(response.statusCode, response.body).toBe(200);
        const listed = response.json<CompanyList>();
        // Written as JSON.stringify writes it.
        expect(response.body).toBe(JSON.stringify(listed));
        expect(listed.items).toHaveLength(3);
        for (const item of listed.items) {
          const one = await call('GET', `/api/company/${item._id}`, superToken);
          expect(one.statusCode).toBe(200);
          expect(withoutSignature(item)).toStrictEqual(withoutSignature(one.json<Company>()));
        }
      }
      return new Map((await call('GET', `/api/company?search=${prefix}`, superToken)).json<CompanyList>().items.map((item) => [item._id, item]));
    };
    const byId = await expectListedAsRead();
    expect(byId.get(logo._id)?.image?.url).toContain(image.fileKey);
    expect(byId.get(staffed._id)).toMatchObject({ userCount: 2, hasAdmin: false });

    // Migration 038 writes a client's own fields with its row: an edit and a time reach the list; the count and the
    // admin flag, read with the page, follow the roles.
    const edited = await call('PUT', `/api/company/${staffed._id}`, superToken, companyBody({
      abn: staffed.abn,
      name: `${prefix} Renamed "Co"`,
      phone: '0400000000',
      postalAddress: 'PO Box 7\tSydney',
    }));
    expect(edited.statusCode, edited.body).toBe(200);
    await sql`UPDATE companies SET created_at = '2026-03-04 05:06:07.891999+00' WHERE id = ${logo._id}`.execute(app.db);
    await app.db.updateTable('user_roles').set({ status: 'active' }).where('company_id', '=', staffed._id).where('role', '=', 'CompanyAdmin').execute();
    const after = await expectListedAsRead();
    expect(after.get(staffed._id)).toMatchObject({ name: `${prefix} Renamed "Co"`, phone: '0400000000', postalAddress: 'PO Box 7\tSydney', userCount: 3, hasAdmin: true });
    expect(after.get(logo._id)).toMatchObject({ createdAt: '2026-03-04T05:06:07.891Z' });
  });
});

describe('employees of a company', () => {
  it('lists the active admin and supervisors with their projects, for the super user and the company admin only', async () => {
    const { company, adminToken, supervisorToken, adminEmail, supervisorEmail } = await companyWithStaff();
    const supervisorRole = await app.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['user_roles.id', 'users.id as userId'])
      .where('users.email', '=', supervisorEmail)
      .executeTakeFirstOrThrow();
    await app.db.updateTable('users').set({ first_name: 'Sam', surname: 'Supervisor', phone: '0400999888' }).where('id', '=', supervisorRole.userId).execute();
    for (const siteNumber of ['J-1', 'J-2']) {
      await app.db
        .insertInto('project_sites')
        .values({ id: randomUUID(), company_id: company._id, address: '1 Site St', suburb: 'Parramatta', postcode: '2150', site_number: siteNumber, client_name: 'Client', supervisor_role_id: supervisorRole.id })
        .execute();
    }
    const revoked = await findOrCreateUserByEmail(app.db, `${unique('gone')}@example.test`);
    await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: revoked.id, company_id: company._id, role: 'CompanySupervisor', status: 'revoked' }).execute();

    // Spec §2: 'Employees ... company admin only': a supervisor of the same company is refused.
    expect((await call('GET', `/api/company/${company._id}/employees`, supervisorToken)).statusCode).toBe(403);
    for (const token of [superToken, adminToken]) {
      const response = await call('GET', `/api/company/${company._id}/employees`, token);
      expect(response.statusCode).toBe(200);
      const employees = response.json<Employee[]>();
      expect(employees.map((employee) => [employee.userRole.role, employee.contactEmail])).toEqual([
        ['CompanyAdmin', adminEmail],
        ['CompanySupervisor', supervisorEmail],
      ]);
      expect(employees[1]).toEqual({
        _id: supervisorRole.userId,
        firstName: 'Sam',
        surname: 'Supervisor',
        fullName: 'Sam Supervisor',
        contactEmail: supervisorEmail,
        phone: '0400999888',
        emergencyContactName: '',
        emergencyContactPhone: '',
        userRole: { _id: supervisorRole.id, user: supervisorRole.userId, role: 'CompanySupervisor' },
        projectCount: 2,
      });
      expect(employees[0]?.projectCount).toBe(0);
    }

    const detail = await call('GET', `/api/company/${company._id}/employees/${supervisorRole.id}`, adminToken);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<EmployeeDetails>()).toMatchObject({
      fullName: 'Sam Supervisor',
      userRole: { _id: supervisorRole.id, role: 'CompanySupervisor' },
      companyDetails: { _id: company._id, name: company.name, image: null },
    });
  });

  it('answers 404 for an employee of another company or an unknown one, 400 for a malformed id', async () => {
    const mine = await companyWithStaff();
    const theirs = await companyWithStaff();
    const theirRole = await app.db
      .selectFrom('user_roles')
      .select('id')
      .where('company_id', '=', theirs.company._id)
      .executeTakeFirstOrThrow();
    const other = await call('GET', `/api/company/${mine.company._id}/employees/${theirRole.id}`, superToken);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe('This employee does not exist');
    expect((await call('GET', `/api/company/${mine.company._id}/employees/${randomUUID()}`, mine.adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/company/${mine.company._id}/employees/123`, mine.adminToken)).statusCode).toBe(400);
    expect((await call('GET', `/api/company/${randomUUID()}/employees`, superToken)).statusCode).toBe(404);
  });

  it('lists invited employees with username, email, role and dates, without accepted ones', async () => {
    const { company, adminToken } = await companyWithStaff();
    const email = `${unique('Invited.Person')}@Example.test`;
    const invite = await call('POST', '/api/user/invite', superToken, {
      firstName: 'Ina',
      surname: 'Vited',
      email,
      phone: '0400111222',
      companyId: company._id,
      role: 'CompanySupervisor',
    });
    expect(invite.statusCode).toBe(201);
    const response = await call('GET', `/api/company/${company._id}/employees/invite`, adminToken);
    expect(response.statusCode).toBe(200);
    const invited = response.json<InvitedEmployee[]>();
    expect(invited).toEqual([
      {
        userRole: { _id: invite.json<{ userRole: { _id: string } }>().userRole._id },
        firstName: 'Ina',
        surname: 'Vited',
        username: email,
        email,
        role: 'CompanySupervisor',
        invitedAt: expect.any(String),
        expiresAt: expect.any(String),
        emailStatus: expect.stringMatching(/^(sending|sent)$/),
      },
    ]);
    const lifetime = Date.parse(invited[0]?.expiresAt ?? '') - Date.parse(invited[0]?.invitedAt ?? '');
    expect(Math.round(lifetime / 86_400_000)).toBe(7);
  });
});
