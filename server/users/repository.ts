import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Role } from '../../src/domain/roles';
import type { Db } from '../db/database';
import type { StoredRole } from '../db/tables';

export interface UserRecord {
  readonly id: string;
  readonly email: string;
}

export interface RolesAndCompany {
  readonly roles: Role[];
  readonly company: string | null;
}

export interface Identity {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string;
}

const normalise = (email: string) => email.trim().toLowerCase();

async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, '=', normalise(email))
    .executeTakeFirst();
}

export async function findOrCreateUserByEmail(db: Db, email: string): Promise<UserRecord> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const address = email.trim();
  await db
    .insertInto('users')
    .values({ id: randomUUID(), email: address, contact_email: address })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .execute();
  const created = await findUserByEmail(db, address);
  if (!created) throw new Error(`The user ${address} could not be created`);
  return created;
}

/** The user an identity provider's subject belongs to; a new subject is linked by its verified email. */
export async function findOrCreateUserByIdentity(db: Db, identity: Identity): Promise<UserRecord> {
  const linked = await db
    .selectFrom('identities')
    .innerJoin('users', 'users.id', 'identities.user_id')
    .select(['users.id', 'users.email'])
    .where('identities.issuer', '=', identity.issuer)
    .where('identities.subject', '=', identity.subject)
    .executeTakeFirst();
  if (linked) return linked;
  const user = await findOrCreateUserByEmail(db, identity.email);
  await db
    .insertInto('identities')
    .values({ issuer: identity.issuer, subject: identity.subject, user_id: user.id, email: identity.email })
    .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doNothing())
    .execute();
  return user;
}

/** Spec §6: roles and the company come from the active roles; none at all reads as Unregistered. */
export async function rolesAndCompany(db: Db, userId: string): Promise<RolesAndCompany> {
  const rows = await db
    .selectFrom('user_roles')
    .select(['role', 'company_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return { roles: ['Unregistered'], company: null };
  const company = rows.find((row) => row.role !== 'SuperUser' && row.company_id !== null)?.company_id ?? null;
  const roles = rows.filter((row) => row.company_id === null || row.company_id === company).map((row) => row.role);
  return { roles: [...new Set(roles)], company };
}

export async function addSuperUser(db: Db, email: string): Promise<{ user: UserRecord; added: boolean }> {
  const user = await findOrCreateUserByEmail(db, email);
  const existing = await db
    .selectFrom('user_roles')
    .select('id')
    .where('user_id', '=', user.id)
    .where('role', '=', 'SuperUser')
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (existing) return { user, added: false };
  await db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: user.id, company_id: null, role: 'SuperUser', status: 'active', accepted_at: new Date() })
    .execute();
  return { user, added: true };
}

export interface AccountWithRole {
  readonly email: string;
  readonly firstName: string;
  readonly surname: string;
  readonly role: StoredRole;
  readonly companyName: string | null;
}

/** Every active role of every user, for the development sign-in page's list of demo accounts. */
export async function listAccountsWithRoles(db: Db): Promise<AccountWithRole[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .leftJoin('companies', 'companies.id', 'user_roles.company_id')
    .select([
      'users.email as email',
      'users.first_name as firstName',
      'users.surname as surname',
      'user_roles.role as role',
      'companies.name as companyName',
    ])
    .where('user_roles.status', '=', 'active')
    .orderBy('user_roles.created_at')
    .orderBy('users.email')
    .execute();
}
