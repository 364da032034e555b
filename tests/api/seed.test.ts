import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { ppeValues } from '../../src/domain/ppe';
import { ProfileUpdate } from '../../src/domain/profile';
import { siteStatuses } from '../../src/domain/site-status';
import { isValidAbn, isValidCompanyPhone, isValidEmail } from '../../src/domain/validators';
import { demoAccounts, demoCompanyNames } from '../../server/seed/demo-accounts';
import { demoSeedRefusal, isDatabaseEmpty, planDemoData, seedDemo, type SeedSummary } from '../../server/seed/demo';
import { addSuperUser } from '../../server/users/repository';
import { createTestApp } from './test-app';

let app: FastifyInstance;
let close: () => Promise<void>;
let emptyBefore: boolean;
let summary: SeedSummary;
let seedMs: number;
let seededAt: Date;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  emptyBefore = await isDatabaseEmpty(app.db);
  seededAt = new Date();
  const started = performance.now();
  summary = await seedDemo(app.db, app.storage);
  seedMs = performance.now() - started;
}, 120_000);
afterAll(async () => close());

const count = async (table: 'companies' | 'users' | 'project_sites' | 'swms' | 'check_ins' | 'files' | 'user_roles') => {
  const row = await app.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
};

async function companyIdOf(name: string): Promise<string> {
  return (await app.db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

describe('seedDemo on an empty database', () => {
  it('starts from an empty database and ends with a full one', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(app.db)).toBe(false);
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it('answers the counts it wrote, and they are the counts of the issue', async () => {
    expect(summary).toEqual({
      superUsers: 1,
      companies: 2,
      companyAdmins: 2,
      supervisors: 4,
      auditors: 1,
      projectSites: 12,
      tradespeople: 8,
      swms: 60,
      checkIns: 200,
      files: 2,
    });
    expect(await count('companies')).toBe(2);
    expect(await count('users')).toBe(16);
    expect(await count('user_roles')).toBe(16);
    expect(await count('project_sites')).toBe(12);
    expect(await count('swms')).toBe(60);
    expect(await count('check_ins')).toBe(200);
    expect(await count('files')).toBe(2);
  });

  it('holds one super user, an admin and two supervisors in each company and an auditor at Harbour, all active and accepted', async () => {
    const roles = await app.db
      .selectFrom('user_roles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('companies as c', 'c.id', 'r.company_id')
      .select(['u.email', 'r.role', 'r.status', 'r.accepted_at', 'c.name as company'])
      .orderBy('u.email')
      .execute();
    expect(roles.every((role) => role.status === 'active' && role.accepted_at !== null)).toBe(true);
    expect(roles.filter((role) => role.role === 'SuperUser').map((role) => [role.email, role.company])).toEqual([['super@sitesafe.demo', null]]);
    for (const company of Object.values(demoCompanyNames)) {
      const staff = roles.filter((role) => role.company === company);
      expect(staff.filter((role) => role.role === 'CompanyAdmin')).toHaveLength(1);
      expect(staff.filter((role) => role.role === 'CompanySupervisor')).toHaveLength(2);
    }
    expect(roles.filter((role) => role.role === 'CompanyAuditor').map((role) => [role.email, role.company])).toEqual([
      ['auditor@harbourbuild.demo', demoCompanyNames.harbour],
    ]);
    const trades = roles.filter((role) => role.role === 'TradesPerson');
    expect(trades.map((role) => role.email).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `tradie${i + 1}@trades.demo`));
    expect(trades.every((role) => role.company === null)).toBe(true);
  });

  it('stores every demo account of demo-accounts.ts with its name, role and company, and the token says so', async () => {
    expect(demoAccounts).toHaveLength(16);
    for (const account of demoAccounts) {
      const row = await app.db
        .selectFrom('users as u')
        .innerJoin('user_roles as r', 'r.user_id', 'u.id')
        .leftJoin('companies as c', 'c.id', 'r.company_id')
        .select(['u.id', 'u.first_name', 'u.surname', 'r.role', 'c.name as company', 'c.id as companyId'])
        .where('u.email', '=', account.email)
        .executeTakeFirstOrThrow();
      expect([row.first_name, row.surname, row.role, row.company]).toEqual([account.firstName, account.surname, account.role, account.companyName]);
      const payload = decodeJwt(await app.auth.tokenForEmail(account.email));
      expect(payload.sub).toBe(row.id);
      expect(payload.roles).toEqual([account.role]);
      expect(payload.company ?? null).toBe(row.companyId);
    }
  });

  it('gives every account a complete, valid profile, and supervisors and tradespeople their business details', async () => {
    const users = await app.db.selectFrom('users as u').innerJoin('user_roles as r', 'r.user_id', 'u.id').selectAll('u').select('r.role').execute();
    for (const user of users) {
      const profile = {
        firstName: user.first_name,
        surname: user.surname,
        contactEmail: user.contact_email,
        phone: user.phone,
        emergencyContactName: user.emergency_contact_name,
        emergencyContactPhone: user.emergency_contact_phone,
        ...(user.role === 'CompanySupervisor'
          ? { businessDetails: { tradeQualifications: user.trade_qualifications, whitecardNumber: user.whitecard_number } }
          : {}),
      };
      expect(decode(ProfileUpdate, profile), user.email).toMatchObject({ ok: true });
      expect(user.phone).toMatch(/^\d{10}$/);
      expect(user.emergency_contact_phone).toMatch(/^\d{10}$/);
      if (user.role === 'CompanySupervisor' || user.role === 'TradesPerson') {
        expect(user.trade_qualifications.length, user.email).toBeGreaterThan(10);
        expect(user.whitecard_number.length, user.email).toBeGreaterThan(5);
      }
    }
  });

  it('gives both companies valid ABNs (11 digits), phones, emails, addresses and a registration number', async () => {
    const companies = await app.db.selectFrom('companies').selectAll().orderBy('name').execute();
    expect(companies.map((company) => company.name)).toEqual(['Harbour Build Co', 'Ridgeline Constructions']);
    expect(companies.map((company) => company.abn)).toContain('51824753556');
    expect(new Set(companies.map((company) => company.abn)).size).toBe(2);
    for (const company of companies) {
      expect(company.abn).toMatch(/^\d{11}$/);
      expect(isValidAbn(company.abn)).toBe(true);
      expect(isValidCompanyPhone(company.phone)).toBe(true);
      expect(isValidEmail(company.email)).toBe(true);
      expect(company.builders_reg_number).not.toBe('');
      expect(company.address).toMatch(/ (NSW|QLD) \d{4}$/);
      expect(company.postal_address).toMatch(/^PO Box \d+, .+ (NSW|QLD) \d{4}$/);
      expect(company.deleted_at).toBeNull();
    }
  });

  it('links each company to its PNG logo, readable from the blob store', async () => {
    const logos = await app.db
      .selectFrom('companies as c')
      .innerJoin('files as f', 'f.id', 'c.image_file_id')
      .select(['c.name', 'f.file_key', 'f.friendly_name', 'f.type'])
      .execute();
    expect(logos).toHaveLength(2);
    for (const logo of logos) {
      expect(logo.type).toBe('companyProfile');
      expect(logo.file_key).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect(logo.friendly_name).toMatch(/\.png$/);
      const response = await fetch(app.storage.readUrl(logo.file_key));
      expect(response.status, logo.name).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(bytes.readUInt32BE(16)).toBe(160);
      expect(bytes.length).toBeGreaterThan(500);
    }
  });

  it('gives each company six sites over all four statuses, some supervised and some unallocated', async () => {
    for (const name of Object.values(demoCompanyNames)) {
      const companyId = await companyIdOf(name);
      const sites = await app.db.selectFrom('project_sites').selectAll().where('company_id', '=', companyId).execute();
      expect(sites).toHaveLength(6);
      expect(new Set(sites.map((site) => site.status))).toEqual(new Set(siteStatuses));
      expect(sites.some((site) => site.supervisor_role_id === null)).toBe(true);
      expect(sites.some((site) => site.supervisor_role_id !== null)).toBe(true);
      expect(new Set(sites.map((site) => site.site_number)).size).toBe(6);
      const supervisorRoles = await app.db
        .selectFrom('user_roles')
        .select('id')
        .where('company_id', '=', companyId)
        .where('role', '=', 'CompanySupervisor')
        .execute();
      for (const site of sites) {
        expect(site.postcode).toMatch(/^[24]\d{3}$/);
        expect(site.address).toMatch(/^\d+ \w+/);
        expect(site.suburb).not.toBe('');
        expect(site.client_name).not.toBe('');
        expect(site.site_number).toMatch(/\d/);
        expect(site.ppe.length).toBeGreaterThan(0);
        expect(site.ppe.every((ppe) => (ppeValues as readonly string[]).includes(ppe))).toBe(true);
        if (site.supervisor_role_id) expect(supervisorRoles.map((role) => role.id)).toContain(site.supervisor_role_id);
      }
    }
  });

  it('writes 60 SWMS by tradespeople over the last eight weeks, with every review combination in each company', async () => {
    const rows = await app.db
      .selectFrom('swms as s')
      .innerJoin('project_sites as p', 'p.id', 's.site_id')
      .innerJoin('user_roles as author', (join) => join.onRef('author.user_id', '=', 's.created_by').on('author.role', '=', 'TradesPerson'))
      .selectAll('s')
      .select('p.company_id as site_company')
      .execute();
    expect(rows).toHaveLength(60);
    const staff = await app.db.selectFrom('user_roles').select(['user_id', 'company_id', 'role']).where('company_id', 'is not', null).execute();
    const eightWeeksAgo = seededAt.getTime() - 56 * 86_400_000;
    const combinations = new Map<string, Set<string>>();
    for (const row of rows) {
      expect(row.company_id).toBe(row.site_company);
      expect(row.risk_consequence_level).toBeGreaterThanOrEqual(1);
      expect(row.risk_consequence_level).toBeLessThanOrEqual(5);
      expect(row.risk_likelihood_level).toBeGreaterThanOrEqual(1);
      expect(row.risk_likelihood_level).toBeLessThanOrEqual(5);
      expect(row.risk_overall_level).toBe(row.risk_consequence_level * row.risk_likelihood_level);
      expect(row.created_at.getTime()).toBeGreaterThan(eightWeeksAgo);
      expect(row.created_at.getTime()).toBeLessThan(seededAt.getTime());
      for (const text of [row.task_description, row.mobile_plant_tools, row.risk_text, row.control_text]) expect(text.length).toBeGreaterThan(20);
      expect(row.high_risk_work.length).toBeGreaterThan(0);
      expect(row.ppe.length).toBeGreaterThan(0);
      expect(row.ppe.every((ppe) => (ppeValues as readonly string[]).includes(ppe))).toBe(true);

      const admin = row.company_admin_reviewed_at !== null;
      const supervisor = row.supervisor_reviewed_at !== null;
      expect(row.company_admin_reviewed_by !== null).toBe(admin);
      expect(row.supervisor_reviewed_by !== null).toBe(supervisor);
      if (admin) {
        expect(row.company_admin_reviewed_at!.getTime()).toBeGreaterThan(row.created_at.getTime());
        expect(row.company_admin_reviewed_at!.getTime()).toBeLessThan(seededAt.getTime() + 1000);
        expect(staff).toContainEqual({ user_id: row.company_admin_reviewed_by, company_id: row.company_id, role: 'CompanyAdmin' });
      }
      if (supervisor) {
        expect(row.supervisor_reviewed_at!.getTime()).toBeGreaterThan(row.created_at.getTime());
        expect(row.supervisor_reviewed_at!.getTime()).toBeLessThan(seededAt.getTime() + 1000);
        expect(staff).toContainEqual({ user_id: row.supervisor_reviewed_by, company_id: row.company_id, role: 'CompanySupervisor' });
      }
      const combination = admin && supervisor ? 'both' : admin ? 'admin' : supervisor ? 'supervisor' : 'none';
      combinations.set(row.company_id, (combinations.get(row.company_id) ?? new Set()).add(combination));
    }
    expect(combinations.size).toBe(2);
    for (const seen of combinations.values()) expect(seen).toEqual(new Set(['none', 'admin', 'supervisor', 'both']));
    expect(new Set(rows.map((row) => row.risk_overall_level)).size).toBeGreaterThan(5);
    expect(new Set(rows.flatMap((row) => row.high_risk_work))).toContain('Work at height over 2 m');
  });

  it('records 200 check-ins by the tradespeople at open sites over recent weeks', async () => {
    const rows = await app.db
      .selectFrom('check_ins as ci')
      .innerJoin('project_sites as p', 'p.id', 'ci.site_id')
      .innerJoin('user_roles as r', 'r.user_id', 'ci.user_id')
      .select(['ci.created_at', 'r.role', 'p.status'])
      .execute();
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => row.role === 'TradesPerson')).toBe(true);
    expect(rows.some((row) => row.status === 'cancelled')).toBe(false);
    const eightWeeksAgo = seededAt.getTime() - 57 * 86_400_000;
    expect(rows.every((row) => row.created_at.getTime() > eightWeeksAgo && row.created_at.getTime() < seededAt.getTime())).toBe(true);
    const tradies = await app.db.selectFrom('check_ins').select('user_id').distinct().execute();
    expect(tradies).toHaveLength(8);
  });

  it('refuses to load the demo data a second time, and changes nothing', async () => {
    const before = await Promise.all([count('users'), count('companies'), count('swms'), count('check_ins'), count('files')]);
    await expect(seedDemo(app.db, app.storage)).rejects.toThrow(demoSeedRefusal);
    expect(await Promise.all([count('users'), count('companies'), count('swms'), count('check_ins'), count('files')])).toEqual(before);
  });
});

