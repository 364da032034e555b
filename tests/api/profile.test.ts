import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { Profile, type ProfileUpdate } from '../../src/domain/profile';
import { seedDemo } from '../../server/seed/demo';
import { demoAccounts } from '../../server/seed/demo-accounts';
import { createTestApp } from './test-app';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  await seedDemo(app.db, app.storage);
}, 120_000);
afterAll(async () => close());

const tokenFor = (email: string) => app.auth.tokenForEmail(email);

async function call(method: 'GET' | 'PUT', email: string, body?: unknown) {
  return app.inject({
    method,
    url: '/api/profile',
    headers: { authorization: `Bearer ${await tokenFor(email)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function readProfile(email: string): Promise<Profile> {
  const response = await call('GET', email);
  expect(response.statusCode).toBe(200);
  const decoded = decode(Profile, response.json());
  if (!decoded.ok) throw new Error(`${decoded.issues[0].path}: ${decoded.issues[0].message}`);
  return decoded.value;
}

const userIdOf = async (email: string) =>
  (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

const validUpdate: ProfileUpdate = {
  firstName: 'Jack',
  surname: 'Thompson-Lee',
  contactEmail: 'jack.tl@example.com.au',
  phone: '0412 345 678',
  emergencyContactName: 'Kate Thompson',
  emergencyContactPhone: '0298765432',
  businessDetails: { tradeQualifications: 'Cert IV Building and Construction', whitecardNumber: 'CGI0001234' },
};

describe('GET /api/profile', () => {
  it('answers a super user their personal details, without company or business details', async () => {
    const profile = await readProfile('super@sitesafe.demo');
    const account = demoAccounts.find((candidate) => candidate.email === 'super@sitesafe.demo');
    expect(profile).toMatchObject({ _id: await userIdOf('super@sitesafe.demo'), firstName: account?.firstName, contactEmail: 'super@sitesafe.demo' });
    expect(profile.userRole).toMatchObject({ user: profile._id, role: 'SuperUser' });
    expect(profile.userRole._id).not.toBe('');
    expect(profile).not.toHaveProperty('companyDetails');
    expect(profile).not.toHaveProperty('businessDetails');
  });

  it('answers an admin their company details with the logo url, without business details', async () => {
    const profile = await readProfile('admin@harbourbuild.demo');
    expect(profile.userRole.role).toBe('CompanyAdmin');
    expect(profile.companyDetails).toMatchObject({ name: 'Harbour Build Co' });
    expect(profile.companyDetails?.image?.url).toMatch(/\/portal-files\/[0-9a-f-]+\.png\?.*sp=r/);
    expect((await fetch(profile.companyDetails?.image?.url ?? '')).headers.get('content-type')).toBe('image/png');
    expect(profile).not.toHaveProperty('businessDetails');
  });

  it('answers a supervisor their company details and business details', async () => {
    const profile = await readProfile('supervisor@ridgeline.demo');
    const userRole = await app.db.selectFrom('user_roles').select('id').where('user_id', '=', profile._id).executeTakeFirstOrThrow();
    expect(profile.userRole).toEqual({ _id: userRole.id, user: profile._id, role: 'CompanySupervisor' });
    expect(profile.companyDetails?.name).toBe('Ridgeline Constructions');
    expect(profile.businessDetails?.tradeQualifications).not.toBe('');
    expect(profile.businessDetails?.whitecardNumber).not.toBe('');
  });

  it('answers a tradesperson their personal details only', async () => {
    const profile = await readProfile('tradie3@trades.demo');
    expect(profile.userRole.role).toBe('TradesPerson');
    expect(profile).not.toHaveProperty('companyDetails');
  });

  it('answers an Unregistered user their bare details, with the sign-in email as contact email', async () => {
    const profile = await readProfile('Brand.New@Example.test');
    expect(profile).toMatchObject({ firstName: '', surname: '', contactEmail: 'Brand.New@Example.test' });
    expect(profile.userRole).toEqual({ _id: '', user: profile._id, role: 'Unregistered' });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('saves a supervisor profile, answers the new profile and records an audit event', async () => {
    const response = await call('PUT', 'supervisor@harbourbuild.demo', validUpdate);
    expect(response.statusCode).toBe(200);
    const saved = response.json<Profile>();
    expect(saved).toMatchObject({
      surname: 'Thompson-Lee',
      contactEmail: 'jack.tl@example.com.au',
      phone: '0412345678',
      businessDetails: validUpdate.businessDetails,
      companyDetails: { name: 'Harbour Build Co' },
    });
    expect(await readProfile('supervisor@harbourbuild.demo')).toEqual(saved);
    const audit = await app.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'profile.update')
      .where('entity_id', '=', saved._id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: saved._id, entity: 'user' });
    expect(JSON.stringify(audit.detail)).toContain('Thompson-Lee');
  });

  it('ignores business details sent by an admin', async () => {
    const response = await call('PUT', 'admin@ridgeline.demo', { ...validUpdate, firstName: 'Daniel' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('businessDetails');
    const row = await app.db.selectFrom('users').select('whitecard_number').where('email', '=', 'admin@ridgeline.demo').executeTakeFirstOrThrow();
    expect(row.whitecard_number).toBe('');
  });

  it('lets an Unregistered user complete their profile', async () => {
    const { businessDetails: _ignored, ...personal } = validUpdate;
    const response = await call('PUT', 'first.timer@example.test', personal);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Jack', userRole: { role: 'Unregistered' } });
  });

  it('refuses a supervisor profile without business details', async () => {
    const { businessDetails: _missing, ...personal } = validUpdate;
    const response = await call('PUT', 'supervisor2@ridgeline.demo', personal);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('This field is required');
  });

  it.each([
    ['an empty first name', { firstName: '' }, 'First Name: this field is required'],
    ['a blank surname', { surname: '   ' }, 'Surname: this field is required'],
    ['a missing emergency contact', { emergencyContactName: undefined }, 'Emergency Contact Name: this field is required'],
    ['an invalid contact email', { contactEmail: 'jack@' }, 'Contact Email: a valid email is required'],
    ['a phone with letters', { phone: '04 1234 ABCD' }, 'A valid phone number is required'],
    ['an emergency phone with a plus sign', { emergencyContactPhone: '+61412345678' }, 'Emergency Contact Phone: a valid phone number is required'],
    ['an empty white card number', { businessDetails: { tradeQualifications: 'Carpenter', whitecardNumber: '' } }, 'White Card Number: this field is required'],
  ])('answers 400 to %s', async (_case, change, message) => {
    const response = await call('PUT', 'supervisor@ridgeline.demo', { ...validUpdate, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(message);
  });

  it('answers 400, never 500, to a body that is not a profile', async () => {
    for (const body of [null, [], 'Jack', { firstName: 42 }]) {
      const response = await call('PUT', 'admin@harbourbuild.demo', body);
      expect(response.statusCode).toBe(400);
    }
  });
});
