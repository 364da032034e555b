import type { FastifyInstance } from 'fastify';
import { expectSwmsCountersExact } from '../support/swms-counters';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Swms, SwmsList, swmsMessages, type SwmsListItem } from '../../src/domain/swms';
import { seedDemo } from '../../server/seed/demo';
import { describeOnPostgres } from '../support/on-postgres';
import { answer, call as callApi, type Method } from './calls';
import { createTestAppOn, signedInAccount, type SignedInAccount } from './test-app';

type Account = SignedInAccount;

interface World {
  readonly app: FastifyInstance;
  readonly admin: Account;
  readonly supervisor: Account;
  readonly otherAdmin: Account;
  /** A harbour SWMS with both flags For Review, and another of the same site. */
  readonly swmsId: string;
  readonly siteNumber: string;
}

const listUrl = (companyId: string, query = '') => `/api/company/${companyId}/swms${query ? `?${query}` : ''}`;

function decoded<A>(result: { ok: true; value: A } | { ok: false; issues: readonly { path: string; message: string }[] }): A {
  if (!result.ok) throw new Error(`response does not match its schema: ${JSON.stringify(result.issues)}`);
  return result.value;
}

function changesRequestedOn(embedded: boolean) {
  let world: World;
  let close: () => Promise<void>;
  const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(world.app, method, url, token, payload);
  const change = (viewer: Account, body: unknown) => call('PUT', listUrl(viewer.companyId), viewer.token, body);

  async function list(viewer: Account, query = ''): Promise<SwmsList> {
    const response = await call('GET', listUrl(viewer.companyId, query), viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(SwmsList, response.json()));
  }

  async function everyRow(viewer: Account, query: string): Promise<SwmsListItem[]> {
    const rows: SwmsListItem[] = [];
    for (let page = 1; ; page++) {
      const result = await list(viewer, `${query}&pageSize=100&page=${page}`);
      rows.push(...result.items);
      if (rows.length >= result.total || result.items.length === 0) return rows;
    }
  }

  /** Each filter's total, with and without a search, each checked against the rows the list pages through. */
  async function totals(viewer: Account, search = '') {
    const query = (filter: string) => [search ? `search=${encodeURIComponent(search)}` : '', filter ? `filter=status.string.${filter}` : ''].filter(Boolean).join('&');
    const result: Record<string, number> = {};
    for (const filter of ['', 'forReview', 'reviewed', 'changesRequested'] as const) {
      const { total } = await list(viewer, query(filter));
      const rows = await everyRow(viewer, query(filter) || 'sort=createdAt.date.desc');
      expect(rows.length, `${filter || 'all'} ${search}: the total is the rows listed`).toBe(total);
      if (filter) expect(rows.every((row) => row.status === filter), `${filter}: each row's status`).toBe(true);
      result[filter || 'all'] = total;
    }
    expect(result.forReview! + result.reviewed! + result.changesRequested!, 'every SWMS is in one filter').toBe(result.all);
    return result;
  }

  async function readOne(viewer: Account, swmsId: string): Promise<Swms> {
    const response = await call('GET', `/api/company/${viewer.companyId}/swms/${swmsId}`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(Swms, response.json()));
  }

  async function requestChanges(viewer: Account, body: Record<string, unknown>): Promise<Swms> {
    const response = await change(viewer, { swmsId: world.swmsId, status: 'changesRequested', ...body });
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(Swms, response.json()));
  }


  beforeAll(async () => {
    const test = await createTestAppOn(embedded);
    close = test.close;
    const app = test.app;
    await seedDemo(app.db, app.storage);
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
    const otherAdmin = await signedInAccount(app, 'admin@ridgeline.demo');
    const swms = await app.db
      .selectFrom('swms as s')
      .innerJoin('project_sites as p', 'p.id', 's.site_id')
      .select(['s.id', 'p.site_number'])
      .where('s.company_id', '=', admin.companyId)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('swms')
      .set({ company_admin_reviewed_at: null, company_admin_reviewed_by: null, supervisor_reviewed_at: null, supervisor_reviewed_by: null })
      .where('id', '=', swms.id)
      .execute();
    world = { app, admin, supervisor, otherAdmin, swmsId: swms.id, siteNumber: swms.site_number };
  }, 180_000);
  afterAll(async () => close());

  it('refuses a request for changes without a fitting comment, naming what is wrong', async () => {
    const { admin, swmsId } = world;
    const comment = 'Comment: say what needs to change, in 1 to 2000 characters';
    const cases: [unknown, string][] = [
      [{ swmsId, status: 'changesRequested' }, swmsMessages.commentRequired],
      [{ swmsId, status: 'changesRequested', comment: '   ' }, comment],
      [{ swmsId, status: 'changesRequested', comment: 'x'.repeat(2001) }, comment],
      [{ swmsId, status: 'changesRequested', comment: 42 }, comment],
      [{ swmsId, status: 'changesRequested', comment: 'Fix it', part: 'roof' }, swmsMessages.part],
      [{ swmsId, status: 'reviewed', comment: 'Looks fine' }, swmsMessages.commentWithoutChanges],
      [{ swmsId, status: 'approved' }, swmsMessages.status],
    ];
    for (const [body, message] of cases) {
      expect(answer(await change(admin, body)), JSON.stringify(body).slice(0, 80)).toEqual({ statusCode: 400, body: message });
    }
    expect((await readOne(admin, swmsId)).comments).toEqual([]);
  });

  it('refuses changes requested in bulk or over a select-all: each request names one SWMS', async () => {
    const { admin, swmsId } = world;
    for (const body of [
      { swmsIds: [swmsId], status: 'changesRequested', comment: 'Fix it' },
      { matching: {}, status: 'changesRequested', comment: 'Fix it' },
      { matching: { filter: 'status.string.forReview' }, status: 'changesRequested', comment: 'Fix it' },
    ]) {
      expect(answer(await change(admin, body)), JSON.stringify(body)).toEqual({ statusCode: 400, body: swmsMessages.bulkStatus });
    }
    expect((await readOne(admin, swmsId)).companyAdminChangesRequestedAt).toBeNull();
  });

  it("answers another company's SWMS as a review does, and stores nothing", async () => {
    const { otherAdmin, swmsId } = world;
    const refused = { statusCode: 403, body: `${swmsMessages.refused}: ${swmsId}` };
    expect(answer(await change(otherAdmin, { swmsId, status: 'reviewed' }))).toEqual(refused);
    expect(answer(await change(otherAdmin, { swmsId, status: 'changesRequested', comment: 'Not yours' }))).toEqual(refused);
    const stored = await world.app.db.selectFrom('swms_comments').select('id').where('swms_id', '=', swmsId).execute();
    expect(stored).toEqual([]);
  });

  it("requests changes on the viewer's flag only, with the comment in the read, the list, its totals and the audit trail", async () => {
    const { admin, supervisor, swmsId, siteNumber } = world;
    const adminBefore = await totals(admin);
    const adminSearchBefore = await totals(admin, siteNumber);
    const supervisorBefore = await totals(supervisor);

    const answered = await requestChanges(admin, { comment: '  Add the exclusion zone below the work  ', part: 'controls' });
    expect(answered.companyAdminChangesRequestedAt).not.toBeNull();
    expect(answered.companyAdminReviewedAt).toBeNull();
    expect(answered.supervisorChangesRequestedAt, "the supervisor's flag is untouched").toBeNull();
    expect(answered.supervisorReviewedAt).toBeNull();
    expect(answered.comments).toEqual([
      {
        _id: expect.any(String),
        author: { _id: admin.userId, firstName: expect.any(String), surname: expect.any(String) },
        role: 'companyAdmin',
        createdAt: expect.any(String),
        revision: 1,
        text: 'Add the exclusion zone below the work',
        part: 'controls',
      },
    ]);
    expect(await readOne(supervisor, swmsId)).toEqual(answered);

    expect(await totals(admin)).toEqual({
      ...adminBefore,
      forReview: adminBefore.forReview! - 1,
      changesRequested: adminBefore.changesRequested! + 1,
    });
    expect(await totals(admin, siteNumber)).toEqual({
      ...adminSearchBefore,
      forReview: adminSearchBefore.forReview! - 1,
      changesRequested: adminSearchBefore.changesRequested! + 1,
    });
    expect(await totals(supervisor), "the supervisor's lists are as they were").toEqual(supervisorBefore);
    const [row] = (await list(admin, 'filter=status.string.changesRequested')).items;
    expect(row).toMatchObject({ _id: swmsId, status: 'changesRequested', adminReviewedAt: null, supervisorChangesRequestedAt: null });
    expect(row?.adminChangesRequestedAt, "the row carries when the admin's flag asked").toEqual(expect.any(String));
    const forSupervisor = await everyRow(supervisor, 'filter=status.string.forReview');
    const supervisorRow = forSupervisor.find((item) => item._id === swmsId);
    expect(supervisorRow?.status).toBe('forReview');
    expect(supervisorRow?.adminChangesRequestedAt, "the supervisor's list shows the admin's flag too").toEqual(row?.adminChangesRequestedAt);
    await expectSwmsCountersExact(world.app.db, admin.companyId);

    const events = await world.app.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id', 'detail'])
      .where('entity', '=', 'swms')
      .where('entity_id', '=', swmsId)
      .where('action', '=', 'swms.changesRequested')
      .execute();
    expect(events).toEqual([
      {
        action: 'swms.changesRequested',
        actor_user_id: admin.userId,
        detail: expect.objectContaining({ flag: 'companyAdmin', status: 'changesRequested', comment: 'Add the exclusion zone below the work', part: 'controls' }),
      },
    ]);
    const history = await call('GET', `/api/company/${admin.companyId}/swms/${swmsId}/history`, admin.token);
    expect(history.json<{ action: string }[]>().some((event) => event.action === 'swms.changesRequested')).toBe(true);
  });

  it('keeps every comment, oldest first, as each reviewer asks again', async () => {
    const { admin, supervisor } = world;
    await requestChanges(admin, { comment: 'Name the plant as well' });
    const answered = await requestChanges(supervisor, { comment: 'x'.repeat(2000), part: 'ppe' });
    expect(answered.supervisorChangesRequestedAt).not.toBeNull();
    expect(answered.companyAdminChangesRequestedAt).not.toBeNull();
    expect(answered.comments.map((comment) => [comment.role, comment.text.slice(0, 22), comment.part])).toEqual([
      ['companyAdmin', 'Add the exclusion zone', 'controls'],
      ['companyAdmin', 'Name the plant as well', null],
      ['supervisor', 'x'.repeat(22), 'ppe'],
    ]);
    const times = answered.comments.map((comment) => comment.createdAt);
    expect([...times].sort()).toEqual(times);
    await expectSwmsCountersExact(world.app.db, admin.companyId);
  });

  it('marks a SWMS with changes requested Reviewed or For Review as before, and a review can be sent back', async () => {
    const { admin, supervisor, swmsId } = world;
    const before = await totals(admin);
    const reviewed = await change(admin, { swmsId, status: 'reviewed' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const afterReview = decoded(decode(Swms, reviewed.json()));
    expect(afterReview.companyAdminReviewedAt).not.toBeNull();
    expect(afterReview.companyAdminChangesRequestedAt).toBeNull();
    expect(afterReview.supervisorChangesRequestedAt, "the supervisor's request stands").not.toBeNull();
    expect(afterReview.comments).toHaveLength(3);
    expect(await totals(admin)).toEqual({ ...before, reviewed: before.reviewed! + 1, changesRequested: before.changesRequested! - 1 });

    // A flag holds one outcome: changes requested on a reviewed SWMS clear its review.
    const sentBack = await requestChanges(admin, { comment: 'The controls changed on site' });
    expect(sentBack.companyAdminReviewedAt).toBeNull();
    expect(sentBack.companyAdminReviewedBy).toBeNull();
    expect(sentBack.companyAdminChangesRequestedAt).not.toBeNull();
    expect(await totals(admin)).toEqual(before);

    const returned = await change(supervisor, { swmsId, status: 'forReview' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(decoded(decode(Swms, returned.json())).supervisorChangesRequestedAt).toBeNull();
    const events = await world.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('entity_id', '=', swmsId)
      .where('action', '=', 'swms.returnedForReview')
      .execute();
    expect(events.at(-1)?.detail).toMatchObject({ flag: 'supervisor', previous: { reviewedAt: null, changesRequestedAt: expect.any(String) } });
    expect((await everyRow(supervisor, 'filter=status.string.forReview')).some((item) => item._id === swmsId)).toBe(true);
    await expectSwmsCountersExact(world.app.db, admin.companyId);
  });

  it('marks every SWMS with changes requested Reviewed over a select-all of that filter', async () => {
    const { admin, swmsId } = world;
    const response = await change(admin, { matching: { filter: 'status.string.changesRequested' }, status: 'reviewed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ matched: 1, changed: 1 });
    expect((await readOne(admin, swmsId)).companyAdminReviewedAt).not.toBeNull();
    expect((await list(admin, 'filter=status.string.changesRequested')).total).toBe(0);
    await expectSwmsCountersExact(world.app.db, admin.companyId);
  });

  it('refuses to change or delete a stored comment, as it refuses to alter the audit trail', async () => {
    const { app, swmsId } = world;
    const [comment] = await app.db.selectFrom('swms_comments').select(['id', 'text']).where('swms_id', '=', swmsId).orderBy('created_at').execute();
    expect(comment).toBeDefined();
    await expect(app.db.updateTable('swms_comments').set({ text: 'Nothing to change' }).where('id', '=', comment!.id).execute()).rejects.toThrow(
      /append-only: UPDATE is refused/,
    );
    await expect(app.db.deleteFrom('swms_comments').where('id', '=', comment!.id).execute()).rejects.toThrow(/append-only: DELETE is refused/);
    await expect(sql`TRUNCATE swms_comments`.execute(app.db)).rejects.toThrow(/append-only: TRUNCATE is refused/);
    const still = await app.db.selectFrom('swms_comments').select('text').where('id', '=', comment!.id).executeTakeFirstOrThrow();
    expect(still.text).toBe(comment!.text);
  });
}

describe('changes requested on a SWMS, on PGlite', () => changesRequestedOn(true));
describeOnPostgres('changes requested on a SWMS, on PostgreSQL', () => changesRequestedOn(false));
