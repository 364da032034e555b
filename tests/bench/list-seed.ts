import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/**
 * The data of `npm run bench`: one company with `swms` SWMS on `sites` sites submitted by `trades`
 * tradespeople, among `clients` client companies; another company's SWMS and sites alongside, so
 * every query must pick its own company's rows. As in a company's real data, nine sites in ten have a
 * safety plan and four in five a supervisor, and nine clients in ten a logo: a list signs a read URL
 * for each plan and logo it shows.
 */
export interface ListSeedSize {
  readonly swms: number;
  readonly sites: number;
  readonly clients: number;
  readonly trades: number;
}

export interface ListSeed {
  readonly companyId: string;
  readonly adminEmail: string;
  readonly supervisorEmail: string;
  readonly superUserEmail: string;
}

const firstNames = ['Jack', 'Olivia', 'Noah', 'Mia', 'Liam', 'Ava', 'Oliver', 'Charlotte', 'William', 'Isla'];
const surnames = ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White'];
const suburbs = ['Sydney', 'Parramatta', 'Chatswood', 'Manly', 'Penrith', 'Liverpool', 'Bondi', 'Hornsby'];
const statuses = ['ongoing', 'ongoing', 'ongoing', 'on_hold', 'completed', 'cancelled'];
const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;

const benchEmails = { adminEmail: 'admin@bench.test', supervisorEmail: 'supervisor@bench.test', superUserEmail: 'super@bench.test' } as const;

/**
 * A database `seedLists` filled before (kept with `npm run bench -- --keep`): its company and accounts, and its size
 * (SWMS and sites of the company, live client companies), which the deep pages and the printed figures follow.
 */
export async function seededLists(db: Db): Promise<ListSeed & { readonly size: Omit<ListSeedSize, 'trades'> }> {
  const admin = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.company_id')
    .where('u.email', '=', benchEmails.adminEmail)
    .where('r.role', '=', 'CompanyAdmin')
    .executeTakeFirstOrThrow();
  if (admin.company_id === null) throw new Error(`${benchEmails.adminEmail} has no company`);
  // The last run's select-all review left a dead version of every counter it changed, and a server
  // with autovacuum off (this machine's) would measure them: start from what a live database holds.
  await settle(db);
  const counted = await sql<{ swms: string; sites: string; clients: string }>`SELECT
    (SELECT total FROM swms_counts WHERE company_id = ${admin.company_id} AND dimension = 'company' AND key = ${admin.company_id}) AS swms,
    (SELECT count(*) FROM project_sites WHERE company_id = ${admin.company_id}) AS sites,
    (SELECT count(*) FROM companies WHERE deleted_at IS NULL) AS clients`.execute(db);
  const [row] = counted.rows;
  const size = { swms: Number(row?.swms ?? 0), sites: Number(row?.sites ?? 0), clients: Number(row?.clients ?? 0) };
  return { companyId: admin.company_id, ...benchEmails, size };
}

/**
 * A database that has held these rows a while has been vacuumed (visibility map set, so index-only
 * scans skip the table) and analysed, and has written them out; a bulk load has had none of it. The
 * checkpoint writes the load's pages now, not while the load is measured: a million SWMS' worth of
 * pages flushed by the checkpointer competes with the portal for this machine's two cores.
 */
async function settle(db: Db) {
  await sql`VACUUM ANALYZE`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}

