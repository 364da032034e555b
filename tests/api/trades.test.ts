import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { TradesPerson } from '../../src/domain/trades';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp } from './test-app';
import { answer } from './calls';

let app: FastifyInstance;
let close: () => Promise<void>;

interface Account {
  readonly token: string;
  readonly userId: string;
  readonly companyId: string | null;
}

async function account(email: string): Promise<Account> {
  const token = await app.auth.tokenForEmail(email);
  const payload = decodeJwt(token);
  return { token, userId: String(payload.sub), companyId: (payload.company as string | null) ?? null };
}

let harbourAdmin: Account;
let harbourSupervisor: Account;
let ridgelineAdmin: Account;
let ridgelineSupervisor: Account;
let superUser: Account;
let otherTradie: Account;
let stranger: Account;
let harbourSite: string;
let ridgelineSite: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await seedDemo(app.db, app.storage);
  harbourAdmin = await account('admin@harbourbuild.demo');
  harbourSupervisor = await account('supervisor@harbourbuild.demo');
  ridgelineAdmin = await account('admin@ridgeline.demo');
  ridgelineSupervisor = await account('supervisor@ridgeline.demo');
  superUser = await account('super@sitesafe.demo');
  otherTradie = await account('tradie2@trades.demo');
  stranger = await account('nobody@example.test');
  const firstSite = async (companyId: string | null) =>
    (await app.db.selectFrom('project_sites').select('id').where('company_id', '=', companyId!).orderBy('id').executeTakeFirstOrThrow()).id;
  harbourSite = await firstSite(harbourAdmin.companyId);
  ridgelineSite = await firstSite(ridgelineAdmin.companyId);
}, 120_000);
afterAll(async () => close());

let serial = 0;

/** A tradesperson with a completed profile who has not yet worked for anyone. */
async function newTradesPerson() {
  const email = `tradie.${++serial}.${randomUUID().slice(0, 6)}@trades.test`;
  const id = randomUUID();
  await app.db
    .insertInto('users')
    .values({
      id,
      email,
      first_name: 'Toby',
      surname: `Sparks${serial}`,
      contact_email: `toby${serial}@sparks.test`,
      phone: '0412345678',
      emergency_contact_name: 'Tina Sparks',
      emergency_contact_phone: '0498765432',
      trade_qualifications: 'Electrician (Lic. 12345)',
      whitecard_number: 'WC-778899',
    })
    .execute();
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: id, company_id: null, role: 'TradesPerson', status: 'active' }).execute();
  return { id, email };
}

async function checkIn(userId: string, siteId: string) {
  await app.db.insertInto('check_ins').values({ id: randomUUID(), site_id: siteId, user_id: userId }).execute();
}

async function submitSwms(userId: string, companyId: string | null, siteId: string) {
  await app.db
    .insertInto('swms')
    .values({
      id: randomUUID(),
      company_id: companyId!,
      site_id: siteId,
      created_by: userId,
      risk_consequence_level: 2,
      risk_likelihood_level: 3,
      risk_overall_level: 6,
      task_description: 'Rough-in wiring',
    })
    .execute();
}

const tradesUrl = (id: string) => `/api/profile/trades/${id}`;
const get = (id: string, viewer?: Account) =>
  app.inject({ method: 'GET', url: tradesUrl(id), headers: viewer ? { authorization: `Bearer ${viewer.token}` } : {} });
const denied = { statusCode: 403, body: 'You are not authorised to view this page' };

describe('GET /api/profile/trades/:id', () => {
  it("answers the spec's /trades fields to the company users of a site the tradesperson checked in to", async () => {
    const trades = await newTradesPerson();
    await checkIn(trades.id, harbourSite);
    for (const viewer of [harbourAdmin, harbourSupervisor]) {
      const response = await get(trades.id, viewer);
      expect(response.statusCode, response.body).toBe(200);
      const body = decode(TradesPerson, response.json());
      expect(body.ok).toBe(true);
      expect(response.json()).toEqual({
        _id: trades.id,
        firstName: 'Toby',
        surname: `Sparks${serial}`,
        phone: '0412345678',
        email: `toby${serial}@sparks.test`,
        emergencyContactName: 'Tina Sparks',
        emergencyContactPhone: '0498765432',
        tradeQualifications: 'Electrician (Lic. 12345)',
        whitecardNumber: 'WC-778899',
        whitecardPhoto: null,
        licences: [],
      });
    }
    for (const viewer of [ridgelineAdmin, ridgelineSupervisor]) expect(answer(await get(trades.id, viewer))).toEqual(denied);
  });

  it('opens to a company once the tradesperson submits a SWMS for it', async () => {
    const trades = await newTradesPerson();
    expect(answer(await get(trades.id, ridgelineAdmin))).toEqual(denied);
    await submitSwms(trades.id, ridgelineAdmin.companyId, ridgelineSite);
    expect((await get(trades.id, ridgelineAdmin)).statusCode).toBe(200);
    expect((await get(trades.id, ridgelineSupervisor)).statusCode).toBe(200);
    expect(answer(await get(trades.id, harbourAdmin))).toEqual(denied);
  });

  it('shows tradespeople their own details and nobody else', async () => {
    const trades = await newTradesPerson();
    const own = await account(trades.email);
    expect((await get(trades.id, own)).json()).toMatchObject({ _id: trades.id, whitecardNumber: 'WC-778899' });
    await checkIn(trades.id, harbourSite);
    for (const viewer of [otherTradie, superUser, stranger]) expect(answer(await get(trades.id, viewer))).toEqual(denied);
    expect((await get(trades.id)).statusCode).toBe(401);
  });

  it('answers an unknown, malformed or non-tradesperson id exactly as a hidden one', async () => {
    const hidden = await newTradesPerson();
    expect(answer(await get(hidden.id, harbourAdmin))).toEqual(denied);
    expect(answer(await get(randomUUID(), harbourAdmin))).toEqual(denied);
    expect(answer(await get('not-an-id', harbourAdmin))).toEqual(denied);
    expect(answer(await get(harbourSupervisor.userId, harbourAdmin))).toEqual(denied);
    expect(answer(await get(harbourAdmin.userId, harbourAdmin))).toEqual(denied);
  });

  it('shows the demo submitters to the company whose SWMS they wrote', async () => {
    const submitter = await app.db
      .selectFrom('swms')
      .select('created_by')
      .where('company_id', '=', harbourAdmin.companyId!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await get(submitter.created_by, harbourSupervisor);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ _id: submitter.created_by });
  });
});
