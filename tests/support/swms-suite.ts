import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Swms, SwmsList, type SwmsListItem } from '../../src/domain/swms';
import { seedDemo } from '../../server/seed/demo';
import { call as callApi, type Method } from '../api/calls';
import { createTestApp, signedInAccount, type SignedInAccount } from '../api/test-app';

export type Account = SignedInAccount;

/** The demo data's accounts and SWMS every SWMS test reads. */
export interface SwmsWorld {
  readonly app: FastifyInstance;
  readonly harbourAdmin: Account;
  readonly harbourSupervisor: Account;
  readonly harbourSupervisor2: Account;
  readonly ridgelineAdmin: Account;
  readonly ridgelineSupervisor: Account;
  readonly superUser: Account;
  readonly tradie: Account;
  readonly stranger: Account;
  readonly harbourSwms: string[];
  readonly ridgelineSwms: string[];
}

export const deniedPage = { statusCode: 403, body: 'You are not authorised to view this page' };
export const deniedSwms = { statusCode: 403, body: 'You are not authorised to view this SWMS' };

export const listUrl = (companyId: string, query = '') => `/api/company/${companyId}/swms${query ? `?${query}` : ''}`;
export const swmsUrl = (companyId: string, swmsId: string) => `/api/company/${companyId}/swms/${swmsId}`;

export function decoded<A>(result: { ok: true; value: A } | { ok: false; issues: readonly { path: string; message: string }[] }): A {
  if (!result.ok) throw new Error(`response does not match its schema: ${JSON.stringify(result.issues)}`);
  return result.value;
}

export const jobDigits = (siteNumber: string) => {
  const digits = siteNumber.replace(/\D/g, '');
  return digits === '' ? null : BigInt(digits);
};

/**
 * The world of a SWMS test file: a listening app with the demo data, built once before its tests and closed after
 * them, and the helpers that act on it. Call it at the top of the file: it registers the file's beforeAll and afterAll.
 */
