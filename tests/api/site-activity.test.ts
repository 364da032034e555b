import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckInPage, SiteSwmsPage } from '../../src/domain/check-in';
import { decode } from '../../src/domain/decode';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, signedInAccount, type SignedInAccount } from './test-app';
import { answer } from './calls';

let app: FastifyInstance;
let close: () => Promise<void>;

type Account = SignedInAccount;
const account = (email: string) => signedInAccount(app, email);

let harbourAdmin: Account;
let harbourSupervisor: Account;
let ridgelineAdmin: Account;
let superUser: Account;
let tradie: Account;
/** The Harbour Build site with the most check-ins, given extra check-ins and SWMS that share one instant. */
let busySite: string;
let ridgelineSite: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await seedDemo(app.db, app.storage);
  harbourAdmin = await account('admin@harbourbuild.demo');
  harbourSupervisor = await account('supervisor@harbourbuild.demo');
  ridgelineAdmin = await account('admin@ridgeline.demo');
  superUser = await account('super@sitesafe.demo');
  tradie = await account('tradie1@trades.demo');

  const busiest = await app.db
    .selectFrom('project_sites as p')
    .leftJoin('check_ins as ci', 'ci.site_id', 'p.id')
    .select(['p.id', sql<number>`count(ci.id)`.as('n')])
    .where('p.company_id', '=', harbourAdmin.companyId)
    .groupBy('p.id')
    .orderBy(sql`count(ci.id)`, 'desc')
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  busySite = busiest.id;
  ridgelineSite = (
    await app.db.selectFrom('project_sites').select('id').where('company_id', '=', ridgelineAdmin.companyId).executeTakeFirstOrThrow()
  ).id;

  // Rows created in the same microsecond: the cursor must still tell them apart.
  const instant = sql<Date>`date_trunc('second', now()) - interval '3 days' + interval '123456 microseconds'`;
  await app.db
    .insertInto('check_ins')
    .values(Array.from({ length: 7 }, () => ({ id: randomUUID(), site_id: busySite, user_id: tradie.userId, created_at: instant })))
    .execute();
  await app.db
    .insertInto('swms')
    .values(
      Array.from({ length: 5 }, (_, index) => ({
        id: randomUUID(),
        company_id: harbourAdmin.companyId,
        site_id: busySite,
        created_by: tradie.userId,
        created_at: instant,
        risk_consequence_level: 3,
        risk_likelihood_level: 2,
        risk_overall_level: 6,
        task_description: `Same-instant task ${index}`,
      })),
    )
    .execute();
}, 120_000);
afterAll(async () => close());

