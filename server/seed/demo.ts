import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { isValidAbn } from '../../src/domain/validators';
import type { Db } from '../db/database';
import type {
  CheckInsTable,
  CompaniesTable,
  FilesTable,
  ProjectSitesTable,
  SwmsTable,
  UserRolesTable,
  UsersTable,
} from '../db/tables';
import type { BlobStore } from '../storage/blob-store';
import { demoAccounts, demoCompanyNames, type DemoAccount, type DemoCompanyKey } from './demo-accounts';
import { demoCompanies, demoSites, swmsTemplates, type DemoSite } from './demo-content';
import { demoLogos } from './logos';
import type { DemoPlan } from './demo-plan';
import { seededRandom, type Random } from './random';
import { demoHistory } from './demo-history';
import { inTransaction } from '../db/transaction';

export const demoSeedRefusal = 'The database already holds data; demo data is only loaded into an empty database';

/** How many rows of each kind the demo seed wrote. */
export interface SeedSummary {
  readonly superUsers: number;
  readonly companies: number;
  readonly companyAdmins: number;
  readonly supervisors: number;
  readonly auditors: number;
  readonly projectSites: number;
  readonly tradespeople: number;
  readonly swms: number;
  readonly checkIns: number;
  readonly files: number;
}

export interface SeedOptions {
  /** The instant the demo history ends at; now by default. */
  readonly now?: Date;
  /** The PRNG seed: the same seed writes the same people, sites and SWMS. */
  readonly seed?: number;
}

const defaultSeed = 20_240_611;
const day = 86_400_000;
const hour = 3_600_000;
const minute = 60_000;
const swmsPerCompany = 30;
const checkInsPerTradesperson = 25;
const workdayHours = 9.5;
const historyDays = 56;

/** No companies and no users: the state of a fresh install, the only one the demo data is loaded into. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const company = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (company) return false;
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return user === undefined;
}

/** Seeds an empty database at start-up; an instance starting beside another that seeds first just goes on. */
export async function seedDemoWhenEmpty(db: Db, storage: BlobStore): Promise<SeedSummary | undefined> {
  if (!(await isDatabaseEmpty(db))) return undefined;
  try {
    return await seedDemo(db, storage);
  } catch (error) {
    if (error instanceof Error && error.message === demoSeedRefusal) return undefined;
    throw error;
  }
}

async function hasCompanies(db: Db): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The plan: every row, computed from the PRNG and `now` before anything is written.
// ---------------------------------------------------------------------------------------------

type ReviewCombination = 'none' | 'admin' | 'supervisor' | 'both';
const combinations: readonly ReviewCombination[] = ['none', 'admin', 'supervisor', 'both'];

const paintedLogos = new Map<DemoCompanyKey, Buffer>();

/** A company's logo, painted once per process (painting takes a tenth of a second or so). */
function logoOf(key: DemoCompanyKey): Buffer {
  const painted = paintedLogos.get(key) ?? (key === 'harbour' ? demoLogos.harbourBuild() : demoLogos.ridgeline());
  paintedLogos.set(key, painted);
  return painted;
}

/** Days before `now` each account was created, in the order of `demoAccounts` (the sign-in page lists them so). */
const accountAgeDays = [300, 240, 236, 229, 219, 214, 205, 190, 183, 171, 162, 150, 141, 128, 117];

/** A wall-clock time at a company's sites, `daysAgo` calendar days before the local date of `now`. */
function localInstant(now: Date, utcOffsetHours: number, daysAgo: number, minutesAfterMidnight: number): Date {
  const local = new Date(now.getTime() + utcOffsetHours * hour);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - daysAgo * day;
  return new Date(midnight + minutesAfterMidnight * minute - utcOffsetHours * hour);
}

/** 0 Sunday to 6 Saturday, at the sites' local date. */
function localWeekday(now: Date, utcOffsetHours: number, daysAgo: number): number {
  return new Date(localInstant(now, utcOffsetHours, daysAgo, 12 * 60).getTime() + utcOffsetHours * hour).getUTCDay();
}

function weighted<T>(random: Random, items: readonly { item: T; weight: number }[]): T {
  const total = items.reduce((sum, entry) => sum + entry.weight, 0);
  let ticket = random.next() * total;
  for (const entry of items) {
    ticket -= entry.weight;
    if (ticket < 0) return entry.item;
  }
  const last = items.at(-1);
  if (!last) throw new Error('weighted pick from an empty list');
  return last.item;
}

const clampLevel = (level: number) => Math.min(5, Math.max(1, level));

