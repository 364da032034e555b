import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { SwmsMatchingResult } from '../../src/domain/swms';
import { answer } from './calls';
import { swmsSuite, decoded, deniedPage, listUrl, type Account } from '../support/swms-suite';

const suite = swmsSuite();
const { call, account, list, everyRow, change, storedFlags, setFlags, reviewEvents, auditCount, companyWithSwms } = suite;
let app: FastifyInstance;
let harbourAdmin: Account;
let harbourSupervisor: Account;
let harbourSupervisor2: Account;
let ridgelineAdmin: Account;
let harbourSwms: string[];
let ridgelineSwms: string[];
beforeAll(() => {
  ({ app, harbourAdmin, harbourSupervisor, harbourSupervisor2, ridgelineAdmin, harbourSwms, ridgelineSwms } = suite.world());
});

describe('PUT /api/company/:id/swms: select-all over every page', () => {
  beforeEach(async () => {
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  /** A job number shared by several Harbour SWMS: a search the list answers with more than one row. */
  async function busySiteNumber(): Promise<string> {
    const row = await app.db
      .selectFrom('swms as s')
      .innerJoin('project_sites as p', 'p.id', 's.site_id')
      .select(['p.site_number', sql<number>`count(*)`.as('n')])
      .where('s.company_id', '=', harbourAdmin.companyId)
      .groupBy('p.site_number')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBeGreaterThan(3);
    return row.site_number;
  }

  async function matchingChange(viewer: Account, body: unknown): Promise<SwmsMatchingResult> {
    const response = await change(viewer, body);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(SwmsMatchingResult, response.json()));
  }

  it("marks exactly the rows the list shows for the search and the viewer's filter, on every page, but the excluded ones", async () => {
    const search = await busySiteNumber();
    const matchingSearch = await everyRow(harbourSupervisor, `search=${encodeURIComponent(search)}`);
    const alreadyReviewed = matchingSearch[0]!._id;
    await setFlags([alreadyReviewed], { admin: null, supervisor: harbourSupervisor.userId });
    const shown = await everyRow(harbourSupervisor, `search=${encodeURIComponent(search)}&filter=status.string.forReview`);
    expect(shown.map((row) => row._id)).not.toContain(alreadyReviewed);
    const excluded = shown[1]!._id;
    const count = await auditCount();

    const result = await matchingChange(harbourSupervisor2, {
      matching: { search, filter: 'status.string.forReview' },
      excludedIds: [excluded],
      status: 'reviewed',
    });

    expect(result).toEqual({ matched: shown.length - 1, changed: shown.length - 1 });
    const marked = new Set(shown.map((row) => row._id).filter((id) => id !== excluded));
    for (const row of await storedFlags(harbourSwms)) {
      expect(row.company_admin_reviewed_at, row.id).toBeNull();
      if (marked.has(row.id)) expect(row.supervisor_reviewed_by, row.id).toBe(harbourSupervisor2.userId);
      else if (row.id === alreadyReviewed) expect(row.supervisor_reviewed_by).toBe(harbourSupervisor.userId);
      else expect(row.supervisor_reviewed_at, row.id).toBeNull();
    }
    expect(await auditCount()).toBe(count + marked.size);
    const event = (await reviewEvents([...marked][0]!)).at(-1)!;
    expect(event).toMatchObject({ action: 'swms.reviewed', actor_user_id: harbourSupervisor2.userId });
    expect(event.detail).toMatchObject({ flag: 'supervisor', bulk: true, matching: { search, filter: 'status.string.forReview' } });
  });

  it("acts on the admin's flag for an admin, and every SWMS of the company when there is no search or filter", async () => {
    const bulk = await companyWithSwms(1_200);
    const harbourBefore = await storedFlags(harbourSwms);
    expect(await matchingChange(bulk.admin, { matching: {}, status: 'reviewed' })).toEqual({ matched: 1_200, changed: 1_200 });
    expect((await list(bulk.admin, 'filter=status.string.forReview')).total).toBe(0);
    expect((await list(bulk.supervisor, 'filter=status.string.forReview')).total).toBe(1_200);
    expect(await storedFlags(harbourSwms)).toEqual(harbourBefore);

    const back = await matchingChange(bulk.admin, { matching: { filter: 'status.string.reviewed' }, excludedIds: bulk.swmsIds.slice(0, 2), status: 'forReview' });
    expect(back).toEqual({ matched: 1_198, changed: 1_198 });
    expect((await list(bulk.admin, 'filter=status.string.reviewed')).total).toBe(2);
  });

  it('keeps the reviewer and time of SWMS that already have the status: matched, not changed', async () => {
    const search = await busySiteNumber();
    const shown = await everyRow(harbourAdmin, `search=${encodeURIComponent(search)}`);
    const already = shown.slice(0, 2).map((row) => row._id);
    await setFlags(already, { admin: harbourAdmin.userId, supervisor: null });
    const before = await storedFlags(already);
    expect(await matchingChange(harbourAdmin, { matching: { search }, status: 'reviewed' })).toEqual({ matched: shown.length, changed: shown.length - 2 });
    expect(await storedFlags(already)).toEqual(before);
  });

  it("never reaches another company's SWMS, even when its rows match the same search", async () => {
    const mine = await companyWithSwms(3);
    const theirs = await companyWithSwms(3);
    expect(await matchingChange(mine.supervisor, { matching: { search: 'Bulk St' }, status: 'reviewed' })).toEqual({ matched: 3, changed: 3 });
    expect((await storedFlags(theirs.swmsIds)).every((row) => row.supervisor_reviewed_at === null)).toBe(true);
    expect(await matchingChange(theirs.admin, { matching: {}, status: 'reviewed' })).toEqual({ matched: 3, changed: 3 });
    expect(answer(await call('PUT', listUrl(mine.companyId), theirs.supervisor.token, { matching: {}, status: 'forReview' }))).toEqual(deniedPage);
    expect((await storedFlags(mine.swmsIds)).every((row) => row.supervisor_reviewed_by === mine.supervisor.userId)).toBe(true);
  });

  it('changes nothing and names them when an excluded id is unknown or not the company\'s', async () => {
    const foreign = ridgelineSwms[0]!;
    const unknown = randomUUID();
    const before = await storedFlags([...harbourSwms, foreign]);
    const count = await auditCount();
    const response = await change(harbourSupervisor, { matching: {}, excludedIds: [harbourSwms[0], foreign, unknown], status: 'reviewed' });
    expect(answer(response)).toEqual({ statusCode: 403, body: `These SWMS could not be changed: ${foreign}, ${unknown}` });
    expect(await storedFlags([...harbourSwms, foreign])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });

  it('refuses a reviewer whose role was revoked, changing nothing', async () => {
    const email = `revoked-all.${randomUUID().slice(0, 8)}@harbourbuild.test`;
    const userId = randomUUID();
    const roleId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: 'Rev', surname: 'Oked' }).execute();
    await app.db.insertInto('user_roles').values({ id: roleId, user_id: userId, company_id: harbourAdmin.companyId, role: 'CompanySupervisor' }).execute();
    const revoked = await account(email);
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', roleId).execute();
    const before = await storedFlags(harbourSwms);
    expect(answer(await change(revoked, { matching: {}, status: 'reviewed' }))).toEqual(deniedPage);
    expect(await storedFlags(harbourSwms)).toEqual(before);
  });

  it('answers a malformed select-all with 400 and a clear message', async () => {
    const id = harbourSwms[0]!;
    const cases: [unknown, string][] = [
      [{ matching: {}, swmsIds: [id], status: 'reviewed' }, 'Send matching without swmsId or swmsIds'],
      [{ matching: {}, swmsId: id, status: 'reviewed' }, 'Send matching without swmsId or swmsIds'],
      [{ swmsIds: [id], excludedIds: [id], status: 'reviewed' }, 'Send excludedIds only with matching'],
      [{ excludedIds: [id], status: 'reviewed' }, 'Send either swmsId or swmsIds'],
      [{ matching: { filter: 'status.string.approved' }, status: 'reviewed' }, 'Choose one of the offered filters'],
      [{ matching: { search: 'x'.repeat(101) }, status: 'reviewed' }, 'Search with a single text of at most 100 characters'],
      [{ matching: { search: ['a'] }, status: 'reviewed' }, 'Search with a single text of at most 100 characters'],
      [{ matching: {}, excludedIds: Array.from({ length: 501 }, () => id), status: 'reviewed' }, 'Send at most 500 excludedIds'],
      [{ matching: {}, excludedIds: id, status: 'reviewed' }, 'Send at most 500 excludedIds'],
      [{ matching: {}, excludedIds: ['not-an-id'], status: 'reviewed' }, 'Excluded ids item 1: not a valid id'],
      [{ matching: {}, status: 'approved' }, 'Status must be reviewed, forReview or changesRequested'],
      [{ matching: {}, status: 'reviewed', company: ridgelineAdmin.companyId }, 'The company does not match the address'],
    ];
    for (const [body, message] of cases) {
      expect(answer(await change(harbourSupervisor, body)), JSON.stringify(body).slice(0, 80)).toEqual({ statusCode: 400, body: message });
    }
    for (const matching of ['all', null, [], 1]) {
      expect((await change(harbourSupervisor, { matching, status: 'reviewed' })).statusCode, JSON.stringify(matching)).toBe(400);
    }
  });
});

