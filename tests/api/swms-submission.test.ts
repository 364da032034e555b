import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decode } from '../../src/domain/decode';
import { highRiskWorkText } from '../../src/domain/high-risk-work';
import type { LiveEvent } from '../../server/live/bus';
import { Swms, type SwmsList } from '../../src/domain/swms';
import { emptySwmsDraft, incompleteSwmsMessage, submissionOf, swmsGaps, swmsSubmissionMessages, type SwmsSubmission } from '../../src/domain/swms-submission';
import { tradesMessages } from '../../src/domain/trades';
import { seedDemo } from '../../server/seed/demo';
import { jpegFile, pdfFile } from '../support/upload-fixtures';
import { createTestApp, signedInAccount, type SignedInAccount } from './test-app';
import { answer } from './calls';

let app: FastifyInstance;
let close: () => Promise<void>;
let admin: SignedInAccount;
let supervisor: SignedInAccount;
let site: { id: string; supervisor_role_id: string | null };

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await app.reviewDigest.stop();
  await seedDemo(app.db, app.storage);
  admin = await signedInAccount(app, 'admin@harbourbuild.demo');
  supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
  site = await app.db
    .selectFrom('project_sites as p')
    .innerJoin('user_roles as r', 'r.id', 'p.supervisor_role_id')
    .select(['p.id', 'p.supervisor_role_id'])
    .where('p.company_id', '=', admin.companyId)
    .where('r.user_id', '=', supervisor.userId)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
}, 120_000);
afterAll(async () => close());

interface Tradie {
  readonly id: string;
  readonly token: string;
}

let serial = 0;

async function newTradesPerson(): Promise<Tradie> {
  const email = `swms.tradie.${++serial}.${randomUUID().slice(0, 6)}@trades.test`;
  const id = randomUUID();
  await app.db.insertInto('users').values({ id, email, first_name: 'Ana', surname: `Rigger${serial}`, whitecard_number: 'WC-1' }).execute();
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: id, company_id: null, role: 'TradesPerson', status: 'active' }).execute();
  return { id, token: await app.auth.tokenForEmail(email) };
}

const hour = 60 * 60 * 1000;

async function checkIn(userId: string, at: Date, checkedOutAt: Date | null = null, siteId = site.id) {
  await app.db
    .insertInto('check_ins')
    .values({ id: randomUUID(), site_id: siteId, user_id: userId, created_at: at, checked_out_at: checkedOutAt, checkout_kind: checkedOutAt ? 'automatic' : null })
    .execute();
}