function reviewCombination(random: Random, ageDays: number): ReviewCombination {
  const odds: Record<ReviewCombination, number> =
    ageDays < 3 ? { none: 7, supervisor: 3, admin: 0, both: 0 }
    : ageDays < 14 ? { none: 2, supervisor: 3.5, admin: 1.5, both: 3 }
    : { none: 1, supervisor: 1.5, admin: 1.5, both: 6 };
  return weighted(random, combinations.map((item) => ({ item, weight: odds[item] })));
}

/** Each review combination at least twice in a company, taking from the most frequent one. */
function everyCombination(assigned: ReviewCombination[], random: Random): void {
  for (const wanted of combinations) {
    while (assigned.filter((combination) => combination === wanted).length < 2) {
      const counts = combinations.map((combination) => ({ combination, count: assigned.filter((c) => c === combination).length }));
      const donor = counts.reduce((best, entry) => (entry.count > best.count ? entry : best)).combination;
      const indexes = assigned.flatMap((combination, index) => (combination === donor ? [index] : []));
      assigned[random.pick(indexes)] = wanted;
    }
  }
}

/** Every row the demo seed writes, before any is written: the same `now` and seed give the same rows (logo file keys aside). */
export function planDemoData(now: Date, seed = defaultSeed): DemoPlan {
  return buildPlan(now, seededRandom(seed));
}