describe('planDemoData', () => {
  it('plans the same rows for the same instant and seed, and other rows for another seed', () => {
    const now = new Date('2026-03-04T05:06:07Z');
    const withoutFileKeys = (plan: ReturnType<typeof planDemoData>) => ({
      ...plan,
      logos: plan.logos.map((logo) => logo.bytes.length),
      files: plan.files.map(({ file_key: _key, ...file }) => file),
    });
    expect(withoutFileKeys(planDemoData(now))).toEqual(withoutFileKeys(planDemoData(now)));
    expect(planDemoData(now, 7).swms.map((row) => row.task_description)).not.toEqual(planDemoData(now).swms.map((row) => row.task_description));
  });

  it('keeps every review combination and the exact counts whatever the weekday', () => {
    for (let offset = 0; offset < 7; offset++) {
      const plan = planDemoData(new Date(Date.UTC(2026, 5, 1 + offset, 3)));
      expect([plan.swms.length, plan.checkIns.length, plan.sites.length]).toEqual([60, 200, 12]);
      for (const companyId of new Set(plan.swms.map((row) => row.company_id))) {
        const flags = plan.swms
          .filter((row) => row.company_id === companyId)
          .map((row) => `${row.company_admin_reviewed_at ? 'A' : '-'}${row.supervisor_reviewed_at ? 'S' : '-'}`);
        expect(new Set(flags)).toEqual(new Set(['--', 'A-', '-S', 'AS']));
      }
    }
  });
});

describe('seedDemo when some demo accounts already exist', () => {
  let other: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    other = await createTestApp();
  }, 120_000);
  afterAll(async () => other.close());

  it('keeps an existing account and its role, fills in its blank profile, and adds the rest', async () => {
    const { user } = await addSuperUser(other.app.db, 'Super@SiteSafe.demo');
    await other.app.db.updateTable('users').set({ first_name: 'Sam' }).where('id', '=', user.id).execute();
    expect(await isDatabaseEmpty(other.app.db)).toBe(false);
    await seedDemo(other.app.db, other.app.storage);
    const supers = await other.app.db.selectFrom('user_roles').selectAll().where('role', '=', 'SuperUser').execute();
    expect(supers.map((role) => role.user_id)).toEqual([user.id]);
    const stored = await other.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect([stored.first_name, stored.surname]).toEqual(['Sam', 'Whitfield']);
    expect(stored.phone).toMatch(/^\d{10}$/);
    expect(Number((await other.app.db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)).toBe(16);
    const logo = await other.app.db.selectFrom('files').select('created_by').executeTakeFirstOrThrow();
    expect(logo.created_by).toBe(user.id);
  });
});
