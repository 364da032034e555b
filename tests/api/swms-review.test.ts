import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Swms, SwmsBulkResult } from '../../src/domain/swms';
import { answer } from './calls';
import { swmsSuite, decoded, deniedPage, type Account } from '../support/swms-suite';

const suite = swmsSuite();
const { account, list, change, stored, storedFlags, setFlags, reviewEvents, auditCount, companyWithSwms } = suite;
let app: FastifyInstance;
let harbourAdmin: Account;
let harbourSupervisor: Account;
let harbourSupervisor2: Account;
let harbourSwms: string[];
let ridgelineSwms: string[];
beforeAll(() => {
  ({ app, harbourAdmin, harbourSupervisor, harbourSupervisor2, harbourSwms, ridgelineSwms } = suite.world());
});

describe('PUT /api/company/:id/swms: one SWMS', () => {
  let swmsId: string;
  beforeEach(async () => {
    swmsId = harbourSwms[(Math.floor(Math.random() * harbourSwms.length))]!;
    await setFlags([swmsId], { admin: null, supervisor: null });
  });

  it("sets the supervisor's flag from the token, whatever the body says", async () => {
    const response = await change(harbourSupervisor, {
      swmsId,
      status: 'reviewed',
      flag: 'companyAdmin',
      role: 'CompanyAdmin',
      companyAdminReviewedAt: '2020-01-01T00:00:00Z',
      companyAdminReviewedBy: harbourAdmin.userId,
      supervisorReviewedBy: harbourAdmin.userId,
      reviewedBy: harbourAdmin.userId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const swms = decoded(decode(Swms, response.json()));
    const supervisor = await app.db.selectFrom('users').selectAll().where('id', '=', harbourSupervisor.userId).executeTakeFirstOrThrow();
    expect(swms).toMatchObject({
      _id: swmsId,
      supervisorReviewedBy: harbourSupervisor.userId,
      supervisorReviewerDetails: { firstName: supervisor.first_name, surname: supervisor.surname },
      companyAdminReviewedAt: null,
      companyAdminReviewedBy: null,
      companyAdminReviewerDetails: null,
    });
    expect(Math.abs(Date.parse(swms.supervisorReviewedAt!) - Date.now())).toBeLessThan(60_000);
    const row = await stored(swmsId);
    expect(row.company_admin_reviewed_at).toBeNull();
    expect(row.supervisor_reviewed_by).toBe(harbourSupervisor.userId);
  });

  it("sets the admin's flag for an admin and never the supervisor's", async () => {
    const response = await change(harbourAdmin, { swmsId, status: 'reviewed', flag: 'supervisor', supervisorReviewedBy: harbourSupervisor.userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ companyAdminReviewedBy: harbourAdmin.userId, supervisorReviewedAt: null, supervisorReviewedBy: null });
    expect((await stored(swmsId)).supervisor_reviewed_at).toBeNull();
  });

  it('reaches both flags in either order, each with its own reviewer', async () => {
    for (const [first, second] of [[harbourAdmin, harbourSupervisor], [harbourSupervisor, harbourAdmin]] as const) {
      await setFlags([swmsId], { admin: null, supervisor: null });
      expect((await change(first, { swmsId, status: 'reviewed' })).statusCode).toBe(200);
      const after = decoded(decode(Swms, (await change(second, { swmsId, status: 'reviewed' })).json()));
      expect(after.companyAdminReviewedBy).toBe(harbourAdmin.userId);
      expect(after.supervisorReviewedBy).toBe(harbourSupervisor.userId);
      expect(after.companyAdminReviewedAt).not.toBeNull();
      expect(after.supervisorReviewedAt).not.toBeNull();
    }
  });

  it("returns a SWMS to For Review by clearing only the caller's flag, and records both steps for auditors", async () => {
    await setFlags([swmsId], { admin: harbourAdmin.userId, supervisor: harbourSupervisor.userId });
    const before = await stored(swmsId);
    const eventsBefore = (await reviewEvents(swmsId)).length;
    const response = await change(harbourSupervisor2, { swmsId, status: 'forReview' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      supervisorReviewedAt: null,
      supervisorReviewedBy: null,
      supervisorReviewerDetails: null,
      companyAdminReviewedBy: harbourAdmin.userId,
      companyAdminReviewedAt: '2026-01-05T09:00:00.000Z',
    });
    expect((await change(harbourSupervisor2, { swmsId, status: 'reviewed' })).statusCode).toBe(200);

    const events = (await reviewEvents(swmsId)).slice(eventsBefore);
    expect(events.map((event) => [event.action, event.actor_user_id])).toEqual([
      ['swms.returnedForReview', harbourSupervisor2.userId],
      ['swms.reviewed', harbourSupervisor2.userId],
    ]);
    expect(events[0]!.detail).toMatchObject({
      flag: 'supervisor',
      status: 'forReview',
      bulk: false,
      companyId: harbourAdmin.companyId,
      previous: { reviewedAt: before.supervisor_reviewed_at!.toISOString(), reviewedBy: harbourSupervisor.userId },
      current: { reviewedAt: null, reviewedBy: null },
    });
    // The event's new value is the stored one, written as JavaScript writes a time (to the millisecond).
    const after = await stored(swmsId);
    expect(events[1]!.detail).toMatchObject({
      flag: 'supervisor',
      status: 'reviewed',
      previous: { reviewedAt: null, reviewedBy: null },
      current: { reviewedAt: after.supervisor_reviewed_at!.toISOString(), reviewedBy: harbourSupervisor2.userId },
    });
  });

  it('keeps the first reviewer and time when the flag is already set, and records nothing', async () => {
    expect((await change(harbourSupervisor, { swmsId, status: 'reviewed' })).statusCode).toBe(200);
    const first = await stored(swmsId);
    const events = (await reviewEvents(swmsId)).length;
    const again = await change(harbourSupervisor2, { swmsId, status: 'reviewed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ supervisorReviewedBy: harbourSupervisor.userId, supervisorReviewedAt: first.supervisor_reviewed_at!.toISOString() });
    expect((await change(harbourAdmin, { swmsId, status: 'forReview' })).statusCode).toBe(200);
    expect(await reviewEvents(swmsId)).toHaveLength(events);
  });

  it("refuses another company's SWMS or an unknown one, naming it and changing nothing", async () => {
    const foreign = ridgelineSwms[0]!;
    const before = await storedFlags([foreign]);
    const count = await auditCount();
    const refused = await change(harbourAdmin, { swmsId: foreign, status: 'reviewed' });
    expect(answer(refused)).toEqual({ statusCode: 403, body: `These SWMS could not be changed: ${foreign}` });
    const unknown = randomUUID();
    expect(answer(await change(harbourAdmin, { swmsId: unknown, status: 'reviewed' }))).toEqual({
      statusCode: 403,
      body: `These SWMS could not be changed: ${unknown}`,
    });
    expect(await storedFlags([foreign])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });
});

describe('PUT /api/company/:id/swms: bulk review', () => {
  let selection: string[];
  beforeEach(async () => {
    selection = harbourSwms.slice(0, 6);
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  it('marks every selected SWMS in one call and answers { items } in the order sent', async () => {
    const count = await auditCount();
    const response = await change(harbourSupervisor, { swmsIds: selection, status: 'reviewed', company: harbourAdmin.companyId });
    expect(response.statusCode, response.body).toBe(200);
    const result = decoded(decode(SwmsBulkResult, response.json()));
    expect(result.items.map((swms) => swms._id)).toEqual(selection);
    expect(result.items.every((swms) => swms.supervisorReviewedBy === harbourSupervisor.userId && swms.companyAdminReviewedAt === null)).toBe(true);
    expect(new Set(result.items.map((swms) => swms.supervisorReviewedAt)).size).toBe(1);
    expect(await auditCount()).toBe(count + selection.length);
    const event = (await reviewEvents(selection[0]!)).at(-1)!;
    expect(event).toMatchObject({ action: 'swms.reviewed', actor_user_id: harbourSupervisor.userId });
    expect(event.detail).toMatchObject({ flag: 'supervisor', bulk: true });
    // The review names the role and the label itself; they are what the events' trigger would have looked up.
    const events = await Promise.all(selection.map(async (id) => (await reviewEvents(id)).at(-1)!.id));
    const { rows: named } = await sql<{ role: string; label: string; looked_up_role: string; looked_up_label: string }>`
      SELECT a.actor_role AS role, a.target_label AS label,
             audit_event_actor_role(r) AS looked_up_role, audit_event_target_label(r) AS looked_up_label
      FROM audit_events a, LATERAL jsonb_populate_record(NULL::audit_events, to_jsonb(a) - 'actor_role' - 'target_label') r
      WHERE a.id = ANY(${events})`.execute(app.db);
    expect(named).toHaveLength(selection.length);
    for (const row of named) {
      expect(row.label).toMatch(/^HB-\d+ \/ ./);
      expect({ role: row.role, label: row.label }).toEqual({ role: 'CompanySupervisor', label: row.looked_up_label });
      expect(row.looked_up_role).toBe('CompanySupervisor');
    }

    const back = await change(harbourSupervisor, { swmsIds: selection.slice(0, 2), status: 'forReview' });
    expect(back.statusCode).toBe(200);
    expect(back.json<SwmsBulkResult>().items.map((swms) => swms.supervisorReviewedAt)).toEqual([null, null]);
  });

  it("lets a supervisor's bulk call touch only the supervisor flag, and an admin's only the admin flag", async () => {
    await setFlags(selection, { admin: harbourAdmin.userId, supervisor: null });
    const adminBefore = (await storedFlags(selection)).map((row) => [row.company_admin_reviewed_at, row.company_admin_reviewed_by]);
    await change(harbourSupervisor, { swmsIds: selection, status: 'forReview', companyAdminReviewedAt: null });
    await change(harbourSupervisor, { swmsIds: selection, status: 'reviewed', companyAdminReviewedBy: harbourSupervisor.userId });
    expect((await storedFlags(selection)).map((row) => [row.company_admin_reviewed_at, row.company_admin_reviewed_by])).toEqual(adminBefore);
    await change(harbourAdmin, { swmsIds: selection, status: 'forReview' });
    const after = await storedFlags(selection);
    expect(after.every((row) => row.company_admin_reviewed_at === null && row.supervisor_reviewed_by === harbourSupervisor.userId)).toBe(true);
  });

  it('changes nothing when one id belongs to another company or is unknown, and names the refused ids', async () => {
    const foreign = ridgelineSwms[0]!;
    const unknown = randomUUID();
    const before = await storedFlags([...selection, foreign]);
    const count = await auditCount();
    for (const [ids, refused] of [
      [[...selection, foreign], [foreign]],
      [[unknown, ...selection], [unknown]],
      [[...selection.slice(0, 2), foreign, unknown], [foreign, unknown]],
    ] as const) {
      const response = await change(harbourAdmin, { swmsIds: ids, status: 'reviewed' });
      expect(answer(response)).toEqual({ statusCode: 403, body: `These SWMS could not be changed: ${refused.join(', ')}` });
    }
    expect(await storedFlags([...selection, foreign])).toEqual(before);
    expect(await auditCount()).toBe(count);
  });

  it('lets an admin and a supervisor review the same SWMS at the same time without losing either flag', async () => {
    const count = await auditCount();
    const [admin, supervisor] = await Promise.all([
      change(harbourAdmin, { swmsIds: selection, status: 'reviewed' }),
      change(harbourSupervisor, { swmsIds: [...selection].reverse(), status: 'reviewed' }),
    ]);
    expect([admin.statusCode, supervisor.statusCode]).toEqual([200, 200]);
    const rows = await storedFlags(selection);
    expect(rows.every((row) => row.company_admin_reviewed_by === harbourAdmin.userId && row.supervisor_reviewed_by === harbourSupervisor.userId)).toBe(true);
    expect(await auditCount()).toBe(count + 2 * selection.length);
  });

  it('acts on the admin flag for a user who is both admin and supervisor', async () => {
    const email = `both.${randomUUID().slice(0, 8)}@harbourbuild.test`;
    const userId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: 'Bo', surname: 'Th' }).execute();
    await app.db
      .insertInto('user_roles')
      .values(['CompanySupervisor', 'CompanyAdmin'].map((role) => ({ id: randomUUID(), user_id: userId, company_id: harbourAdmin.companyId, role: role as 'CompanyAdmin' })))
      .execute();
    const both = await account(email);
    const response = await change(both, { swmsId: selection[0], status: 'reviewed' });
    expect(response.json()).toMatchObject({ companyAdminReviewedBy: userId, supervisorReviewedBy: null });
  });

  it('refuses a reviewer whose role was revoked after their token was issued', async () => {
    const email = `revoked.${randomUUID().slice(0, 8)}@harbourbuild.test`;
    const userId = randomUUID();
    const roleId = randomUUID();
    await app.db.insertInto('users').values({ id: userId, email, first_name: 'Rev', surname: 'Oked' }).execute();
    await app.db.insertInto('user_roles').values({ id: roleId, user_id: userId, company_id: harbourAdmin.companyId, role: 'CompanySupervisor' }).execute();
    const revoked = await account(email);
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', roleId).execute();
    const before = await storedFlags(selection);
    expect(answer(await change(revoked, { swmsIds: selection, status: 'reviewed' }))).toEqual(deniedPage);
    expect(await storedFlags(selection)).toEqual(before);
  });

  it('counts a repeated id once', async () => {
    const response = await change(harbourAdmin, { swmsIds: [selection[0], selection[0], selection[1]], status: 'reviewed' });
    expect(response.statusCode).toBe(200);
    expect(response.json<SwmsBulkResult>().items.map((swms) => swms._id)).toEqual([selection[0], selection[1]]);
  });

  it('takes 500 ids in one transaction', async () => {
    const bulk = await companyWithSwms(500);
    const response = await change(bulk.supervisor, { swmsIds: bulk.swmsIds, status: 'reviewed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SwmsBulkResult>().items).toHaveLength(500);
    expect((await list(bulk.supervisor, 'filter=status.string.forReview')).total).toBe(0);
    expect((await list(bulk.admin, 'filter=status.string.forReview')).total).toBe(500);
  });
});