describe('PUT /api/company/:id/swms: bad input', () => {
  it('answers 400 with a clear message and never 500', async () => {
    const id = harbourSwms[0]!;
    const cases: [unknown, string][] = [
      [{ swmsId: id, status: 'approved' }, 'Status must be reviewed, forReview or changesRequested'],
      [{ swmsIds: [id], status: 'REVIEWED' }, 'Status must be reviewed, forReview or changesRequested'],
      [{ swmsIds: [id], status: 3 }, 'Status must be reviewed, forReview or changesRequested'],
      [{ swmsId: id, status: null }, 'Status must be reviewed, forReview or changesRequested'],
      [{ swmsId: id }, 'Status: this field is required'],
      [{ status: 'reviewed' }, 'Send either swmsId or swmsIds'],
      [{ swmsId: id, swmsIds: [id], status: 'reviewed' }, 'Send either swmsId or swmsIds'],
      [{ swmsIds: [], status: 'reviewed' }, 'Send from 1 to 500 swmsIds'],
      [{ swmsIds: Array.from({ length: 501 }, () => id), status: 'reviewed' }, 'Send from 1 to 500 swmsIds'],
      [{ swmsIds: ['not-an-id'], status: 'reviewed' }, 'SWMS ids item 1: not a valid id'],
      [{ swmsIds: harbourSwms[0], status: 'reviewed' }, 'Send from 1 to 500 swmsIds'],
      [{ swmsId: 42, status: 'reviewed' }, 'SWMS id: must be text'],
      [{ swmsIds: [id], status: 'reviewed', company: ridgelineAdmin.companyId }, 'The company does not match the address'],
    ];
    for (const [body, message] of cases) {
      expect(answer(await change(harbourSupervisor, body)), JSON.stringify(body).slice(0, 80)).toEqual({ statusCode: 400, body: message });
    }
    for (const payload of ['{not json', '', '[]', 'null', '"reviewed"']) {
      const response = await app.inject({
        method: 'PUT',
        url: listUrl(harbourAdmin.companyId),
        headers: { authorization: `Bearer ${harbourAdmin.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
