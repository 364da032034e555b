import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { ActiveCheckIn, EndedCheckIn, SiteVisit, siteVisitMessages } from '../../src/domain/site-visit';
import { calendarDateIn, expiredLicenceMessage, tradesMessages } from '../../src/domain/trades';
import { seedDemo } from '../../server/seed/demo';
import { autoCheckoutPass } from '../../server/site-visits/auto-checkout';
import { listenLive, siteKey, tradesPerson } from './site-visit-fixtures';
import { createTestApp, signedInAccount, type TestApp } from './test-app';
import { call } from './calls';

let testApp: TestApp;
let app: FastifyInstance;
let harbourId: string;
/** Two ongoing Harbour Build sites (Sydney) and one of Ridgeline's (Brisbane). */
let siteA: { id: string; key: string };
let siteB: { id: string; key: string };
let ridgelineSite: { id: string; key: string };

const visitUrl = (siteId: string, key?: string) => `/api/site/${siteId}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
const checkIn = (siteId: string, token: string, body: Record<string, unknown>) => call(app, 'POST', `/api/site/${siteId}/checkin`, token, body);
const checkOut = (siteId: string, token: string, body?: Record<string, unknown>) => call(app, 'POST', `/api/site/${siteId}/checkout`, token, body);

function decoded<S extends Parameters<typeof decode>[0]>(schema: S, value: unknown): S['Type'] {
  const result = decode(schema, value);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

async function auditEvents(action: string, entityId?: string) {
  let query = app.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('seq');
  if (entityId) query = query.where('entity_id', '=', entityId);
  return query.execute();
}

async function ongoingSites(companyId: string) {
  const rows = await app.db.selectFrom('project_sites').select('id').where('company_id', '=', companyId).where('status', '=', 'ongoing').orderBy('site_number').execute();
  return Promise.all(rows.map(async (row) => ({ id: row.id, key: await siteKey(app, row.id) })));
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  await seedDemo(app.db, app.storage);
  harbourId = (await signedInAccount(app, 'admin@harbourbuild.demo')).companyId;
  const ridgelineId = (await signedInAccount(app, 'admin@ridgeline.demo')).companyId;
  [siteA, siteB] = (await ongoingSites(harbourId)) as [typeof siteA, typeof siteB];
  [ridgelineSite] = (await ongoingSites(ridgelineId)) as [typeof ridgelineSite];
}, 120_000);
afterAll(async () => testApp.close());

describe('GET /api/site/:siteId?key=', () => {
  it('shows anyone holding the key the site, its PPE and its time zone; nobody signed in has no visitor part', async () => {
    const response = await call(app, 'GET', visitUrl(siteA.id, siteA.key));
    expect(response.statusCode, response.body).toBe(200);
    const visit = decoded(SiteVisit, response.json());
    const site = await app.db.selectFrom('project_sites').selectAll().where('id', '=', siteA.id).executeTakeFirstOrThrow();
    expect(visit).toEqual({
      site: {
        _id: siteA.id,
        address: site.address,
        suburb: site.suburb,
        postcode: site.postcode,
        siteNumber: site.site_number,
        companyName: (await app.db.selectFrom('companies').select('name').where('id', '=', harbourId).executeTakeFirstOrThrow()).name,
        ppe: site.ppe,
        otherPpe: site.other_ppe,
        hasSafetyPlan: false,
        timeZone: 'Australia/Sydney',
        status: 'ongoing',
      },
      visitor: null,
    });
  });

  it('answers a wrong key, a missing key, an unknown site and a malformed id with the same 403', async () => {
    const answers = await Promise.all([
      call(app, 'GET', visitUrl(siteA.id, siteB.key)),
      call(app, 'GET', visitUrl(siteA.id, `${siteA.key}0`)),
      call(app, 'GET', visitUrl(siteA.id)),
      call(app, 'GET', visitUrl(siteA.id, '')),
      call(app, 'GET', visitUrl(randomUUID(), siteA.key)),
      call(app, 'GET', visitUrl('not-a-site', siteA.key)),
    ]);
    for (const answer of answers) {
      expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: 403, body: siteVisitMessages.invalidKey });
    }
  });

  it('refuses an invalid bearer token with 401 instead of reading it as nobody signed in', async () => {
    const response = await call(app, 'GET', visitUrl(siteA.id, siteA.key), 'not.a.token');
    expect(response.statusCode).toBe(401);
  });

  it('shows a company user no visitor part', async () => {
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const visit = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteA.id, siteA.key), admin.token)).json());
    expect(visit.visitor).toBeNull();
  });

  it('shows a signed-in tradesperson where they stand: not checked in, complete profile, no problems', async () => {
    const tradie = await signedInAccount(app, 'tradie1@trades.demo');
    const visit = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteA.id, siteA.key), tradie.token)).json());
    expect(visit.visitor).toEqual({ checkIn: null, checkedInToday: false, safetyPlan: null, profileComplete: true, problems: [] });
  });

  it('gives a tradesperson the safety plan’s read url when the site has one', async () => {
    const fileId = randomUUID();
    await app.db.insertInto('files').values({ id: fileId, file_key: `${randomUUID()}.pdf`, friendly_name: 'Safety plan.pdf', type: 'siteSafetyPlan' }).execute();
    await app.db.updateTable('project_sites').set({ site_safety_plan_file_id: fileId }).where('id', '=', siteB.id).execute();
    const tradie = await signedInAccount(app, 'tradie2@trades.demo');
    const visit = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteB.id, siteB.key), tradie.token)).json());
    expect(visit.site.hasSafetyPlan).toBe(true);
    expect(visit.visitor?.safetyPlan?.url).toMatch(/\.pdf\?/);
    const anonymous = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteB.id, siteB.key))).json());
    expect(anonymous.visitor).toBeNull();
  });

  it('tells a tradesperson with an incomplete profile what blocks check-in', async () => {
    const user = await signedInAccount(app, 'half-done@example.com');
    await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: user.userId, company_id: null, role: 'TradesPerson', status: 'active', accepted_at: new Date() }).execute();
    const token = await app.auth.tokenForEmail('half-done@example.com');
    const visit = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteA.id, siteA.key), token)).json());
    expect(visit.visitor).toMatchObject({ profileComplete: false, problems: [tradesMessages.incompleteProfile, tradesMessages.noWhitecard] });
  });
});

describe('POST /api/site/:siteId/join', () => {
  it('makes a signed-in account without a role a TradesPerson, answers a fresh token and records it on the platform chain', async () => {
    const newcomer = await signedInAccount(app, 'first-scan@example.com');
    expect(decodeJwt(newcomer.token).roles).toEqual(['Unregistered']);
    const response = await call(app, 'POST', `/api/site/${siteA.id}/join`, newcomer.token, { key: siteA.key });
    expect(response.statusCode, response.body).toBe(200);
    const payload = decodeJwt(response.json<{ token: string }>().token);
    expect(payload).toMatchObject({ sub: newcomer.userId, roles: ['TradesPerson'], company: null });
    const [event] = await auditEvents('trades.registered', newcomer.userId);
    expect(event).toMatchObject({ actor_user_id: newcomer.userId, entity: 'user', chain: 'platform', detail: { role: 'TradesPerson', siteId: siteA.id } });

    const again = await call(app, 'POST', `/api/site/${siteA.id}/join`, newcomer.token, { key: siteA.key });
    expect(again.statusCode).toBe(200);
    expect(decodeJwt(again.json<{ token: string }>().token).roles).toEqual(['TradesPerson']);
    const roles = await app.db.selectFrom('user_roles').select('role').where('user_id', '=', newcomer.userId).execute();
    expect(roles).toEqual([{ role: 'TradesPerson' }]);
    expect(await auditEvents('trades.registered', newcomer.userId)).toHaveLength(1);
  });

  it('refuses a company admin, and anyone with a wrong key', async () => {
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const refused = await call(app, 'POST', `/api/site/${siteA.id}/join`, admin.token, { key: siteA.key });
    expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 403, body: siteVisitMessages.tradesOnly });
    const newcomer = await signedInAccount(app, 'wrong-poster@example.com');
    const wrongKey = await call(app, 'POST', `/api/site/${siteA.id}/join`, newcomer.token, { key: siteB.key });
    expect({ status: wrongKey.statusCode, body: wrongKey.body }).toEqual({ status: 403, body: siteVisitMessages.invalidKey });
    expect(await app.db.selectFrom('user_roles').select('id').where('user_id', '=', newcomer.userId).execute()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const response = await call(app, 'POST', `/api/site/${siteA.id}/join`, undefined, { key: siteA.key });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/site/:siteId/checkin and checkout', () => {
  it('blocks a tradesperson without a white card number, says what to fix and records the refusal', async () => {
    const person = await tradesPerson(app, 'no-card@example.com', { whitecardNumber: '' });
    const response = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    expect({ status: response.statusCode, body: response.body }).toEqual({ status: 409, body: tradesMessages.noWhitecard });
    const refusals = (await auditEvents('checkIn.refused', siteA.id)).filter((event) => event.actor_user_id === person.userId);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ entity: 'project_site', chain: harbourId, detail: { problems: [tradesMessages.noWhitecard] } });
    expect(await app.db.selectFrom('check_ins').select('id').where('user_id', '=', person.userId).execute()).toEqual([]);
  });

  it('blocks a declared licence past its expiry date, naming the licence, and lists every problem', async () => {
    const person = await tradesPerson(app, 'expired@example.com', {
      whitecardNumber: '',
      licences: [
        { licenceClass: 'Forklift truck (LF)', number: 'LF123456', expiresOn: '2020-01-31' },
        { licenceClass: 'Dogging (DG)', number: 'DG998877', expiresOn: '2099-12-31' },
      ],
    });
    const response = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    expect(response.statusCode).toBe(409);
    const expired = expiredLicenceMessage('Forklift truck (LF)', '2020-01-31');
    expect(response.body).toBe(`${tradesMessages.noWhitecard}; ${expired}`);
    expect(response.body).toContain('Forklift truck (LF) licence expired on 31/01/2020');
    const [refusal] = (await auditEvents('checkIn.refused', siteA.id)).filter((event) => event.actor_user_id === person.userId);
    expect(refusal?.detail).toEqual({ problems: [tradesMessages.noWhitecard, expired] });
  });

  it('treats a licence as valid through its expiry date, on the site’s calendar', async () => {
    const today = calendarDateIn('Australia/Sydney');
    const person = await tradesPerson(app, 'last-day@example.com', { licences: [{ licenceClass: 'Dogging (DG)', number: 'DG1', expiresOn: today }] });
    const response = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    expect(response.statusCode, response.body).toBe(201);
    expect((await checkOut(siteA.id, person.token)).statusCode).toBe(200);
  });

  it('refuses a body without the PPE confirmation, a wrong key, and a site with an unacknowledged safety plan', async () => {
    const person = await tradesPerson(app, 'careless@example.com');
    const noPpe = await checkIn(siteA.id, person.token, { key: siteA.key });
    expect({ status: noPpe.statusCode, body: noPpe.body }).toEqual({ status: 400, body: 'PPE confirmation: this field is required' });
    const falsePpe = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: false });
    expect({ status: falsePpe.statusCode, body: falsePpe.body }).toEqual({ status: 400, body: 'PPE confirmation: confirm you have the PPE this site requires' });
    const wrongKey = await checkIn(siteA.id, person.token, { key: siteB.key, ppeConfirmed: true });
    expect({ status: wrongKey.statusCode, body: wrongKey.body }).toEqual({ status: 403, body: siteVisitMessages.invalidKey });
    // siteB was given a safety plan above.
    const unread = await checkIn(siteB.id, person.token, { key: siteB.key, ppeConfirmed: true });
    expect({ status: unread.statusCode, body: unread.body }).toEqual({ status: 400, body: siteVisitMessages.safetyPlanNotAcknowledged });
    const notRead = await checkIn(siteB.id, person.token, { key: siteB.key, ppeConfirmed: true, safetyPlanAcknowledged: false });
    expect(notRead.body).toBe(siteVisitMessages.safetyPlanNotAcknowledged);
    const read = await checkIn(siteB.id, person.token, { key: siteB.key, ppeConfirmed: true, safetyPlanAcknowledged: true });
    expect(read.statusCode, read.body).toBe(201);
    const row = await app.db.selectFrom('check_ins').selectAll().where('user_id', '=', person.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ppe_confirmed: true, safety_plan_acknowledged: true, checked_out_at: null });
    expect((await checkOut(siteB.id, person.token)).statusCode).toBe(200);
  });

  it('refuses check-in at a completed or cancelled site', async () => {
    const person = await tradesPerson(app, 'late@example.com');
    for (const status of ['completed', 'cancelled'] as const) {
      await app.db.updateTable('project_sites').set({ status }).where('id', '=', ridgelineSite.id).execute();
      const response = await checkIn(ridgelineSite.id, person.token, { key: ridgelineSite.key, ppeConfirmed: true });
      expect({ status: response.statusCode, body: response.body }).toEqual({ status: 409, body: siteVisitMessages.siteClosed });
    }
    await app.db.updateTable('project_sites').set({ status: 'ongoing' }).where('id', '=', ridgelineSite.id).execute();
  });

  it('is for tradespeople only', async () => {
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    expect((await checkIn(siteA.id, admin.token, { key: siteA.key, ppeConfirmed: true })).statusCode).toBe(403);
    expect((await checkOut(siteA.id, admin.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/site/${siteA.id}/checkin`, undefined, { key: siteA.key, ppeConfirmed: true })).statusCode).toBe(401);
  });

  it('checks in (201), answers the same check-in when scanned again (200), shows it to the visitor, records it and tells the company’s screens', async () => {
    const person = await tradesPerson(app, 'on-time@example.com');
    const live = listenLive(app, harbourId);
    const first = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    expect(first.statusCode, first.body).toBe(201);
    const active = decoded(ActiveCheckIn, first.json());
    expect(active.siteId).toBe(siteA.id);
    expect(Date.now() - Date.parse(active.checkedInAt)).toBeLessThan(60_000);
    await expect.poll(() => live.count('onsite')).toBeGreaterThanOrEqual(1);

    const again = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(active);

    const visit = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteA.id, siteA.key), person.token)).json());
    expect(visit.visitor).toMatchObject({ checkIn: active, checkedInToday: true, problems: [] });
    const created = (await auditEvents('checkIn.created', siteA.id)).filter((event) => event.actor_user_id === person.userId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ chain: harbourId, actor_role: 'TradesPerson', detail: { checkInId: active._id, ppeConfirmed: true } });

    const out = await checkOut(siteA.id, person.token);
    expect(out.statusCode, out.body).toBe(200);
    const ended = decoded(EndedCheckIn, out.json());
    expect(ended).toMatchObject({ _id: active._id, siteId: siteA.id, checkedInAt: active.checkedInAt, checkoutKind: 'self' });
    await expect.poll(() => live.count('onsite')).toBeGreaterThanOrEqual(2);
    live.stop();
    const row = await app.db.selectFrom('check_ins').selectAll().where('id', '=', active._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ checkout_kind: 'self', checked_out_by: person.userId });
    const closed = await auditEvents('checkIn.closed', siteA.id);
    expect(closed.filter((event) => event.actor_user_id === person.userId)).toHaveLength(1);

    const afterwards = decoded(SiteVisit, (await call(app, 'GET', visitUrl(siteA.id, siteA.key), person.token)).json());
    expect(afterwards.visitor).toMatchObject({ checkIn: null, checkedInToday: true });
  });

  it('answers 409 to a check-out without an open check-in, and 403 to one sent with a wrong key', async () => {
    const person = await tradesPerson(app, 'not-here@example.com');
    const none = await checkOut(siteA.id, person.token);
    expect({ status: none.statusCode, body: none.body }).toEqual({ status: 409, body: siteVisitMessages.notCheckedIn });
    const malformed = await checkOut('not-a-site', person.token);
    expect({ status: malformed.statusCode, body: malformed.body }).toEqual({ status: 409, body: siteVisitMessages.notCheckedIn });
    await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    const wrongKey = await checkOut(siteA.id, person.token, { key: siteB.key });
    expect({ status: wrongKey.statusCode, body: wrongKey.body }).toEqual({ status: 403, body: siteVisitMessages.invalidKey });
    expect((await checkOut(siteA.id, person.token, { key: siteA.key })).statusCode).toBe(200);
  });

  it('ends an open check-in at another site (another company’s too) before checking in here', async () => {
    const person = await tradesPerson(app, 'two-sites@example.com');
    const ridgelineLive = listenLive(app, (await app.db.selectFrom('project_sites').select('company_id').where('id', '=', ridgelineSite.id).executeTakeFirstOrThrow()).company_id);
    const first = decoded(ActiveCheckIn, (await checkIn(ridgelineSite.id, person.token, { key: ridgelineSite.key, ppeConfirmed: true })).json());
    const second = await checkIn(siteA.id, person.token, { key: siteA.key, ppeConfirmed: true });
    expect(second.statusCode).toBe(201);
    const rows = await app.db.selectFrom('check_ins').selectAll().where('user_id', '=', person.userId).orderBy('created_at').execute();
    expect(rows.map((row) => [row.site_id, row.checkout_kind])).toEqual([
      [ridgelineSite.id, 'self'],
      [siteA.id, null],
    ]);
    await expect.poll(() => ridgelineLive.count('onsite')).toBeGreaterThanOrEqual(2);
    ridgelineLive.stop();
    const closed = (await auditEvents('checkIn.closed', ridgelineSite.id)).find((event) => event.actor_user_id === person.userId);
    expect(closed?.detail).toMatchObject({ checkInId: first._id, reason: 'checkedInElsewhere', nextSiteId: siteA.id });
    await checkOut(siteA.id, person.token);
  });

  it('shows how each check-in ended in the site’s check-ins list (spec §2)', async () => {
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const page = (await call(app, 'GET', `/api/company/${harbourId}/projectSites/${siteA.id}/checkins?limit=50`, admin.token)).json<{
      items: { checkedOutAt?: string | null; checkoutKind?: string | null }[];
    }>();
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.checkoutKind === null).toBe(item.checkedOutAt === null);
    }
    expect(page.items.some((item) => item.checkoutKind === 'self')).toBe(true);
  });
});