async function get(url: string, token?: string) {
  return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const activityUrl = (companyId: string, siteId: string, list: 'swms' | 'checkins', query = '') =>
  `/api/company/${companyId}/projectSites/${siteId}/${list}${query ? `?${query}` : ''}`;

async function expectedOrder(list: 'swms' | 'checkins', siteId: string): Promise<string[]> {
  const table = list === 'swms' ? 'swms' : 'check_ins';
  const rows = await app.db.selectFrom(table).select('id').where('site_id', '=', siteId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

/** Follows nextCursor from the first page to the last. */
async function walk(list: 'swms' | 'checkins', viewer: Account, siteId: string, limit: number) {
  const ids: string[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await get(activityUrl(viewer.companyId, siteId, list, query), viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    const page = list === 'swms' ? decode(SiteSwmsPage, response.json()) : decode(CheckInPage, response.json());
    if (!page.ok) throw new Error(JSON.stringify(page.issues));
    ids.push(...page.value.items.map((item) => item._id));
    pages.push(page.value.items.length);
    cursor = page.value.nextCursor;
    expect(pages.length).toBeLessThan(1000);
  } while (cursor !== null);
  return { ids, pages };
}

describe('site SWMS and check-ins: cursor paging', () => {
  for (const list of ['swms', 'checkins'] as const) {
    it(`walks every ${list} row of the site exactly once, newest first, at any page size`, async () => {
      const expected = await expectedOrder(list, busySite);
      expect(expected.length).toBeGreaterThan(5);
      for (const limit of [1, 2, 3, 10, 50]) {
        const { ids, pages } = await walk(list, harbourSupervisor, busySite, limit);
        expect(ids, `limit ${limit}`).toEqual(expected);
        expect(pages.slice(0, -1).every((size) => size === limit)).toBe(true);
      }
    });

    it(`answers 10 ${list} rows by default and a null cursor on the last page`, async () => {
      const expected = await expectedOrder(list, busySite);
      const response = await get(activityUrl(harbourAdmin.companyId, busySite, list), harbourAdmin.token);
      const page = response.json<{ items: { _id: string }[]; nextCursor: string | null }>();
      expect(page.items.map((item) => item._id)).toEqual(expected.slice(0, 10));
      expect(page.nextCursor === null).toBe(expected.length <= 10);
    });

    it(`refuses a bad ${list} cursor or limit with 400`, async () => {
      const forged = Buffer.from('2026-02-30T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url');
      const injected = Buffer.from("2026-01-01T00:00:00.000000Z|x' OR 1=1 --").toString('base64url');
      for (const cursor of ['abc', '!!!', forged, injected, 'A'.repeat(500)]) {
        expect(answer(await get(activityUrl(harbourAdmin.companyId, busySite, list, `cursor=${cursor}`), harbourAdmin.token))).toEqual({
          statusCode: 400,
          body: 'The cursor is not valid',
        });
      }
      for (const limit of ['0', '51', '-1', 'ten', '2.5', '5&limit=6']) {
        expect(answer(await get(activityUrl(harbourAdmin.companyId, busySite, list, `limit=${limit}`), harbourAdmin.token))).toEqual({
          statusCode: 400,
          body: 'The limit must be a whole number from 1 to 50',
        });
      }
    });

    it(`keeps ${list} of other companies out of reach`, async () => {
      const denied = { statusCode: 403, body: 'You are not authorised to view this page' };
      for (const viewer of [ridgelineAdmin, superUser, tradie]) {
        expect(answer(await get(activityUrl(harbourAdmin.companyId, busySite, list), viewer.token))).toEqual(denied);
      }
      expect(answer(await get(activityUrl(randomUUID(), busySite, list), harbourAdmin.token))).toEqual(denied);
      expect((await get(activityUrl(harbourAdmin.companyId, busySite, list))).statusCode).toBe(401);
      const missing = { statusCode: 404, body: 'This project site does not exist' };
      expect(answer(await get(activityUrl(harbourAdmin.companyId, ridgelineSite, list), harbourAdmin.token))).toEqual(missing);
      expect(answer(await get(activityUrl(harbourAdmin.companyId, randomUUID(), list), harbourAdmin.token))).toEqual(missing);
      expect((await get(activityUrl(harbourAdmin.companyId, 'not-a-site', list), harbourAdmin.token)).statusCode).toBe(400);
    });
  }

  it('answers check-ins with the user, their name and how the check-in ended', async () => {
    const page = (await get(activityUrl(harbourAdmin.companyId, busySite, 'checkins', 'limit=50'), harbourAdmin.token)).json<CheckInPage>();
    const mine = page.items.find((item) => item.checkInUser._id === tradie.userId)!;
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', tradie.userId).executeTakeFirstOrThrow();
    const row = await app.db.selectFrom('check_ins').selectAll().where('id', '=', mine._id).executeTakeFirstOrThrow();
    expect(mine).toEqual({
      _id: row.id,
      userName: `${user.first_name} ${user.surname}`.trim() || user.email,
      checkInUser: { _id: user.id, firstName: user.first_name, surname: user.surname },
      createdAt: row.created_at.toISOString(),
      checkedOutAt: row.checked_out_at ? row.checked_out_at.toISOString() : null,
      checkoutKind: row.checkout_kind,
    });
  });

  it("answers site SWMS as list rows whose status is the viewer's own flag", async () => {
    const [first] = await expectedOrder('swms', busySite);
    await app.db
      .updateTable('swms')
      .set({ company_admin_reviewed_at: new Date(), company_admin_reviewed_by: harbourAdmin.userId, supervisor_reviewed_at: null, supervisor_reviewed_by: null })
      .where('id', '=', first!)
      .execute();
    const asAdmin = (await get(activityUrl(harbourAdmin.companyId, busySite, 'swms', 'limit=1'), harbourAdmin.token)).json<SiteSwmsPage>();
    const asSupervisor = (await get(activityUrl(harbourAdmin.companyId, busySite, 'swms', 'limit=1'), harbourSupervisor.token)).json<SiteSwmsPage>();
    expect(asAdmin.items[0]).toMatchObject({ _id: first, status: 'reviewed', siteId: busySite, supervisorReviewedAt: null });
    expect(asSupervisor.items[0]).toMatchObject({ _id: first, status: 'forReview' });
  });
});