function complete(overrides: Partial<SwmsSubmission['task']> = {}): SwmsSubmission {
  return {
    submissionId: randomUUID(),
    highRiskWork: ['k', 'a'],
    riskConsequenceLevel: 4,
    riskLikelihoodLevel: 3,
    task: {
      taskDescription: 'Install the level 2 sub-board',
      mobilePlantTools: 'Scissor lift, cordless drill',
      riskText: 'Live conductors at the main board; fall from the scissor lift',
      riskPhoto: null,
      controlText: 'Isolate, lock and tag; test for dead; harness in the lift',
      controlPhoto: null,
      controlImplementation: 'Electrician isolates at the main switchboard before work starts',
      controlMonitoring: 'Supervisor checks the lock and tag at the morning walk',
      controlReview: 'Reviewed at the weekly toolbox talk or after any incident',
      ppe: ['hard_hat', 'gloves', 'hard_hat'],
      otherPpe: 'Class 00 insulated gloves',
      ...overrides,
    },
  };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const submit = (token: string, payload: unknown, siteId = site.id) =>
  app.inject({ method: 'POST', url: `/api/site/${siteId}/swms`, headers: auth(token), payload: payload as object });
const notCheckedIn = { statusCode: 403, body: swmsSubmissionMessages.notCheckedIn };

async function uploadPhoto(token: string, filename: string, bytes: Buffer = jpegFile()) {
  const response = await app.inject({ method: 'POST', url: '/api/file', headers: auth(token), payload: { type: 'photo', filename } });
  const { fileKey } = response.json<{ fileKey: string }>();
  await app.storage.putFile(fileKey, bytes, 'image/jpeg');
  return { friendlyName: filename, fileKey, type: 'photo' as const };
}

describe('POST /api/site/:siteId/swms: who may submit', () => {
  it('refuses a tradesperson who never checked in at the site', async () => {
    const tradie = await newTradesPerson();
    expect(answer(await submit(tradie.token, complete()))).toEqual(notCheckedIn);
  });

  it('refuses a tradesperson checked in there yesterday only', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date(Date.now() - 30 * hour), new Date(Date.now() - 24 * hour));
    expect(answer(await submit(tradie.token, complete()))).toEqual(notCheckedIn);
  });

  it('refuses a check-in at another site, an unknown site and a malformed site id alike', async () => {
    const tradie = await newTradesPerson();
    const other = await app.db.selectFrom('project_sites').select('id').where('id', '!=', site.id).orderBy('id').executeTakeFirstOrThrow();
    await checkIn(tradie.id, new Date(), null, other.id);
    expect(answer(await submit(tradie.token, complete()))).toEqual(notCheckedIn);
    expect(answer(await submit(tradie.token, complete(), randomUUID()))).toEqual(notCheckedIn);
    expect(answer(await submit(tradie.token, complete(), 'not-a-site'))).toEqual(notCheckedIn);
  });

  it('refuses anyone who is not a tradesperson', async () => {
    expect(answer(await submit(admin.token, complete()))).toEqual({ statusCode: 403, body: swmsSubmissionMessages.tradesOnly });
    expect((await app.inject({ method: 'POST', url: `/api/site/${site.id}/swms`, payload: complete() })).statusCode).toBe(401);
  });

  it('accepts a tradesperson who checked in and out earlier today', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date(Date.now() - 60_000), new Date());
    const response = await submit(tradie.token, complete());
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('POST /api/site/:siteId/swms: a checked-in tradesperson', () => {
  it('stores the SWMS For Review on both flags, answers it as the company reads it, and lists it at once', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date(Date.now() - hour));
    const heard: LiveEvent[] = [];
    const unsubscribe = app.live.subscribe(admin.companyId, (event) => heard.push(event));
    const body = complete();
    const response = await submit(tradie.token, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(decode(Swms, response.json()).ok).toBe(true);
    const swms = response.json<Swms>();
    expect(swms).toMatchObject({
      _id: body.submissionId,
      createdUserDetails: { _id: tradie.id, firstName: 'Ana' },
      site: { _id: site.id },
      companyAdminReviewedAt: null,
      supervisorReviewedAt: null,
      highRiskWork: [highRiskWorkText('a'), highRiskWorkText('k')],
      riskConsequenceLevel: 4,
      riskLikelihoodLevel: 3,
      riskOverallLevel: 12,
      riskBand: 'High',
      task: {
        controlImplementation: body.task.controlImplementation,
        controlMonitoring: body.task.controlMonitoring,
        controlReview: body.task.controlReview,
        ppe: ['hard_hat', 'gloves'],
        riskPhoto: null,
      },
    });
    const read = await app.inject({ method: 'GET', url: `/api/company/${admin.companyId}/swms/${swms._id}`, headers: auth(admin.token) });
    expect(read.json()).toEqual(swms);
    // The notice travels through the database (LISTEN/NOTIFY on PostgreSQL), so it may land a moment after the answer.
    await vi.waitFor(() => expect(heard).toContainEqual({ companyId: admin.companyId, topic: 'swms' }));
    unsubscribe();

    for (const reviewer of [admin, supervisor]) {
      const list = await app.inject({ method: 'GET', url: `/api/company/${admin.companyId}/swms`, headers: auth(reviewer.token) });
      expect(list.json<SwmsList>().items[0]).toMatchObject({ _id: swms._id, status: 'forReview', adminReviewedAt: null, supervisorReviewedAt: null });
    }
    const siteList = await app.inject({ method: 'GET', url: `/api/company/${admin.companyId}/projectSites/${site.id}/swms`, headers: auth(admin.token) });
    expect(siteList.json<{ items: { _id: string }[] }>().items[0]?._id).toBe(swms._id);
  });

  it('records the submission in the company chain and queues one digest item per admin and the site supervisor', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    const response = await submit(tradie.token, complete());
    const swmsId = response.json<Swms>()._id;
    const event = await app.db
      .selectFrom('audit_events')
      .select(['chain', 'actor_user_id', 'entity'])
      .where('action', '=', 'swms.submitted')
      .where('entity_id', '=', swmsId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ chain: admin.companyId, actor_user_id: tradie.id, entity: 'swms' });

    const admins = await app.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('company_id', '=', admin.companyId)
      .where('role', '=', 'CompanyAdmin')
      .where('status', '=', 'active')
      .execute();
    const items = await app.db.selectFrom('review_digest_items').select(['recipient_user_id', 'sent_at']).where('swms_id', '=', swmsId).execute();
    expect(items.map((item) => item.recipient_user_id).sort()).toEqual([...new Set([...admins.map((row) => row.user_id), supervisor.userId])].sort());
    expect(items.every((item) => item.sent_at === null)).toBe(true);
  });

  it('refuses an incomplete SWMS naming every missing part', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    const draft = submissionOf(emptySwmsDraft(site.id, randomUUID()));
    const gaps = swmsGaps(draft);
    expect(gaps.length).toBeGreaterThanOrEqual(8);
    expect(answer(await submit(tradie.token, draft))).toEqual({ statusCode: 400, body: incompleteSwmsMessage(gaps) });
    const partial = complete({ controlMonitoring: ' ', controlReview: '' });
    expect(answer(await submit(tradie.token, partial))).toEqual({
      statusCode: 400,
      body: 'This SWMS is incomplete: Say how the control measures are monitored; Say how the control measures are reviewed',
    });
    expect(await app.db.selectFrom('swms').select('id').where('created_by', '=', tradie.id).execute()).toEqual([]);
  });

  it("refuses a malformed body with the first field's message", async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    expect(answer(await submit(tradie.token, { ...complete(), riskLikelihoodLevel: 6 }))).toEqual({ statusCode: 400, body: 'Likelihood: choose a level from 1 to 5' });
    expect(answer(await submit(tradie.token, { ...complete(), submissionId: 'draft-1' }))).toEqual({ statusCode: 400, body: swmsSubmissionMessages.submissionId });
  });

  it('stores a submission sent twice once, answering 200 with it the second time', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    const body = complete();
    const first = await submit(tradie.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await submit(tradie.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await app.db.selectFrom('swms').select('id').where('created_by', '=', tradie.id).execute()).toEqual([{ id: body.submissionId }]);
    const events = await app.db.selectFrom('audit_events').select('id').where('action', '=', 'swms.submitted').where('entity_id', '=', body.submissionId).execute();
    expect(events).toHaveLength(1);
  });

  it("refuses another tradesperson's submission id", async () => {
    const tradie = await newTradesPerson();
    const other = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    await checkIn(other.id, new Date());
    const body = complete();
    expect((await submit(tradie.token, body)).statusCode).toBe(201);
    expect(answer(await submit(other.token, body))).toEqual({ statusCode: 409, body: swmsSubmissionMessages.alreadySubmitted });
  });

  it('takes photos the tradesperson uploaded and refuses anyone else’s', async () => {
    const tradie = await newTradesPerson();
    const other = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    const hazard = await uploadPhoto(tradie.token, 'hazard.jpg');
    const control = await uploadPhoto(tradie.token, 'control.jpg');
    const theirs = await uploadPhoto(other.token, 'theirs.jpg');
    expect(answer(await submit(tradie.token, complete({ riskPhoto: theirs })))).toEqual({ statusCode: 400, body: tradesMessages.photoUploadAgain });
    const response = await submit(tradie.token, complete({ riskPhoto: hazard, controlPhoto: control }));
    expect(response.statusCode, response.body).toBe(201);
    const swms = response.json<Swms>();
    expect(swms.task.riskPhoto?.url).toContain(hazard.fileKey);
    expect(swms.task.controlPhoto?.url).toContain(control.fileKey);
  });

  it('refuses a renamed hazard or control photo (issue 12 §9), naming the photo, deletes it and stores no SWMS', async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, new Date());
    const fileRow = (fileKey: string) => app.db.selectFrom('files').select('id').where('file_key', '=', fileKey).executeTakeFirst();
    const pdfAsJpeg = await uploadPhoto(tradie.token, 'hazard.jpg', pdfFile());
    const jpegAsPng = await uploadPhoto(tradie.token, 'control.png', jpegFile());
    const hazard = complete({ riskPhoto: pdfAsJpeg });
    expect(answer(await submit(tradie.token, hazard))).toEqual({ statusCode: 400, body: 'The photo of the hazard must be a JPEG image. Upload it again.' });
    const controls = complete({ controlPhoto: jpegAsPng });
    expect(answer(await submit(tradie.token, controls))).toEqual({ statusCode: 400, body: 'The photo of the controls must be a PNG image. Upload it again.' });
    for (const { fileKey } of [pdfAsJpeg, jpegAsPng]) {
      expect(await fileRow(fileKey)).toBeUndefined();
      expect(await app.storage.readFileStart(fileKey, 8)).toBeNull();
    }
    const stored = await app.db.selectFrom('swms').select('id').where('id', 'in', [hazard.submissionId, controls.submissionId]).execute();
    expect(stored).toEqual([]);
  });
});