describe('automatic check-out at midnight site time', () => {
  // A day in the future: the server's own passes (at start and every minute) never reach these rows.
  const now = new Date('2031-03-15T01:30:00Z'); // 09:30 in Perth, 12:30 in Sydney (daylight saving)
  let perthSite: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    perthSite = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: perthSite, company_id: harbourId, address: '1 Hay Street', suburb: 'Perth', postcode: '6000', site_number: 'HB-PER-1', client_name: 'West' })
      .execute();
    const person = await tradesPerson(app, 'night-owl@example.com');
    const other = await tradesPerson(app, 'early-bird@example.com');
    const rows = {
      perthYesterday: { site_id: perthSite, user_id: person.userId, created_at: '2031-03-14T00:30:00Z' },
      perthLateYesterday: { site_id: perthSite, user_id: other.userId, created_at: '2031-03-14T14:30:00Z' },
      perthToday: { site_id: perthSite, user_id: other.userId, created_at: '2031-03-14T23:00:00Z' },
      sydneyYesterday: { site_id: siteA.id, user_id: person.userId, created_at: '2031-03-13T22:00:00Z' },
      sydneyTodayEarly: { site_id: siteA.id, user_id: person.userId, created_at: '2031-03-14T14:30:00Z' },
      sydneyDaysAgo: { site_id: siteA.id, user_id: other.userId, created_at: '2031-03-10T21:00:00Z' },
    };
    for (const [name, row] of Object.entries(rows)) {
      ids[name] = randomUUID();
      await app.db.insertInto('check_ins').values({ id: ids[name] as string, ...row }).execute();
    }
  });

  const rowOf = (name: string) => app.db.selectFrom('check_ins').selectAll().where('id', '=', ids[name] as string).executeTakeFirstOrThrow();

  it('ends each check-in from an earlier site day at the midnight that followed it, in the site’s own zone', async () => {
    const liveHarbour = listenLive(app, harbourId);
    const companies = await autoCheckoutPass(app, now);
    expect(companies).toContain(harbourId);
    await expect.poll(() => liveHarbour.count('onsite')).toBeGreaterThanOrEqual(1);
    liveHarbour.stop();

    const expected: Record<string, string | null> = {
      perthYesterday: '2031-03-14T16:00:00.000Z', // midnight 15 March in Perth
      perthLateYesterday: '2031-03-14T16:00:00.000Z', // 22:30 in Perth, the same evening
      perthToday: null, // 07:00 today in Perth
      sydneyYesterday: '2031-03-14T13:00:00.000Z', // midnight 15 March in Sydney (UTC+11)
      sydneyTodayEarly: null, // 01:30 today in Sydney
      sydneyDaysAgo: '2031-03-11T13:00:00.000Z', // midnight after 11 March in Sydney
    };
    for (const [name, checkedOutAt] of Object.entries(expected)) {
      const row = await rowOf(name);
      expect(row.checked_out_at ? new Date(row.checked_out_at).toISOString() : null, name).toBe(checkedOutAt);
      expect(row.checkout_kind, name).toBe(checkedOutAt ? 'automatic' : null);
      expect(row.checked_out_by, name).toBeNull();
    }
  });

  it('records one audit event per check-in it ended, by the system', async () => {
    const events = await app.db.selectFrom('audit_events').selectAll().where('action', '=', 'checkIn.closedAtMidnight').execute();
    const mine = events.filter((event) => Object.values(ids).includes((event.detail as { checkInId: string }).checkInId));
    expect(mine).toHaveLength(4);
    for (const event of mine) {
      expect(event).toMatchObject({ actor_user_id: null, entity: 'project_site', chain: harbourId });
      expect(event.detail).toMatchObject({ checkoutKind: 'automatic' });
    }
    expect(mine.find((event) => (event.detail as { checkInId: string }).checkInId === ids.perthYesterday)?.detail).toMatchObject({
      name: 'Sam Nguyen',
      checkedOutAt: '2031-03-14T16:00:00.000Z',
    });
  });

  it('ends each check-in once, however many passes (and instances) run at the same time', async () => {
    const person = await tradesPerson(app, 'raced@example.com');
    const raced = Array.from({ length: 5 }, (_, day) => ({
      id: randomUUID(),
      site_id: day % 2 === 0 ? perthSite : siteA.id,
      user_id: person.userId,
      created_at: `2031-03-0${day + 1}T03:00:00Z`,
    }));
    await app.db.insertInto('check_ins').values(raced).execute();
    const before = await app.db.selectFrom('audit_events').select('id').where('action', '=', 'checkIn.closedAtMidnight').execute();
    await Promise.all([autoCheckoutPass(app, now), autoCheckoutPass(app, now), autoCheckoutPass(app, now)]);
    const after = await app.db.selectFrom('audit_events').selectAll().where('action', '=', 'checkIn.closedAtMidnight').execute();
    expect(after.length - before.length).toBe(raced.length);
    expect(new Set(after.map((event) => (event.detail as { checkInId: string }).checkInId)).size).toBe(after.length);
    expect(await autoCheckoutPass(app, now)).toEqual([]);
  });

  it('ends the rest once their day is over', async () => {
    await autoCheckoutPass(app, new Date('2031-03-15T16:00:00Z'));
    expect((await rowOf('perthToday')).checked_out_at?.toISOString()).toBe('2031-03-15T16:00:00.000Z');
    expect((await rowOf('sydneyTodayEarly')).checked_out_at?.toISOString()).toBe('2031-03-15T13:00:00.000Z');
  });
});