function buildPlan(now: Date, random: Random): DemoPlan {
  const ago = (days: number, extraMinutes = 0) => new Date(now.getTime() - days * day + extraMinutes * minute);

  // People and their roles.
  const users: Insertable<UsersTable>[] = [];
  const roles: Insertable<UserRolesTable>[] = [];
  const userIds = new Map<string, string>();
  const roleIds = new Map<string, string>();
  const companyIds = new Map<DemoCompanyKey, string>(demoCompanies.map((company) => [company.key, random.uuid()]));
  const companyId = (key: DemoCompanyKey) => {
    const id = companyIds.get(key);
    if (!id) throw new Error(`unknown demo company ${key}`);
    return id;
  };
  demoAccounts.forEach((account, index) => {
    const created = ago(accountAgeDays[index] ?? 100, index);
    const id = random.uuid();
    userIds.set(account.email, id);
    users.push({
      id,
      email: account.email,
      first_name: account.firstName,
      surname: account.surname,
      contact_email: account.email,
      phone: account.phone,
      emergency_contact_name: account.emergencyContactName,
      emergency_contact_phone: account.emergencyContactPhone,
      trade_qualifications: account.tradeQualifications,
      whitecard_number: account.whitecardNumber,
      created_at: created,
      updated_at: new Date(created.getTime() + random.int(1, 90) * minute),
    });
    const roleId = random.uuid();
    roleIds.set(account.email, roleId);
    roles.push({
      id: roleId,
      user_id: id,
      company_id: account.company === null ? null : companyId(account.company),
      role: account.role,
      status: 'active',
      created_at: created,
      accepted_at: new Date(created.getTime() + (account.role === 'SuperUser' ? 0 : random.int(20, 600) * minute)),
    });
  });
  const idOf = (map: Map<string, string>, email: string) => {
    const id = map.get(email);
    if (!id) throw new Error(`unknown demo account ${email}`);
    return id;
  };
  const superUser = demoAccounts.find((account) => account.role === 'SuperUser');
  if (!superUser) throw new Error('the demo accounts hold no super user');
  const staffOf = (key: DemoCompanyKey, role: DemoAccount['role']) =>
    demoAccounts.filter((account) => account.company === key && account.role === role);

  // Companies and their logos.
  const files: Insertable<FilesTable>[] = [];
  const companies: Insertable<CompaniesTable>[] = [];
  const logos: { fileKey: string; bytes: Buffer }[] = [];
  for (const company of demoCompanies) {
    if (!isValidAbn(company.abn)) throw new Error(`The demo ABN ${company.abn} fails the checksum`);
    const admin = staffOf(company.key, 'CompanyAdmin')[0];
    const created = ago(accountAgeDays[admin ? demoAccounts.indexOf(admin) : 1] ?? 240, -30);
    const fileId = random.uuid();
    // Blob names are shared by every database pointed at one storage account: never reuse one.
    const fileKey = `${randomUUID()}.png`;
    logos.push({ fileKey, bytes: logoOf(company.key) });
    files.push({ id: fileId, file_key: fileKey, friendly_name: company.logoName, type: 'companyProfile', created_by: idOf(userIds, superUser.email), created_at: created });
    companies.push({
      id: companyId(company.key),
      name: demoCompanyNames[company.key],
      abn: company.abn,
      builders_reg_number: company.buildersRegNumber,
      phone: company.phone,
      email: company.email,
      address: company.address,
      postal_address: company.postalAddress,
      image_file_id: fileId,
      created_at: created,
      updated_at: created,
    });
  }

  // Project sites.
  const sites: { readonly plan: DemoSite; readonly id: string; readonly row: Insertable<ProjectSitesTable> }[] = demoSites.map((site) => {
    const supervisor = site.supervisor === null ? undefined : staffOf(site.company, 'CompanySupervisor')[site.supervisor - 1];
    const created = ago(site.createdDaysAgo, random.int(0, 8 * 60));
    const id = random.uuid();
    const row: Insertable<ProjectSitesTable> = {
      id,
      company_id: companyId(site.company),
      address: site.address,
      suburb: site.suburb,
      postcode: site.postcode,
      site_number: site.siteNumber,
      client_name: site.clientName,
      supervisor_role_id: supervisor ? idOf(roleIds, supervisor.email) : null,
      site_safety_plan_file_id: null,
      ppe: [...site.ppe],
      other_ppe: site.otherPpe,
      status: site.status,
      version: site.stoppedDaysAgo === null ? 1 : 2,
      created_at: created,
      updated_at: site.stoppedDaysAgo === null ? created : ago(site.stoppedDaysAgo, random.int(0, 8 * 60)),
    };
    return { plan: site, id, row };
  });
  /** Sites a tradesperson can work on `daysAgo`: begun, and not yet stopped (a cancelled site never started). */
  const openSites = (key: DemoCompanyKey, daysAgo: number) =>
    sites.filter(
      (site) =>
        site.plan.company === key &&
        site.plan.status !== 'cancelled' &&
        daysAgo < site.plan.createdDaysAgo - 7 &&
        (site.plan.stoppedDaysAgo === null || daysAgo > site.plan.stoppedDaysAgo),
    );

  // Check-ins: each tradesperson on 25 working mornings of the last eight weeks, mostly at one site.
  const checkIns: Insertable<CheckInsTable>[] = [];
  const visits = new Map<string, { siteId: string; at: Date; daysAgo: number }[]>();
  for (const company of demoCompanies) {
    const trades = demoAccounts.filter((account) => account.role === 'TradesPerson' && account.worksWith === company.key);
    const ongoing = sites.filter((site) => site.plan.company === company.key && site.plan.status === 'ongoing');
    trades.forEach((tradesperson, position) => {
      const home = ongoing[position % ongoing.length];
      // Days 1 to 55 back: the oldest morning still falls inside the eight weeks before now.
      const workdays = Array.from({ length: historyDays - 1 }, (_, index) => index + 1).filter((daysAgo) => {
        const weekday = localWeekday(now, company.utcOffsetHours, daysAgo);
        return weekday >= 1 && weekday <= 5 ? true : weekday === 6 && random.next() < 0.35;
      });
      const days = random.sample(workdays, checkInsPerTradesperson).sort((a, b) => b - a);
      const userId = idOf(userIds, tradesperson.email);
      const mine: { siteId: string; at: Date; daysAgo: number }[] = [];
      for (const daysAgo of days) {
        const open = openSites(company.key, daysAgo);
        const site = weighted(random, open.map((item) => ({ item, weight: item === home ? 5 : 1 })));
        const at = localInstant(now, company.utcOffsetHours, daysAgo, 6 * 60 + random.int(0, 100));
        // Past visits ended that afternoon, checked out by the tradesperson (issue 10 check-out).
        const left = new Date(at.getTime() + workdayHours * hour);
        checkIns.push({ id: random.uuid(), site_id: site.id, user_id: userId, created_at: at, checked_out_at: left, checkout_kind: 'self', checked_out_by: userId });
        mine.push({ siteId: site.id, at, daysAgo });
      }
      visits.set(tradesperson.email, mine);
    });
  }

  // SWMS: written on the morning of a visit; every first visit to a site starts with one.
  const swms: Insertable<SwmsTable>[] = [];
  for (const company of demoCompanies) {
    const trades = demoAccounts.filter((account) => account.role === 'TradesPerson' && account.worksWith === company.key);
    const admin = staffOf(company.key, 'CompanyAdmin')[0];
    const supervisors = staffOf(company.key, 'CompanySupervisor');
    if (!admin || supervisors.length === 0) throw new Error(`the demo company ${company.key} needs an admin and supervisors`);
    const written: Insertable<SwmsTable>[] = [];
    trades.forEach((tradesperson, position) => {
      const count = Math.floor(swmsPerCompany / trades.length) + (position < swmsPerCompany % trades.length ? 1 : 0);
      const mine = [...(visits.get(tradesperson.email) ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
      const firsts = mine.filter((visit, index) => mine.findIndex((other) => other.siteId === visit.siteId) === index);
      const others = random.shuffle(mine.filter((visit) => !firsts.includes(visit)));
      const chosen = [...firsts, ...others].slice(0, count);
      const templates = swmsTemplates.filter((template) => template.trade === tradesperson.trade);
      for (const visit of chosen) {
        const template = random.pick(templates);
        const consequence = clampLevel(template.consequence - weighted(random, [{ item: 0, weight: 5 }, { item: 1, weight: 3 }, { item: 2, weight: 2 }]));
        const likelihood = weighted(random, [1, 2, 3, 4, 5].map((item) => ({ item, weight: [2, 4, 4, 2, 1][item - 1] ?? 1 })));
        const ppe = new Set(template.ppe);
        if (random.next() < 0.3) ppe.add('first_aid');
        written.push({
          id: random.uuid(),
          company_id: companyId(company.key),
          site_id: visit.siteId,
          created_by: idOf(userIds, tradesperson.email),
          created_at: new Date(visit.at.getTime() + random.int(15, 150) * minute + random.int(0, 59_999)),
          high_risk_work: [...template.highRiskWork],
          risk_consequence_level: consequence,
          risk_likelihood_level: likelihood,
          risk_overall_level: consequence * likelihood,
          task_description: template.task(random.pick(template.places)),
          mobile_plant_tools: template.mobilePlantTools,
          risk_text: template.riskText,
          risk_photo_file_id: null,
          control_text: template.controlText,
          control_implementation: template.controlImplementation,
          control_monitoring: template.controlMonitoring,
          control_review: template.controlReview,
          control_photo_file_id: null,
          ppe: [...ppe],
          other_ppe: template.otherPpe,
          company_admin_reviewed_at: null,
          company_admin_reviewed_by: null,
          supervisor_reviewed_at: null,
          supervisor_reviewed_by: null,
        });
      }
    });

    // Review flags: recent SWMS mostly wait for review, older ones mostly carry both flags.
    const createdAt = (row: Insertable<SwmsTable>) => new Date(row.created_at ?? now).getTime();
    written.sort((a, b) => createdAt(b) - createdAt(a));
    const assigned = written.map((row) => reviewCombination(random, (now.getTime() - createdAt(row)) / day));
    everyCombination(assigned, random);
    written.forEach((row, index) => {
      const combination = assigned[index] ?? 'none';
      const created = createdAt(row);
      const reviewedAt = (delayMinutes: number) => new Date(created + Math.min(delayMinutes * minute, (now.getTime() - created) * 0.9));
      if (combination === 'supervisor' || combination === 'both') {
        const site = sites.find((candidate) => candidate.id === row.site_id);
        const allocated = supervisors.find((supervisor) => site && idOf(roleIds, supervisor.email) === site.row.supervisor_role_id);
        row.supervisor_reviewed_by = idOf(userIds, (allocated ?? random.pick(supervisors)).email);
        row.supervisor_reviewed_at = reviewedAt(random.int(40, 30 * 60));
      }
      if (combination === 'admin' || combination === 'both') {
        row.company_admin_reviewed_by = idOf(userIds, admin.email);
        row.company_admin_reviewed_at = reviewedAt(random.int(20 * 60, 96 * 60));
      }
    });
    swms.push(...written);
  }

  return { users, roles, files, companies, sites: sites.map((site) => site.row), swms, checkIns, logos };
}

// ---------------------------------------------------------------------------------------------
// Writing the plan.
// ---------------------------------------------------------------------------------------------

type ProfileColumn = 'first_name' | 'surname' | 'contact_email' | 'phone' | 'emergency_contact_name' | 'emergency_contact_phone' | 'trade_qualifications' | 'whitecard_number';
const profileColumns: readonly ProfileColumn[] = [
  'first_name', 'surname', 'contact_email', 'phone', 'emergency_contact_name', 'emergency_contact_phone', 'trade_qualifications', 'whitecard_number',
];

/**
 * Loads the demo data of issue 2 into a database that holds no company: a super user, two client
 * companies with logos, their admins and supervisors, twelve project sites, eight tradespeople,
 * 60 SWMS and 200 check-ins, in one transaction. A demo email that already has an account (say a
 * super user added from the CLI) keeps its account; its blank profile fields are filled in.
 */
export async function seedDemo(db: Db, storage: BlobStore, options: SeedOptions = {}): Promise<SeedSummary> {
  if (await hasCompanies(db)) throw new Error(demoSeedRefusal);
  const plan = planDemoData(options.now ?? new Date(), options.seed);

  // Blobs first: a failed transaction then leaves two unreferenced logos, never a company without one.
  await Promise.all(plan.logos.map((logo) => storage.putFile(logo.fileKey, logo.bytes, 'image/png')));

  await inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('sitesafe demo seed'))`.execute(trx);
    if (await hasCompanies(trx)) throw new Error(demoSeedRefusal);

    // Accounts that exist already (a first sign-in, `superuser add`) keep their id.
    const emails = plan.users.map((user) => user.email.toLowerCase());
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'email', ...profileColumns])
      .where(sql<string>`lower(email)`, 'in', emails)
      .execute();
    const existingIds = new Map<string, string>();
    for (const found of existing) {
      const planned = plan.users.find((user) => user.email.toLowerCase() === found.email.toLowerCase());
      if (!planned) continue;
      existingIds.set(planned.id, found.id);
      const blanks = Object.fromEntries(
        profileColumns.filter((column) => found[column].trim() === '').map((column) => [column, planned[column] ?? '']),
      );
      if (Object.keys(blanks).length > 0) await trx.updateTable('users').set({ ...blanks, updated_at: new Date() }).where('id', '=', found.id).execute();
    }
    const userId = (id: string) => existingIds.get(id) ?? id;
    const activeRoles =
      existingIds.size === 0
        ? []
        : await trx
            .selectFrom('user_roles')
            .select(['user_id', 'role'])
            .where('user_id', 'in', [...existingIds.values()])
            .where('status', '=', 'active')
            .where('company_id', 'is', null)
            .execute();
    const roles = plan.roles
      .map((role) => ({ ...role, user_id: userId(role.user_id) }))
      .filter((role) => role.company_id !== null || !activeRoles.some((held) => held.user_id === role.user_id && held.role === role.role));

    const fresh = plan.users.filter((user) => !existingIds.has(user.id));
    if (fresh.length > 0) await trx.insertInto('users').values(fresh).execute();
    await trx.insertInto('files').values(plan.files.map((file) => ({ ...file, created_by: file.created_by ? userId(file.created_by) : null }))).execute();
    await trx.insertInto('companies').values(plan.companies).execute();
    await trx.insertInto('user_roles').values(roles).execute();
    await trx.insertInto('project_sites').values(plan.sites).execute();
    await trx
      .insertInto('swms')
      .values(
        plan.swms.map((row) => ({
          ...row,
          created_by: userId(row.created_by),
          company_admin_reviewed_by: row.company_admin_reviewed_by ? userId(row.company_admin_reviewed_by) : null,
          supervisor_reviewed_by: row.supervisor_reviewed_by ? userId(row.supervisor_reviewed_by) : null,
        })),
      )
      .execute();
    for (let start = 0; start < plan.checkIns.length; start += 500) {
      const batch = plan.checkIns
        .slice(start, start + 500)
        .map((row) => ({ ...row, user_id: userId(row.user_id), checked_out_by: row.checked_out_by ? userId(row.checked_out_by) : null }));
      await trx.insertInto('check_ins').values(batch).execute();
    }
    // Rows join their company's chain in the order given, which is the order they happened.
    const history = demoHistory(plan, userId);
    for (let start = 0; start < history.length; start += 500) await trx.insertInto('audit_events').values(history.slice(start, start + 500)).execute();
    await trx
      .insertInto('audit_events')
      .values({ id: randomUUID(), actor_user_id: null, action: 'demo.seeded', entity: 'database', entity_id: null, detail: JSON.stringify(summarise(plan)) })
      .execute();
  });
  return summarise(plan);
}

function summarise(plan: DemoPlan): SeedSummary {
  const count = (role: DemoAccount['role']) => plan.roles.filter((row) => row.role === role).length;
  return {
    superUsers: count('SuperUser'),
    companies: plan.companies.length,
    companyAdmins: count('CompanyAdmin'),
    supervisors: count('CompanySupervisor'),
    auditors: count('CompanyAuditor'),
    projectSites: plan.sites.length,
    tradespeople: count('TradesPerson'),
    swms: plan.swms.length,
    checkIns: plan.checkIns.length,
    files: plan.files.length,
  };
}
