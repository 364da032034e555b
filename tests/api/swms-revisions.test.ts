import { randomUUID } from 'node:crypto';
import type { TradesActivity } from '../../src/domain/trades';
import { expectSwmsCountersExact } from '../support/swms-counters';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Swms, SwmsList, SwmsRevisionSummary, swmsMessages } from '../../src/domain/swms';
import { incompleteSwmsMessage, swmsGaps, swmsSubmissionMessages, type SwmsSubmission } from '../../src/domain/swms-submission';
import { seedDemo } from '../../server/seed/demo';
import { swmsRevisionMessage } from '../../server/swms/params';
import { isFileHeld } from '../../server/storage/files-repository';
import { describeOnPostgres } from '../support/on-postgres';
import { jpegFile } from '../support/upload-fixtures';
import { answer, call as callApi, type Method } from './calls';
import { createTestAppOn, signedInAccount, type SignedInAccount } from './test-app';

type Account = SignedInAccount;

interface Tradie {
  readonly id: string;
  readonly surname: string;
  readonly token: string;
}

interface World {
  readonly app: FastifyInstance;
  readonly admin: Account;
  readonly supervisor: Account;
  readonly otherAdmin: Account;
  readonly siteId: string;
  readonly author: Tradie;
  /** The author's SWMS, submitted through the submission call, revised by the tests in order. */
  readonly swmsId: string;
}

const migration043 = readFileSync(new URL('../../server/db/migrations/043_swms_revisions.sql', import.meta.url), 'utf8');

function decoded<A>(result: { ok: true; value: A } | { ok: false; issues: readonly { path: string; message: string }[] }): A {
  if (!result.ok) throw new Error(`response does not match its schema: ${JSON.stringify(result.issues)}`);
  return result.value;
}

function complete(taskDescription = 'Install the level 2 sub-board'): SwmsSubmission {
  return {
    submissionId: randomUUID(),
    highRiskWork: ['k', 'a'],
    riskConsequenceLevel: 4,
    riskLikelihoodLevel: 3,
    task: {
      taskDescription,
      mobilePlantTools: 'Scissor lift, cordless drill',
      riskText: 'Live conductors at the main board; fall from the scissor lift',
      riskPhoto: null,
      controlText: 'Isolate, lock and tag; test for dead; harness in the lift',
      controlPhoto: null,
      controlImplementation: 'Electrician isolates at the main switchboard before work starts',
      controlMonitoring: 'Supervisor checks the lock and tag at the morning walk',
      controlReview: 'Reviewed at the weekly toolbox talk or after any incident',
      ppe: ['hard_hat', 'gloves'],
      otherPpe: 'Class 00 insulated gloves',
    },
  };
}

/** The content columns a revision keeps, compared between a SWMS and its revision rows. */
const contentColumns = sql.raw(
  ['high_risk_work', 'risk_consequence_level', 'risk_likelihood_level', 'risk_overall_level', 'task_description', 'mobile_plant_tools',
    'risk_text', 'risk_photo_file_id', 'control_text', 'control_photo_file_id', 'control_implementation', 'control_monitoring',
    'control_review', 'ppe', 'other_ppe', 'company_id', 'site_id', 'created_by']
    .map((column) => `s.${column} IS NOT DISTINCT FROM r.${column}`)
    .join(' AND '),
);

