import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { inviteLifetimeDays, type InvitableRole } from '../../src/domain/invite';
import { hashSecret, randomSecret } from '../auth/secrets';
import type { Db } from '../db/database';
import { companyRoles } from '../../src/domain/roles';

const lifetimeMs = inviteLifetimeDays * 24 * 60 * 60 * 1000;

export interface IssuedCode {
  readonly inviteId: string;
  readonly code: string;
  readonly expiresAt: Date;
}

export interface InviteRecord {
  readonly id: string;
  readonly email: string;
  readonly expires_at: Date;
  readonly used_at: Date | null;
  readonly voided_at: Date | null;
  readonly user_role_id: string;
  readonly role: string;
  readonly role_status: 'active' | 'invited' | 'revoked';
  readonly user_id: string;
  readonly company_id: string | null;
  readonly company_name: string | null;
  readonly company_deleted_at: Date | null;
}

export interface PendingRole {
  readonly id: string;
  readonly role: InvitableRole;
  readonly status: 'active' | 'invited' | 'revoked';
  readonly company_id: string;
  readonly user_id: string;
  readonly email: string;
  readonly first_name: string;
  readonly surname: string;
  readonly contact_email: string;
  readonly phone: string;
}

/** Locks the user so two invitations for the same person cannot race past the duplicate check. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The companies where the user already holds a live (active or invited) company role. */
export async function liveMemberships(db: Db, userId: string): Promise<{ company_id: string }[]> {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('companies as c', 'c.id', 'ur.company_id')
    .select('ur.company_id as company_id')
    .where('ur.user_id', '=', userId)
    .where('ur.status', 'in', ['active', 'invited'])
    .where('c.deleted_at', 'is', null)
    .execute() as Promise<{ company_id: string }[]>;
}

/** Fills the person's details the inviter typed, leaving anything the person already set. */
export async function fillBlankDetails(
  db: Db,
  userId: string,
  details: { firstName: string; surname: string; contactEmail: string; phone: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: sql`CASE WHEN first_name = '' THEN ${details.firstName} ELSE first_name END`,
      surname: sql`CASE WHEN surname = '' THEN ${details.surname} ELSE surname END`,
      contact_email: sql`CASE WHEN contact_email = '' THEN ${details.contactEmail} ELSE contact_email END`,
      phone: sql`CASE WHEN phone = '' THEN ${details.phone} ELSE phone END`,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function insertInvitedRole(db: Db, userId: string, companyId: string, role: InvitableRole): Promise<string> {
  const id = randomUUID();
  await db.insertInto('user_roles').values({ id, user_id: userId, company_id: companyId, role, status: 'invited' }).execute();
  return id;
}

/** DESIGN.md Invitations: a random code, stored only as its SHA-256 hash, expiring after 7 days. */
export async function issueCode(db: Db, userRoleId: string, email: string, invitedBy: string): Promise<IssuedCode> {
  const inviteId = randomUUID();
  const code = randomSecret();
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db
    .insertInto('invites')
    .values({ id: inviteId, user_role_id: userRoleId, code_hash: hashSecret(code), email, invited_by: invitedBy, expires_at: expiresAt })
    .execute();
  return { inviteId, code, expiresAt };
}

/**
 * Locks the role an invitation is for and answers its status: resends and the acceptance of one invitation take
 * turns on this row, and each takes it before any of the invitation's codes or emails, so they cannot deadlock.
 */
export async function lockRole(db: Db, userRoleId: string): Promise<'active' | 'invited' | 'revoked' | undefined> {
  const row = await db.selectFrom('user_roles').select('status').where('id', '=', userRoleId).forUpdate().executeTakeFirst();
  return row?.status;
}

/** Resend: every code still open for the role stops working. */
export async function voidOpenCodes(db: Db, userRoleId: string): Promise<number> {
  const result = await db
    .updateTable('invites')
    .set({ voided_at: new Date() })
    .where('user_role_id', '=', userRoleId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function latestInviteEmail(db: Db, userRoleId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('invites')
    .select('email')
    .where('user_role_id', '=', userRoleId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email;
}

export async function findPendingRole(db: Db, userRoleId: string): Promise<PendingRole | undefined> {
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select([
      'ur.id',
      'ur.role',
      'ur.status',
      'ur.company_id',
      'ur.user_id',
      'u.email',
      'u.first_name',
      'u.surname',
      'u.contact_email',
      'u.phone',
    ])
    .where('ur.id', '=', userRoleId)
    .where('ur.role', 'in', companyRoles)
    .where('ur.company_id', 'is not', null)
    .executeTakeFirst();
  return row as PendingRole | undefined;
}

export async function findInviteByCode(db: Db, code: string): Promise<InviteRecord | undefined> {
  return db
    .selectFrom('invites as i')
    .innerJoin('user_roles as ur', 'ur.id', 'i.user_role_id')
    .leftJoin('companies as c', 'c.id', 'ur.company_id')
    .select([
      'i.id',
      'i.email',
      'i.expires_at',
      'i.used_at',
      'i.voided_at',
      'i.user_role_id',
      'ur.role',
      'ur.status as role_status',
      'ur.user_id',
      'ur.company_id',
      'c.name as company_name',
      'c.deleted_at as company_deleted_at',
    ])
    .where('i.code_hash', '=', hashSecret(code))
    .executeTakeFirst();
}

/** Marks the code used only if it is still open, so two accepts cannot both succeed. */
export async function consumeCode(db: Db, inviteId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set({ used_at: now })
    .where('id', '=', inviteId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function activateRole(db: Db, userRoleId: string, now: Date): Promise<void> {
  await db
    .updateTable('user_roles')
    .set({ status: 'active', accepted_at: now })
    .where('id', '=', userRoleId)
    .execute();
}