export async function seedLists(db: Db, size: ListSeedSize): Promise<ListSeed> {
  const companyId = randomUUID();
  const otherCompany = randomUUID();
  const seed: ListSeed = { companyId, ...benchEmails };
  const otherSites = Math.max(20, Math.round(size.sites / 20));
  // Files named from n (md5 of a label, as a uuid), so the rows below can point at them.
  const fileId = (label: string) => sql`md5(${label} || n)::uuid`;
  await sql`
    INSERT INTO files (id, file_key, friendly_name, type, created_at)
    SELECT ${fileId('logo ')}, ${fileId('logo key ')}::text || '.png', 'Logo ' || n || '.png', 'companyProfile', now()
    FROM generate_series(1, ${Math.max(2, size.clients)}) AS n WHERE n % 10 <> 0
    UNION ALL
    SELECT ${fileId('plan ')}, ${fileId('plan key ')}::text || '.pdf', 'Site safety plan ' || n || '.pdf', 'siteSafetyPlan', now()
    FROM generate_series(1, ${size.sites + otherSites}) AS n WHERE n % 10 <> 0`.execute(db);
  await sql`
    INSERT INTO companies (id, name, abn, builders_reg_number, phone, email, address, postal_address, created_at, image_file_id)
    SELECT CASE n WHEN 1 THEN ${companyId}::uuid WHEN 2 THEN ${otherCompany}::uuid ELSE gen_random_uuid() END,
           'Bench Build ' || n, lpad((51000000000 + n)::text, 11, '0'), 'BR-' || n, '0291234567',
           'office' || n || '@bench.test', n || ' George St, ' || (${textArray(suburbs)})[1 + n % ${suburbs.length}] || ' NSW 2000',
           'PO Box ' || n || ', Sydney NSW 2001', now() - n * interval '1 hour', CASE WHEN n % 10 <> 0 THEN ${fileId('logo ')} END
    FROM generate_series(1, ${Math.max(2, size.clients)}) AS n`.execute(db);
  const staff = [
    { email: seed.adminEmail, role: 'CompanyAdmin' as const, company: companyId },
    { email: seed.supervisorEmail, role: 'CompanySupervisor' as const, company: companyId },
    { email: seed.superUserEmail, role: 'SuperUser' as const, company: null },
  ];
  const roleIds = new Map<string, string>();
  for (const member of staff) {
    const userId = randomUUID();
    const roleId = randomUUID();
    roleIds.set(member.role, roleId);
    await db.insertInto('users').values({ id: userId, email: member.email, first_name: 'Bench', surname: member.role, phone: '0412345678' }).execute();
    await db.insertInto('user_roles').values({ id: roleId, user_id: userId, company_id: member.company, role: member.role }).execute();
  }
  await sql`
    INSERT INTO users (id, email, first_name, surname)
    SELECT gen_random_uuid(), 'tradie' || n || '@bench.test',
           (${textArray(firstNames)})[1 + n % ${firstNames.length}],
           (${textArray(surnames)})[1 + (n / ${firstNames.length}) % ${surnames.length}] || n
    FROM generate_series(1, ${size.trades}) AS n`.execute(db);
  await sql`
    INSERT INTO user_roles (id, user_id, company_id, role)
    SELECT gen_random_uuid(), id, NULL, 'TradesPerson' FROM users WHERE email LIKE 'tradie%@bench.test'`.execute(db);
  await sql`
    INSERT INTO project_sites (id, company_id, address, suburb, postcode, site_number, client_name, status, created_at,
                               site_safety_plan_file_id, supervisor_role_id)
    SELECT gen_random_uuid(), CASE WHEN n <= ${size.sites} THEN ${companyId}::uuid ELSE ${otherCompany}::uuid END,
           (n * 7 % 300 + 1) || ' ' || (${textArray(surnames)})[1 + n % ${surnames.length}] || ' St',
           (${textArray(suburbs)})[1 + n % ${suburbs.length}], '2' || lpad((n % 1000)::text, 3, '0'),
           'JOB-' || (n * 7919 % 100003), 'Client ' || n, (${textArray(statuses)})[1 + n % ${statuses.length}],
           now() - n * interval '3 hours', CASE WHEN n % 10 <> 0 THEN ${fileId('plan ')} END,
           CASE WHEN n % 5 <> 0 AND n <= ${size.sites} THEN ${roleIds.get('CompanySupervisor') ?? null}::uuid END
    FROM generate_series(1, ${size.sites + otherSites}) AS n`.execute(db);
  const insertSwms = (company: string, from: number, count: number) => sql`
    WITH sites AS (SELECT array_agg(id ORDER BY id) AS ids FROM project_sites WHERE company_id = ${company}),
         trades AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'tradie%@bench.test')
    INSERT INTO swms (id, company_id, site_id, created_by, created_at, risk_consequence_level, risk_likelihood_level,
                      risk_overall_level, task_description, ppe, company_admin_reviewed_at, supervisor_reviewed_at)
    SELECT gen_random_uuid(), ${company}::uuid, sites.ids[1 + (n * 31) % array_length(sites.ids, 1)],
           trades.ids[1 + (n * 17) % array_length(trades.ids, 1)], now() - n * interval '1 minute',
           1 + n % 5, 1 + (n / 5) % 5, (1 + n % 5) * (1 + (n / 5) % 5), 'Task ' || n, ARRAY['hard_hat', 'high_vis'],
           CASE WHEN n % 10 >= 4 THEN now() - n * interval '50 seconds' END,
           CASE WHEN n % 10 >= 5 THEN now() - n * interval '55 seconds' END
    FROM generate_series(${from + 1}::int, ${from + count}::int) AS n, sites, trades`;
  // Large inserts go in slices so neither database holds one huge transaction.
  const slice = 50_000;
  for (let done = 0; done < size.swms; done += slice) await insertSwms(companyId, done, Math.min(slice, size.swms - done)).execute(db);
  await insertSwms(otherCompany, 0, Math.max(100, Math.round(size.swms / 20))).execute(db);
  await settle(db);
  return seed;
}
