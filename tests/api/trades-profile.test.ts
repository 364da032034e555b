import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { swmsMessages, Swms } from '../../src/domain/swms';
import { TradesActivity, TradesPerson, tradesMessages, type TradesProfileUpdate } from '../../src/domain/trades';
import { seedDemo } from '../../server/seed/demo';
import { fileNamed } from '../support/upload-fixtures';
import { createTestApp, signedInAccount, type SignedInAccount } from './test-app';
import { answer } from './calls';

let app: FastifyInstance;
let close: () => Promise<void>;
let harbourAdmin: SignedInAccount;
let harbourSite: { id: string; address: string; suburb: string; site_number: string; supervisor_role_id: string | null };
let ridgelineSite: { id: string };

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await app.reviewDigest.stop();
  await seedDemo(app.db, app.storage);
  harbourAdmin = await signedInAccount(app, 'admin@harbourbuild.demo');
  const ridgelineAdmin = await signedInAccount(app, 'admin@ridgeline.demo');
  const firstSite = (companyId: string) =>
    app.db.selectFrom('project_sites').select(['id', 'address', 'suburb', 'site_number', 'supervisor_role_id']).where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();
  harbourSite = await firstSite(harbourAdmin.companyId);
  ridgelineSite = await firstSite(ridgelineAdmin.companyId);
}, 120_000);
afterAll(async () => close());

interface Tradie {
  readonly id: string;
  readonly email: string;
  readonly token: string;
}

let serial = 0;

async function newTradesPerson(): Promise<Tradie> {
  const email = `tradie.${++serial}.${randomUUID().slice(0, 6)}@trades.test`;
  const id = randomUUID();
  await app.db.insertInto('users').values({ id, email }).execute();
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: id, company_id: null, role: 'TradesPerson', status: 'active' }).execute();
  return { id, email, token: await app.auth.tokenForEmail(email) };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploadPhoto(token: string, filename: string, type = 'photo') {
  const response = await app.inject({ method: 'POST', url: '/api/file', headers: auth(token), payload: { type, filename } });
  expect(response.statusCode, response.body).toBe(201);
  const { fileKey } = response.json<{ fileKey: string }>();
  await app.storage.putFile(fileKey, fileNamed(filename), 'image/jpeg');
  return { friendlyName: filename, fileKey, type: 'photo' as const };
}

function profile(overrides: Partial<TradesProfileUpdate> = {}): TradesProfileUpdate {
  return {
    firstName: 'Toby',
    surname: 'Sparks',
    phone: '0412345678',
    email: 'toby@sparks.test',
    emergencyContactName: 'Tina Sparks',
    emergencyContactPhone: '0498765432',
    tradeQualifications: 'Electrician (Lic. 12345)',
    whitecardNumber: 'WC-778899',
    whitecardPhoto: null,
    licences: [],
    ...overrides,
  };
}