function revisionsOn(embedded: boolean) {
  let world: World;
  let close: () => Promise<void>;
  let serial = 0;
  const call = (method: Method, url: string, token?: string, payload?: unknown) => callApi(world.app, method, url, token, payload);
  const revise = (token: string, body: unknown, swmsId = world.swmsId, siteId = world.siteId) =>
    call('POST', `/api/site/${siteId}/swms/${swmsId}/revisions`, token, body);
  const swmsUrl = (viewer: Account, path = '') => `/api/company/${viewer.companyId}/swms/${world.swmsId}${path}`;

  async function newTradesPerson(app: FastifyInstance, siteId: string | null): Promise<Tradie> {
    const email = `revisions.tradie.${++serial}.${randomUUID().slice(0, 6)}@trades.test`;
    const id = randomUUID();
    const surname = `Reviser${serial}x`;
    await app.db.insertInto('users').values({ id, email, first_name: 'Ana', surname, whitecard_number: 'WC-1' }).execute();
    await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: id, company_id: null, role: 'TradesPerson', status: 'active' }).execute();
    if (siteId !== null) await app.db.insertInto('check_ins').values({ id: randomUUID(), site_id: siteId, user_id: id, created_at: new Date(Date.now() - 60_000) }).execute();
    return { id, surname, token: await app.auth.tokenForEmail(email) };
  }

  async function uploadPhoto(token: string, filename: string) {
    const response = await call('POST', '/api/file', token, { type: 'photo', filename });
    expect(response.statusCode, response.body).toBe(201);
    const { fileKey } = response.json<{ fileKey: string }>();
    await world.app.storage.putFile(fileKey, jpegFile(), 'image/jpeg');
    return { friendlyName: filename, fileKey, type: 'photo' as const };
  }

  async function readOne(viewer: Account, path = ''): Promise<Swms> {
    const response = await call('GET', swmsUrl(viewer, path), viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(Swms, response.json()));
  }

  async function list(viewer: Account, query: string): Promise<SwmsList> {
    const response = await call('GET', `/api/company/${viewer.companyId}/swms?${query}`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decoded(decode(SwmsList, response.json()));
  }

  /** Each filter's total for the viewer's flag, and whether the SWMS is among that filter's rows. */
  async function totals(viewer: Account) {
    const result: Record<string, number> = {};
    for (const filter of ['', 'forReview', 'reviewed', 'changesRequested'] as const) {
      result[filter || 'all'] = (await list(viewer, filter ? `filter=status.string.${filter}` : 'sort=createdAt.date.desc')).total;
    }
    expect(result.forReview! + result.reviewed! + result.changesRequested!, 'every SWMS is in one filter').toBe(result.all);
    return result;
  }


  beforeAll(async () => {
    const test = await createTestAppOn(embedded);
    close = test.close;
    const app = test.app;
    await app.reviewDigest.stop();
    await seedDemo(app.db, app.storage);
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
    const otherAdmin = await signedInAccount(app, 'admin@ridgeline.demo');
    const site = await app.db
      .selectFrom('project_sites as p')
      .innerJoin('user_roles as r', 'r.id', 'p.supervisor_role_id')
      .select('p.id')
      .where('p.company_id', '=', admin.companyId)
      .where('r.user_id', '=', supervisor.userId)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const author = await newTradesPerson(app, site.id);
    const submitted = await callApi(app, 'POST', `/api/site/${site.id}/swms`, author.token, complete());
    expect(submitted.statusCode, submitted.body).toBe(201);
    world = { app, admin, supervisor, otherAdmin, siteId: site.id, author, swmsId: submitted.json<Swms>()._id };
  }, 180_000);
  afterAll(async () => close());

  it('stores every SWMS of the migrated demo data as its revision 1, and a submission as revision 1', async () => {
    const { app, admin } = world;
    const unmatched = (db: typeof app.db) => sql<{ swms: number; unmatched: number }>`
      SELECT count(*)::int AS swms,
        count(*) FILTER (WHERE NOT EXISTS (
          SELECT 1 FROM swms_revisions r WHERE r.swms_id = s.id AND r.revision = 1 AND r.submission_id = s.id AND r.created_at = s.created_at
            AND ${contentColumns}))::int AS unmatched
      FROM swms s`.execute(db);
    const now = (await unmatched(app.db)).rows[0]!;
    expect(now.swms).toBeGreaterThan(10);
    expect(now.unmatched).toBe(0);
    expect((await readOne(admin)).revision).toBe(1);

    // The migration itself on the demo data as migration 042 left it, undone after.
    const undo = new Error('undo');
    let backfilled: { swms: number; unmatched: number } | undefined;
    let revisionsBefore = -1;
    await app.db
      .transaction()
      .execute(async (trx) => {
        await sql`DROP TRIGGER swms_first_revision ON swms`.execute(trx);
        await sql`DROP TABLE swms_revisions`.execute(trx);
        await sql`UPDATE swms SET task_description = task_description || ' (before 043)'`.execute(trx);
        await sql`ALTER TABLE swms DROP COLUMN revision`.execute(trx);
        await sql.raw(migration043).execute(trx);
        backfilled = (await unmatched(trx)).rows[0];
        revisionsBefore = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM swms_revisions`.execute(trx)).rows[0]!.n);
        const revisions = await sql<{ revision: number }>`SELECT DISTINCT revision FROM swms`.execute(trx);
        expect(revisions.rows).toEqual([{ revision: 1 }]);
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    expect(backfilled).toEqual({ swms: now.swms, unmatched: 0 });
    expect(revisionsBefore).toBe(now.swms);
  });

  it('refuses anyone but the checked-in author, as the submission refuses', async () => {
    const { app, admin, author, siteId } = world;
    const other = await newTradesPerson(app, siteId);
    expect(answer(await revise(other.token, complete()))).toEqual({ statusCode: 403, body: swmsSubmissionMessages.authorOnly });
    expect(answer(await revise(admin.token, complete()))).toEqual({ statusCode: 403, body: swmsSubmissionMessages.tradesOnly });
    expect((await call('POST', `/api/site/${siteId}/swms/${world.swmsId}/revisions`, undefined, complete())).statusCode).toBe(401);
    const refused = { statusCode: 403, body: swmsSubmissionMessages.authorOnly };
    expect(answer(await revise(author.token, complete(), randomUUID()))).toEqual(refused);
    expect(answer(await revise(author.token, complete(), 'not-a-swms'))).toEqual(refused);
    const otherSite = await app.db.selectFrom('project_sites').select('id').where('id', '!=', siteId).orderBy('id').executeTakeFirstOrThrow();
    expect(answer(await revise(author.token, complete(), world.swmsId, otherSite.id))).toEqual(refused);
    expect(answer(await revise(author.token, complete(), world.swmsId, randomUUID()))).toEqual(refused);
    expect(answer(await revise(author.token, complete(), world.swmsId, 'not-a-site'))).toEqual(refused);
    // The author checked out yesterday and not back in today may not revise either.
    const away = await newTradesPerson(app, null);
    await app.db
      .insertInto('check_ins')
      .values({ id: randomUUID(), site_id: siteId, user_id: away.id, created_at: new Date(Date.now() - 30 * 3_600_000), checked_out_at: new Date(Date.now() - 24 * 3_600_000), checkout_kind: 'automatic' })
      .execute();
    await app.db.updateTable('swms').set({ created_by: away.id }).where('id', '=', world.swmsId).execute();
    try {
      expect(answer(await revise(away.token, complete()))).toEqual({ statusCode: 403, body: swmsSubmissionMessages.notCheckedInToRevise });
    } finally {
      await app.db.updateTable('swms').set({ created_by: author.id }).where('id', '=', world.swmsId).execute();
    }
    expect((await readOne(admin)).revision).toBe(1);
  });

  it('refuses a bad body with 400 and its messages, never 500', async () => {
    const { author, admin } = world;
    const incomplete = complete('   ');
    const cases: [unknown, string][] = [
      [{ ...complete(), riskConsequenceLevel: 7 }, swmsSubmissionMessages.level],
      [{ ...complete(), submissionId: 'draft-1' }, swmsSubmissionMessages.submissionId],
      [{ ...complete(), task: { ...complete().task, ppe: ['cape'] } }, swmsSubmissionMessages.ppe],
      [incomplete, incompleteSwmsMessage(swmsGaps(incomplete))],
    ];
    for (const [body, message] of cases) {
      const response = await revise(author.token, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body.toLowerCase()).toContain(message.toLowerCase());
    }
    for (const body of [null, [], 'text', 42, {}]) {
      const response = await revise(author.token, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
    }
    expect((await readOne(admin)).revision).toBe(1);
  });

  it('stores revision 2 with both flags back to For Review, counted exactly in every list total', async () => {
    const { app, admin, supervisor, author } = world;
    const reviewed = await call('PUT', `/api/company/${admin.companyId}/swms`, admin.token, { swmsId: world.swmsId, status: 'reviewed' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const requested = await call('PUT', `/api/company/${supervisor.companyId}/swms`, supervisor.token, {
      swmsId: world.swmsId,
      status: 'changesRequested',
      comment: 'Name the isolation point',
      part: 'controls',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const adminBefore = await totals(admin);
    const supervisorBefore = await totals(supervisor);
    await expectSwmsCountersExact(world.app.db, admin.companyId);

    const body = complete('Install the level 2 sub-board, isolated at MSB-2');
    const response = await revise(author.token, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ swmsId: world.swmsId, revision: 2 });

    const swms = await readOne(admin);
    expect(swms.revision).toBe(2);
    expect(swms.task.taskDescription).toBe('Install the level 2 sub-board, isolated at MSB-2');
    expect([swms.companyAdminReviewedAt, swms.companyAdminReviewedBy, swms.companyAdminChangesRequestedAt]).toEqual([null, null, null]);
    expect([swms.supervisorReviewedAt, swms.supervisorReviewedBy, swms.supervisorChangesRequestedAt]).toEqual([null, null, null]);
    expect(await totals(admin)).toEqual({ ...adminBefore, forReview: adminBefore.forReview! + 1, reviewed: adminBefore.reviewed! - 1 });
    expect(await totals(supervisor)).toEqual({
      ...supervisorBefore,
      forReview: supervisorBefore.forReview! + 1,
      changesRequested: supervisorBefore.changesRequested! - 1,
    });
    const queue = await list(supervisor, `filter=status.string.forReview&search=${author.surname}`);
    expect(queue.items.map((item) => item._id)).toEqual([world.swmsId]);
    expect(queue.items[0]?.revision, 'a list row is the latest revision, and says which').toBe(2);
    await expectSwmsCountersExact(world.app.db, admin.companyId);

    // The author's home says which revision it is and when it was sent; the SWMS keeps its first submission's time.
    const home = await call('GET', `/api/profile/trades/${author.id}/activity`, author.token);
    expect(home.statusCode, home.body).toBe(200);
    const onHome = home.json<TradesActivity>().swms.find((item) => item._id === world.swmsId);
    const sent = await app.db.selectFrom('swms_revisions').select('created_at').where('swms_id', '=', world.swmsId).where('revision', '=', 2).executeTakeFirstOrThrow();
    expect(onHome).toMatchObject({ revision: 2, revisedAt: sent.created_at.toISOString(), createdAt: swms.createdAt });

    const events = await app.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'detail', 'company_id'])
      .where('entity_id', '=', world.swmsId)
      .where('action', '=', 'swms.revised')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_user_id: author.id, company_id: admin.companyId, detail: { revision: 2, previousRevision: 1, siteId: world.siteId } });

    // A resend of the same revision answers it again and stores nothing more.
    const resent = await revise(author.token, body);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ swmsId: world.swmsId, revision: 2 });
    // A revision's id is spent: neither another SWMS's revision nor a new submission may take it.
    const other = await call('POST', `/api/site/${world.siteId}/swms`, author.token, { ...complete(), submissionId: body.submissionId });
    expect(answer(other)).toEqual({ statusCode: 409, body: swmsSubmissionMessages.alreadySubmitted });
    const count = await app.db.selectFrom('swms_revisions').select((eb) => eb.fn.countAll<number>().as('n')).where('swms_id', '=', world.swmsId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    expect(await app.db.selectFrom('audit_events').select('id').where('entity_id', '=', world.swmsId).where('action', '=', 'swms.revised').execute()).toHaveLength(1);
  });

  it('lists the revisions and reads each one, with the comments made on it', async () => {
    const { admin, supervisor, otherAdmin, author } = world;
    const requested = await call('PUT', `/api/company/${admin.companyId}/swms`, admin.token, {
      swmsId: world.swmsId,
      status: 'changesRequested',
      comment: 'Add the spotter for the lift',
    });
    expect(requested.statusCode, requested.body).toBe(200);

    const response = await call('GET', swmsUrl(supervisor, '/revisions'), supervisor.token);
    expect(response.statusCode, response.body).toBe(200);
    const revisions = response.json<SwmsRevisionSummary[]>();
    expect(revisions.every((revision) => decode(SwmsRevisionSummary, revision).ok)).toBe(true);
    expect(revisions.map((revision) => [revision.revision, revision.createdUserDetails._id])).toEqual([[1, author.id], [2, author.id]]);
    expect(Date.parse(revisions[1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(revisions[0]!.createdAt));

    const first = await readOne(admin, '/revisions/1');
    const second = await readOne(admin, '/revisions/2');
    expect([first.revision, first.task.taskDescription]).toEqual([1, 'Install the level 2 sub-board']);
    expect([second.revision, second.task.taskDescription]).toEqual([2, 'Install the level 2 sub-board, isolated at MSB-2']);
    expect(first.comments.map((comment) => [comment.revision, comment.text])).toEqual([[1, 'Name the isolation point']]);
    expect(second.comments.map((comment) => [comment.revision, comment.text])).toEqual([[2, 'Add the spotter for the lift']]);
    const latest = await readOne(admin);
    expect(latest.comments.map((comment) => comment.revision)).toEqual([1, 2]);
    expect({ ...second, comments: [] }).toEqual({ ...latest, comments: [] });

    expect(answer(await call('GET', swmsUrl(admin, '/revisions/3'), admin.token))).toEqual({ statusCode: 404, body: swmsSubmissionMessages.revisionNotFound });
    for (const bad of ['0', 'two', '1.5', '-1']) {
      const refused = await call('GET', swmsUrl(admin, `/revisions/${bad}`), admin.token);
      expect(refused.statusCode, `${bad}: ${refused.body}`).toBe(400);
      expect(refused.body).toContain(swmsRevisionMessage);
    }
    const foreign = `/api/company/${otherAdmin.companyId}/swms/${world.swmsId}`;
    expect(answer(await call('GET', `${foreign}/revisions`, otherAdmin.token))).toEqual({ statusCode: 403, body: swmsMessages.notAuthorised });
    expect(answer(await call('GET', `${foreign}/revisions/1`, otherAdmin.token))).toEqual({ statusCode: 403, body: swmsMessages.notAuthorised });
    expect((await call('GET', swmsUrl(admin, '/revisions'), author.token)).statusCode).toBe(403);
  });

  it("keeps each revision's photos: a photo a later revision drops is still held by the revision that shows it", async () => {
    const { app, admin, author } = world;
    const hazard = await uploadPhoto(author.token, 'hazard.jpg');
    const withPhoto = complete('Install the level 2 sub-board, isolated at MSB-2');
    const third = await revise(author.token, { ...withPhoto, task: { ...withPhoto.task, riskPhoto: hazard } });
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json()).toEqual({ swmsId: world.swmsId, revision: 3 });
    const fourth = await revise(author.token, complete('Install the level 2 sub-board, isolated at MSB-2'));
    expect(fourth.statusCode, fourth.body).toBe(201);
    expect(third.json<{ revision: number }>().revision + 1).toBe(fourth.json<{ revision: number }>().revision);
    expect((await readOne(admin)).task.riskPhoto).toBeNull();
    expect((await readOne(admin, '/revisions/3')).task.riskPhoto?.url).toContain(hazard.fileKey);
    const file = await app.db.selectFrom('files').select('id').where('file_key', '=', hazard.fileKey).executeTakeFirstOrThrow();
    expect(await isFileHeld(app.db, file.id)).toBe(true);
  });

  it('refuses to change, delete or truncate a stored revision, as it refuses to alter the audit trail', async () => {
    const { app } = world;
    const update = app.db.updateTable('swms_revisions').set({ task_description: 'Rewritten later' }).where('swms_id', '=', world.swmsId).execute();
    await expect(update).rejects.toThrow(/immutable: UPDATE is refused/);
    await expect(app.db.deleteFrom('swms_revisions').where('swms_id', '=', world.swmsId).execute()).rejects.toThrow(/immutable: DELETE is refused/);
    await expect(sql`TRUNCATE swms_revisions`.execute(app.db)).rejects.toThrow(/immutable: TRUNCATE is refused/);
    const stored = await app.db.selectFrom('swms_revisions').select('task_description').where('swms_id', '=', world.swmsId).orderBy('revision').execute();
    expect(stored.map((row) => row.task_description)).toEqual([
      'Install the level 2 sub-board',
      ...Array.from({ length: 3 }, () => 'Install the level 2 sub-board, isolated at MSB-2'),
    ]);
  });
}

describe('SWMS revisions, on PGlite', () => revisionsOn(true));
describeOnPostgres('SWMS revisions, on PostgreSQL', () => revisionsOn(false));