export function swmsSuite() {
  let current: SwmsWorld | undefined;
  let close: (() => Promise<void>) | undefined;
  const world = (): SwmsWorld => {
    if (!current) throw new Error('The SWMS world is built in beforeAll: read it from a hook or a test');
    return current;
  };
  const db = () => world().app.db;
  const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(world().app, method, url, token, payload);
  const account = (email: string) => signedInAccount(world().app, email);

  beforeAll(async () => {
    const built = await createTestApp({}, { listen: true });
    close = built.close;
    const { app } = built;
    await seedDemo(app.db, app.storage);
    const accountOf = (email: string) => signedInAccount(app, email);
    const swmsIdsOf = async (companyId: string) =>
      (await app.db.selectFrom('swms').select('id').where('company_id', '=', companyId).orderBy('id').execute()).map((row) => row.id);
    const harbourAdmin = await accountOf('admin@harbourbuild.demo');
    const ridgelineAdmin = await accountOf('admin@ridgeline.demo');
    current = {
      app,
      harbourAdmin,
      harbourSupervisor: await accountOf('supervisor@harbourbuild.demo'),
      harbourSupervisor2: await accountOf('supervisor2@harbourbuild.demo'),
      ridgelineAdmin,
      ridgelineSupervisor: await accountOf('supervisor@ridgeline.demo'),
      superUser: await accountOf('super@sitesafe.demo'),
      tradie: await accountOf('tradie1@trades.demo'),
      stranger: await accountOf('nobody@example.test'),
      harbourSwms: await swmsIdsOf(harbourAdmin.companyId),
      ridgelineSwms: await swmsIdsOf(ridgelineAdmin.companyId),
    };
  }, 120_000);
  afterAll(async () => close?.());

  async function list(viewer: Account, query = ''): Promise<SwmsList> {
    const response = await call('GET', listUrl(viewer.companyId, query), viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(SwmsList, response.json()));
  }

  /** Every row the list answers for `query`, page by page. */
  async function everyRow(viewer: Account, query: string): Promise<SwmsListItem[]> {
    const rows: SwmsListItem[] = [];
    for (let page = 1; ; page++) {
      const result = await list(viewer, `${query}&pageSize=100&page=${page}`);
      rows.push(...result.items);
      if (rows.length >= result.total || result.items.length === 0) return rows;
    }
  }

  async function readOne(viewer: Account, swmsId: string): Promise<Swms> {
    const response = await call('GET', swmsUrl(viewer.companyId, swmsId), viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(Swms, response.json()));
  }

  const change = async (viewer: Account, body: unknown) => call('PUT', listUrl(viewer.companyId), viewer.token, body);

  const stored = async (swmsId: string) => db().selectFrom('swms').selectAll().where('id', '=', swmsId).executeTakeFirstOrThrow();

  async function storedFlags(ids: readonly string[]) {
    const rows = await db()
      .selectFrom('swms')
      .select(['id', 'company_admin_reviewed_at', 'company_admin_reviewed_by', 'supervisor_reviewed_at', 'supervisor_reviewed_by'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows;
  }

  async function setFlags(ids: readonly string[], flags: { admin: string | null; supervisor: string | null }) {
    await db()
      .updateTable('swms')
      .set({
        company_admin_reviewed_at: flags.admin ? new Date('2026-01-05T09:00:00Z') : null,
        company_admin_reviewed_by: flags.admin,
        supervisor_reviewed_at: flags.supervisor ? new Date('2026-01-06T10:00:00Z') : null,
        supervisor_reviewed_by: flags.supervisor,
      })
      .where('id', 'in', ids)
      .execute();
  }

  const reviewEvents = async (swmsId: string) =>
    db().selectFrom('audit_events').selectAll().where('entity', '=', 'swms').where('entity_id', '=', swmsId).orderBy('created_at').orderBy('id').execute();

  async function auditCount() {
    const row = await db().selectFrom('audit_events').select(sql<number>`count(*)`.as('n')).where('entity', '=', 'swms').executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A company of its own with an admin, a supervisor, one site and `count` SWMS by one tradesperson. */
  async function companyWithSwms(count: number) {
    const suffix = randomUUID().slice(0, 8);
    const companyId = randomUUID();
    await db()
      .insertInto('companies')
      .values({ id: companyId, name: `Bulk ${suffix}`, abn: `9${suffix}`, builders_reg_number: 'BR', phone: '0290000000', email: 'bulk@bulk.test', address: '1 Bulk St', postal_address: '1 Bulk St' })
      .execute();
    const staff = async (role: 'CompanyAdmin' | 'CompanySupervisor' | 'TradesPerson', label: string) => {
      const email = `${label}.${suffix}@bulk.test`;
      const userId = randomUUID();
      await db().insertInto('users').values({ id: userId, email, first_name: label, surname: 'Bulk' }).execute();
      await db()
        .insertInto('user_roles')
        .values({ id: randomUUID(), user_id: userId, company_id: role === 'TradesPerson' ? null : companyId, role, status: 'active' })
        .execute();
      return account(email);
    };
    const admin = await staff('CompanyAdmin', 'admin');
    const supervisor = await staff('CompanySupervisor', 'supervisor');
    const trades = await staff('TradesPerson', 'tradie');
    const siteId = randomUUID();
    await db()
      .insertInto('project_sites')
      .values({ id: siteId, company_id: companyId, address: '2 Bulk St', suburb: 'Sydney', postcode: '2000', site_number: 'BK-1', client_name: 'Bulk' })
      .execute();
    const swmsIds = Array.from({ length: count }, () => randomUUID());
    await db()
      .insertInto('swms')
      .values(
        swmsIds.map((id, index) => ({
          id,
          company_id: companyId,
          site_id: siteId,
          created_by: trades.userId,
          created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
          risk_consequence_level: 2,
          risk_likelihood_level: 2,
          risk_overall_level: 4,
          task_description: `Task ${index}`,
        })),
      )
      .execute();
    return { companyId, admin, supervisor, trades, siteId, swmsIds };
  }

  type BulkCompany = Awaited<ReturnType<typeof companyWithSwms>>;

  let addedMinute = 0;
  /** `count` more SWMS of the company, by `by` on `site`, every other one reviewed by the company admin. */
  async function addSwms(company: BulkCompany, site: string, by: string, count: number) {
    if (count === 0) return;
    await db()
      .insertInto('swms')
      .values(
        Array.from({ length: count }, (_, index) => ({
          id: randomUUID(),
          company_id: company.companyId,
          site_id: site,
          created_by: by,
          created_at: new Date(Date.UTC(2026, 1, 1) + ++addedMinute * 60_000),
          risk_consequence_level: 2,
          risk_likelihood_level: 2,
          risk_overall_level: 4,
          task_description: `Matched ${index}`,
          company_admin_reviewed_at: index % 2 === 0 ? new Date() : null,
        })),
      )
      .execute();
  }

  /**
   * A submitter and a site of the company whose names hold `word` (Quill `word`; 9 `word` Rd, job M-`word`): the
   * submitter's SWMS on that site and on the company's first site, and the site's SWMS by the company's tradesperson.
   * Answers how many SWMS match the word.
   */
  async function matchingSwms(company: BulkCompany, word: string, submitterSwms: { own: number; onOtherSite: number }, siteSwms: { byOthers: number }) {
    const userId = randomUUID();
    await db().insertInto('users').values({ id: userId, email: `${word}.${company.companyId}@bulk.test`, first_name: 'Quill', surname: word }).execute();
    const matchedSite = randomUUID();
    await db()
      .insertInto('project_sites')
      .values({ id: matchedSite, company_id: company.companyId, address: `9 ${word} Rd`, suburb: 'Sydney', postcode: '2000', site_number: `M-${word}`, client_name: 'M' })
      .execute();
    await addSwms(company, matchedSite, userId, submitterSwms.own);
    await addSwms(company, company.siteId, userId, submitterSwms.onOtherSite);
    await addSwms(company, matchedSite, company.trades.userId, siteSwms.byOthers);
    return submitterSwms.own + submitterSwms.onOtherSite + siteSwms.byOthers;
  }

  /** For each viewer and filter, the search's total is the number of rows its pages hold, each once; unfiltered, `expected`. */
  async function expectExactCounts(company: BulkCompany, term: string, expected: number) {
    const { admin, supervisor } = company;
    for (const [viewer, filter] of [[admin, ''], [admin, '&filter=status.string.forReview'], [admin, '&filter=status.string.reviewed'], [supervisor, '&filter=status.string.forReview']] as const) {
      const query = `search=${encodeURIComponent(term.toLowerCase())}${filter}`;
      const rows = await everyRow(viewer, query);
      if (filter === '') expect(rows.length, query).toBe(expected);
      expect((await list(viewer, query)).total, query).toBe(rows.length);
      expect(new Set(rows.map((row) => row._id)).size, query).toBe(rows.length);
    }
  }

  return {
    world,
    call,
    account,
    list,
    everyRow,
    readOne,
    change,
    stored,
    storedFlags,
    setFlags,
    reviewEvents,
    auditCount,
    companyWithSwms,
    addSwms,
    matchingSwms,
    expectExactCounts,
  };
}
