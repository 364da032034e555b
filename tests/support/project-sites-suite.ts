import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ProjectSite } from '../../src/domain/project-site';
import type { StoredRole } from '../../server/db/tables';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { call as callApi, type Method } from '../api/calls';
import { createTestApp } from '../api/test-app';

export interface Person {
  readonly token: string;
  readonly userId: string;
  readonly roleId: string;
}

export interface PersonDetails {
  readonly firstName?: string;
  readonly surname?: string;
  readonly phone?: string;
  readonly status?: 'active' | 'invited' | 'revoked';
}

export interface Staff {
  readonly companyId: string;
  readonly admin: Person;
  readonly secondAdmin: Person;
  readonly supervisor: Person;
  readonly phonelessSupervisor: Person;
}

/** What every project site test starts from: a listening app, two companies with staff, and a super user. */
export interface ProjectSitesWorld {
  readonly app: FastifyInstance;
  readonly home: Staff;
  readonly other: Staff;
  readonly superUser: Person;
}

export const sitesUrl = (companyId: string) => `/api/company/${companyId}/projectSites`;
export const siteUrl = (companyId: string, siteId: string) => `${sitesUrl(companyId)}/${siteId}`;

export const denied = { statusCode: 403, body: 'You are not authorised to view this page' };

let serial = 0;
const unique = (label: string) => `${label}-${++serial}-${randomUUID().slice(0, 8)}`;

export function siteBody(overrides: Record<string, unknown> = {}) {
  return {
    address: '12 Smith St',
    suburb: 'Parramatta',
    postcode: '2150',
    siteNumber: `J-${++serial}`,
    clientName: 'Westfield Group',
    ...overrides,
  };
}

/**
 * The world of a project site test file, built once before its tests and closed after them, and the helpers that act
 * on it. Call it at the top of the file: it registers the file's beforeAll and afterAll.
 */
export function projectSitesSuite() {
  let current: ProjectSitesWorld | undefined;
  let close: (() => Promise<void>) | undefined;
  const world = (): ProjectSitesWorld => {
    if (!current) throw new Error('The project sites world is built in beforeAll: read it from a hook or a test');
    return current;
  };
  const db = () => world().app.db;

  const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(world().app, method, url, token, payload);

  async function insertCompany(app: FastifyInstance, phone = '0291234567'): Promise<string> {
    const id = randomUUID();
    await app.db
      .insertInto('companies')
      .values({
        id,
        name: unique('Harbour Build Co'),
        abn: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
        builders_reg_number: 'BR-12345',
        phone,
        email: 'office@harbourbuild.test',
        address: '1 George St, Sydney NSW 2000',
        postal_address: 'PO Box 1, Sydney NSW 2001',
      })
      .execute();
    return id;
  }

  async function personOn(app: FastifyInstance, role: StoredRole | null, companyId: string | null, details: PersonDetails = {}): Promise<Person> {
    const email = `${unique(role ?? 'nobody')}@example.test`;
    const user = await findOrCreateUserByEmail(app.db, email);
    await app.db
      .updateTable('users')
      .set({ first_name: details.firstName ?? '', surname: details.surname ?? '', phone: details.phone ?? '' })
      .where('id', '=', user.id)
      .execute();
    const roleId = randomUUID();
    if (role) {
      await app.db
        .insertInto('user_roles')
        .values({ id: roleId, user_id: user.id, company_id: companyId, role, status: details.status ?? 'active', accepted_at: new Date() })
        .execute();
    }
    return { token: await app.auth.tokenForEmail(email), userId: user.id, roleId };
  }

  async function companyWithStaffOn(app: FastifyInstance, phone?: string): Promise<Staff> {
    const companyId = await insertCompany(app, phone);
    const admin = await personOn(app, 'CompanyAdmin', companyId, { firstName: 'Alice', surname: 'Admin', phone: '0400000001' });
    const secondAdmin = await personOn(app, 'CompanyAdmin', companyId, { firstName: 'Adam', surname: 'Second' });
    const supervisor = await personOn(app, 'CompanySupervisor', companyId, { firstName: 'Sam', surname: 'Supervisor', phone: '0411111111' });
    const phonelessSupervisor = await personOn(app, 'CompanySupervisor', companyId, { firstName: 'Pat', surname: 'Nophone' });
    return { companyId, admin, secondAdmin, supervisor, phonelessSupervisor };
  }

  beforeAll(async () => {
    const built = await createTestApp({}, { listen: true });
    close = built.close;
    const app = built.app;
    current = { app, home: await companyWithStaffOn(app, '0298765432'), other: await companyWithStaffOn(app), superUser: await personOn(app, 'SuperUser', null) };
  });
  afterAll(async () => close?.());

  async function createSite(staff: Staff = world().home, overrides: Record<string, unknown> = {}): Promise<ProjectSite> {
    const response = await call('POST', sitesUrl(staff.companyId), staff.admin.token, siteBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ProjectSite>();
  }

  /** A PDF as POST file leaves it: a files row of the uploader and a blob in storage. */
  async function uploadedPlan(uploader: Person, type: 'siteSafetyPlan' | 'photo' = 'siteSafetyPlan') {
    const fileKey = `${randomUUID()}.pdf`;
    await db()
      .insertInto('files')
      .values({ id: randomUUID(), file_key: fileKey, friendly_name: 'plan.pdf', type, created_by: decodeJwt(uploader.token).sub ?? null })
      .execute();
    await world().app.storage.putFile(fileKey, new TextEncoder().encode('%PDF-1.4'), 'application/pdf');
    return { friendlyName: 'plan.pdf', fileKey, type };
  }

  return {
    world,
    call,
    person: (role: StoredRole | null, companyId: string | null, details?: PersonDetails) => personOn(world().app, role, companyId, details),
    companyWithStaff: (phone?: string) => companyWithStaffOn(world().app, phone),
    createSite,
    uploadedPlan,
    blobStatus: async (fileKey: string) => (await fetch(world().app.storage.readUrl(fileKey))).status,
    siteEvents: (siteId: string) =>
      db().selectFrom('audit_events').selectAll().where('entity', '=', 'project_site').where('entity_id', '=', siteId).orderBy('created_at').orderBy('seq').execute(),
    storedSite: (siteId: string) => db().selectFrom('project_sites').selectAll().where('id', '=', siteId).executeTakeFirstOrThrow(),
  };
}