const put = (id: string, token: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/profile/trades/${id}`, headers: auth(token), payload: payload as object });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

describe('PUT /api/profile/trades/:id', () => {
  it('saves the details, white card photo and licences in order, and reads them back with photo urls', async () => {
    const tradie = await newTradesPerson();
    const card = await uploadPhoto(tradie.token, 'white card.jpg');
    const ewp = await uploadPhoto(tradie.token, 'ewp.png');
    const update = profile({
      whitecardPhoto: card,
      licences: [
        { licenceClass: 'Boom-type elevating work platform (WP)', number: 'HRW-1001', expiresOn: '2028-03-31', photo: ewp },
        { licenceClass: 'Electrical licence', number: 'EC-20456', expiresOn: '2027-02-28', photo: null },
      ],
    });
    const saved = await put(tradie.id, tradie.token, update);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(decode(TradesPerson, saved.json()).ok).toBe(true);

    const read = await get(`/api/profile/trades/${tradie.id}`, tradie.token);
    expect(read.json()).toEqual(saved.json());
    const person = read.json<TradesPerson>();
    expect(person).toMatchObject({
      _id: tradie.id,
      firstName: 'Toby',
      email: 'toby@sparks.test',
      whitecardNumber: 'WC-778899',
      whitecardPhoto: { fileKey: card.fileKey, friendlyName: 'white card.jpg' },
    });
    expect(person.licences.map((licence) => [licence.licenceClass, licence.number, licence.expiresOn, licence.photo?.fileKey ?? null])).toEqual([
      ['Boom-type elevating work platform (WP)', 'HRW-1001', '2028-03-31', ewp.fileKey],
      ['Electrical licence', 'EC-20456', '2027-02-28', null],
    ]);
    expect(person.whitecardPhoto?.url).toContain(card.fileKey);
    expect(person.licences[0]?.photo?.url).toContain(ewp.fileKey);

    const user = await app.db.selectFrom('users').select(['contact_email', 'email']).where('id', '=', tradie.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ contact_email: 'toby@sparks.test', email: tradie.email });
  });

  it('deletes the photos the profile no longer uses, rows and blobs, and records the change in the platform chain', async () => {
    const tradie = await newTradesPerson();
    const oldCard = await uploadPhoto(tradie.token, 'old card.jpg');
    const licencePhoto = await uploadPhoto(tradie.token, 'forklift.jpg');
    const licence = { licenceClass: 'Forklift truck (LF)', number: 'LF-77', expiresOn: '2029-01-15', photo: licencePhoto };
    expect((await put(tradie.id, tradie.token, profile({ whitecardPhoto: oldCard, licences: [licence] }))).statusCode).toBe(200);

    const newCard = await uploadPhoto(tradie.token, 'new card.jpg');
    const saved = await put(tradie.id, tradie.token, profile({ surname: 'Sparkes', whitecardPhoto: newCard, licences: [] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ surname: 'Sparkes', whitecardPhoto: { fileKey: newCard.fileKey }, licences: [] });

    for (const gone of [oldCard, licencePhoto]) {
      expect(await app.storage.readFile(gone.fileKey)).toBeNull();
      expect(await app.db.selectFrom('files').select('id').where('file_key', '=', gone.fileKey).executeTakeFirst()).toBeUndefined();
    }
    expect(await app.storage.readFile(newCard.fileKey)).not.toBeNull();

    const events = await app.db
      .selectFrom('audit_events')
      .select(['action', 'entity', 'entity_id', 'chain', 'actor_user_id', 'detail'])
      .where('action', '=', 'trades.profileUpdated')
      .where('entity_id', '=', tradie.id)
      .orderBy('seq')
      .execute();
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ entity: 'user', chain: 'platform', actor_user_id: tradie.id });
    expect(events[1]?.detail).toMatchObject({
      changes: { surname: { from: 'Sparks', to: 'Sparkes' } },
      whitecardPhoto: newCard.fileKey,
      deletedFiles: expect.arrayContaining([oldCard.fileKey, licencePhoto.fileKey]),
    });
  });

  it('answers only the tradesperson themself, and an unknown id alike', async () => {
    const tradie = await newTradesPerson();
    const other = await newTradesPerson();
    const refused = { statusCode: 403, body: tradesMessages.ownProfileOnly };
    expect(answer(await put(tradie.id, other.token, profile()))).toEqual(refused);
    expect(answer(await put(tradie.id, harbourAdmin.token, profile()))).toEqual(refused);
    expect(answer(await put(randomUUID(), tradie.token, profile()))).toEqual(refused);
    expect(answer(await put('not-an-id', tradie.token, profile()))).toEqual(refused);
    expect(answer(await put(harbourAdmin.userId, harbourAdmin.token, profile()))).toEqual(refused);
    const untouched = await app.db.selectFrom('users').select('first_name').where('id', '=', tradie.id).executeTakeFirstOrThrow();
    expect(untouched.first_name).toBe('');
  });

  it('refuses an impossible expiry date, a 21st licence and a missing field with their messages', async () => {
    const tradie = await newTradesPerson();
    const licence = { licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: null };
    expect(answer(await put(tradie.id, tradie.token, profile({ licences: [{ ...licence, expiresOn: '2027-02-30' }] })))).toEqual({
      statusCode: 400,
      body: `Licences item 1, Expiry date: ${tradesMessages.expiryDate.charAt(0).toLowerCase()}${tradesMessages.expiryDate.slice(1)}`,
    });
    expect(answer(await put(tradie.id, tradie.token, profile({ licences: Array.from({ length: 21 }, () => licence) })))).toEqual({
      statusCode: 400,
      body: tradesMessages.tooManyLicences,
    });
    expect(answer(await put(tradie.id, tradie.token, { ...profile(), whitecardNumber: '  ' }))).toEqual({ statusCode: 400, body: 'White Card Number: this field is required' });
    expect((await put(tradie.id, tradie.token, profile({ licences: Array.from({ length: 20 }, () => licence) }))).statusCode).toBe(200);
  });

  it("refuses a photo that is someone else's upload or not a photo, and changes nothing", async () => {
    const tradie = await newTradesPerson();
    const other = await newTradesPerson();
    const theirs = await uploadPhoto(other.token, 'their card.jpg');
    const photoUploadAgain = { statusCode: 400, body: tradesMessages.photoUploadAgain };
    expect(answer(await put(tradie.id, tradie.token, profile({ whitecardPhoto: theirs })))).toEqual(photoUploadAgain);
    const licence = { licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: theirs };
    expect(answer(await put(tradie.id, tradie.token, profile({ licences: [licence] })))).toEqual(photoUploadAgain);
    const never = { friendlyName: 'x.jpg', fileKey: `${randomUUID()}.jpg`, type: 'photo' as const };
    expect(answer(await put(tradie.id, tradie.token, profile({ whitecardPhoto: never })))).toEqual(photoUploadAgain);
    const logo = await uploadPhoto(harbourAdmin.token, 'logo.png', 'companyProfile');
    expect(answer(await put(tradie.id, tradie.token, profile({ whitecardPhoto: logo })))).toEqual(photoUploadAgain);
    expect(await app.db.selectFrom('licences').select('id').where('user_id', '=', tradie.id).execute()).toEqual([]);
    expect(await app.storage.readFile(theirs.fileKey)).not.toBeNull();
  });
});

async function checkIn(userId: string, siteId: string, at: Date, checkedOutAt: Date | null) {
  const id = randomUUID();
  await app.db
    .insertInto('check_ins')
    .values({ id, site_id: siteId, user_id: userId, created_at: at, checked_out_at: checkedOutAt, checkout_kind: checkedOutAt ? 'self' : null })
    .execute();
  return id;
}

async function insertSwms(userId: string, siteId: string, at: Date, reviewedByAdmin: string | null = null) {
  const site = await app.db.selectFrom('project_sites').select('company_id').where('id', '=', siteId).executeTakeFirstOrThrow();
  const id = randomUUID();
  await app.db
    .insertInto('swms')
    .values({
      id,
      company_id: site.company_id,
      site_id: siteId,
      created_by: userId,
      created_at: at,
      risk_consequence_level: 2,
      risk_likelihood_level: 3,
      risk_overall_level: 6,
      task_description: `Task at ${at.toISOString()}`,
      control_implementation: 'Toolbox talk before starting',
      company_admin_reviewed_at: reviewedByAdmin ? at : null,
      company_admin_reviewed_by: reviewedByAdmin,
    })
    .execute();
  return id;
}

describe('GET /api/profile/trades/:id/activity', () => {
  it('lists the latest check-ins with their site and the own SWMS with both review states, newest first', async () => {
    const tradie = await newTradesPerson();
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const earlier = await checkIn(tradie.id, harbourSite.id, new Date(now - 30 * hour), new Date(now - 22 * hour));
    const open = await checkIn(tradie.id, harbourSite.id, new Date(now - hour), null);
    const reviewed = await insertSwms(tradie.id, harbourSite.id, new Date(now - 29 * hour), harbourAdmin.userId);
    const waiting = await insertSwms(tradie.id, harbourSite.id, new Date(now - 0.5 * hour));
    await checkIn((await newTradesPerson()).id, harbourSite.id, new Date(now), null);

    const response = await get(`/api/profile/trades/${tradie.id}/activity`, tradie.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(decode(TradesActivity, response.json()).ok).toBe(true);
    const activity = response.json<TradesActivity>();
    const site = {
      _id: harbourSite.id,
      address: harbourSite.address,
      suburb: harbourSite.suburb,
      siteNumber: harbourSite.site_number,
      timeZone: 'Australia/Sydney',
      companyName: 'Harbour Build Co',
      hasSupervisor: true,
    };
    expect(harbourSite.supervisor_role_id).not.toBeNull();
    expect(activity.checkIns).toEqual([
      { _id: open, site, checkedInAt: new Date(now - hour).toISOString(), checkedOutAt: null, checkoutKind: null },
      { _id: earlier, site, checkedInAt: new Date(now - 30 * hour).toISOString(), checkedOutAt: new Date(now - 22 * hour).toISOString(), checkoutKind: 'self' },
    ]);
    expect(activity.swms.map((swms) => [swms._id, swms.site.companyName, swms.companyAdminStatus, swms.supervisorStatus])).toEqual([
      [waiting, 'Harbour Build Co', 'forReview', 'forReview'],
      [reviewed, 'Harbour Build Co', 'reviewed', 'forReview'],
    ]);
  });

  it("says whether the site has an active supervisor to review the SWMS beside the company admin", async () => {
    const tradie = await newTradesPerson();
    await checkIn(tradie.id, harbourSite.id, new Date(), null);
    const hasSupervisor = async () => (await get(`/api/profile/trades/${tradie.id}/activity`, tradie.token)).json<TradesActivity>().checkIns[0]?.site.hasSupervisor;
    expect(await hasSupervisor()).toBe(true);
    const supervisorRoleId = harbourSite.supervisor_role_id;
    if (supervisorRoleId === null) throw new Error('The demo site has a supervisor');
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', supervisorRoleId).execute();
    try {
      expect(await hasSupervisor()).toBe(false);
    } finally {
      await app.db.updateTable('user_roles').set({ status: 'active' }).where('id', '=', supervisorRoleId).execute();
    }
    await app.db.updateTable('project_sites').set({ supervisor_role_id: null }).where('id', '=', harbourSite.id).execute();
    try {
      expect(await hasSupervisor()).toBe(false);
    } finally {
      await app.db.updateTable('project_sites').set({ supervisor_role_id: supervisorRoleId }).where('id', '=', harbourSite.id).execute();
    }
  });

  it('keeps to the last 20 check-ins', async () => {
    const tradie = await newTradesPerson();
    const start = Date.now() - 40 * 24 * 60 * 60 * 1000;
    for (let day = 0; day < 22; day += 1) {
      await checkIn(tradie.id, ridgelineSite.id, new Date(start + day * 86_400_000), new Date(start + day * 86_400_000 + 3_600_000));
    }
    const activity = (await get(`/api/profile/trades/${tradie.id}/activity`, tradie.token)).json<TradesActivity>();
    expect(activity.checkIns).toHaveLength(20);
    expect(activity.checkIns[0]?.checkedInAt).toBe(new Date(start + 21 * 86_400_000).toISOString());
  });

  it('is shown to the tradesperson themself only', async () => {
    const tradie = await newTradesPerson();
    const other = await newTradesPerson();
    for (const token of [other.token, harbourAdmin.token]) {
      expect(answer(await get(`/api/profile/trades/${tradie.id}/activity`, token))).toEqual({ statusCode: 403, body: tradesMessages.notAuthorised });
    }
  });
});

describe('GET /api/profile/trades/:id/swms/:swmsId', () => {
  it('answers one of their own SWMS in the SWMS shape, with the r 299 control fields', async () => {
    const tradie = await newTradesPerson();
    const swmsId = await insertSwms(tradie.id, harbourSite.id, new Date());
    const response = await get(`/api/profile/trades/${tradie.id}/swms/${swmsId}`, tradie.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(decode(Swms, response.json()).ok).toBe(true);
    expect(response.json()).toMatchObject({ _id: swmsId, createdUserDetails: { _id: tradie.id }, task: { controlImplementation: 'Toolbox talk before starting' } });
    const asAdmin = await get(`/api/company/${harbourAdmin.companyId}/swms/${swmsId}`, harbourAdmin.token);
    expect(response.json()).toEqual(asAdmin.json());
  });

  it("refuses someone else's SWMS, an unknown one and another person's path alike", async () => {
    const tradie = await newTradesPerson();
    const other = await newTradesPerson();
    const theirs = await insertSwms(other.id, harbourSite.id, new Date());
    const mine = await insertSwms(tradie.id, harbourSite.id, new Date());
    const refused = { statusCode: 403, body: swmsMessages.notAuthorised };
    expect(answer(await get(`/api/profile/trades/${tradie.id}/swms/${theirs}`, tradie.token))).toEqual(refused);
    expect(answer(await get(`/api/profile/trades/${tradie.id}/swms/${randomUUID()}`, tradie.token))).toEqual(refused);
    expect(answer(await get(`/api/profile/trades/${tradie.id}/swms/not-an-id`, tradie.token))).toEqual(refused);
    expect(answer(await get(`/api/profile/trades/${tradie.id}/swms/${mine}`, other.token))).toEqual(refused);
    expect(answer(await get(`/api/profile/trades/${other.id}/swms/${mine}`, other.token))).toEqual(refused);
  });
});
