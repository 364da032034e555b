import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { companyMessages } from '../../src/domain/company';
import {
  invitationLink,
  inviteMessages,
  type InvitableRole,
  type InvitationView,
  type InviteInput,
  type InviteResponse,
} from '../../src/domain/invite';
import type { AccessTokenPayload } from '../../src/domain/token';
import type { Actor } from '../audit/request-context';
import { recordAudit } from '../companies/audit';
import { findLiveCompany } from '../companies/repository';
import type { Database } from '../db/tables';
import { inTransaction } from '../db/transaction';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import { withdrawInvitationEmails } from '../mail/deliveries';
import { invitationEmail } from '../mail/invitation-email';
import { findOrCreateUserByEmail } from '../users/repository';
import {
  activateRole,
  consumeCode,
  fillBlankDetails,
  findInviteByCode,
  findPendingRole,
  insertInvitedRole,
  issueCode,
  latestInviteEmail,
  liveMemberships,
  lockRole,
  lockUser,
  voidOpenCodes,
  type InviteRecord,
  type IssuedCode,
} from './repository';

type App = Pick<FastifyInstance, 'db' | 'mailQueue' | 'config' | 'auth'>;

const alreadyInAnotherCompany = 'This email already belongs to an employee of another company';

const gone = (message: string) => new HttpError(410, message);

/** Issues 3 and 9: the super user invites anyone anywhere; an admin invites supervisors and auditors to their own company. */
function requireMayInvite(user: AccessTokenPayload, companyId: string, role: InvitableRole): void {
  if (user.roles.includes('SuperUser')) return;
  if (user.roles.includes('CompanyAdmin') && user.company === companyId && role !== 'CompanyAdmin') return;
  throw forbidden();
}

/**
 * Issue 12: the email is queued in the transaction that issues its code, so an invitation is never
 * saved without it; the queue sends it at once and retries while the mail server is down.
 */
async function queueInvitation(
  app: App,
  trx: Kysely<Database>,
  invite: { to: string; firstName: string; companyName: string; role: InvitableRole } & IssuedCode,
): Promise<string> {
  const mail = invitationEmail({ ...invite, link: invitationLink(app.config.publicUrl, invite.code) });
  return app.mailQueue.enqueue(trx, mail, { kind: 'invitation', inviteId: invite.inviteId });
}

function deliverNow(app: App, log: FastifyBaseLogger, userRoleId: string, deliveryId: string): void {
  log.info({ userRoleId, deliveryId }, 'invitation email queued');
  app.mailQueue.wake();
}

/** Spec §7 POST user/invite with DESIGN.md's rules. */
export async function inviteEmployee(
  app: App,
  actor: AccessTokenPayload,
  requestId: string | null,
  input: InviteInput,
  log: FastifyBaseLogger,
): Promise<InviteResponse> {
  requireMayInvite(actor, input.companyId, input.role);
  const company = await findLiveCompany(app.db, input.companyId);
  if (!company) throw notFound(companyMessages.notFound);
  const email = input.email.trim();

  const firstName = input.firstName.trim();
  const { userRoleId, deliveryId } = await inTransaction(app.db, async (trx) => {
    const user = await findOrCreateUserByEmail(trx, email);
    await lockUser(trx, user.id);
    const memberships = await liveMemberships(trx, user.id);
    if (memberships.some((membership) => membership.company_id === company.id)) throw conflict(inviteMessages.alreadyEmployee);
    if (memberships.length > 0) throw conflict(alreadyInAnotherCompany);
    await fillBlankDetails(trx, user.id, { firstName, surname: input.surname.trim(), contactEmail: email, phone: input.phone.replace(/\s+/g, '') });
    const userRoleId = await insertInvitedRole(trx, user.id, company.id, input.role);
    const issued = await issueCode(trx, userRoleId, email, actor.sub);
    await recordAudit(trx, {
      actor: { userId: actor.sub, requestId },
      action: 'invite.create',
      entity: 'user_role',
      entityId: userRoleId,
      detail: { companyId: company.id, role: input.role, email, expiresAt: issued.expiresAt.toISOString() },
    });
    const deliveryId = await queueInvitation(app, trx, { to: email, firstName, companyName: company.name, role: input.role, ...issued });
    return { userRoleId, deliveryId };
  });

  deliverNow(app, log, userRoleId, deliveryId);
  return { userRole: { _id: userRoleId }, firstName, surname: input.surname.trim(), contactEmail: email, role: input.role };
}

/** Spec §4 Invite 'may be resent': DESIGN.md voids the old code and issues a new one. */
export async function resendInvitation(
  app: App,
  actor: AccessTokenPayload,
  requestId: string | null,
  userRoleId: string,
  log: FastifyBaseLogger,
): Promise<InviteResponse> {
  const pending = await findPendingRole(app.db, userRoleId);
  if (!pending) {
    if (actor.roles.includes('SuperUser')) throw notFound(inviteMessages.notValid);
    throw forbidden();
  }
  requireMayInvite(actor, pending.company_id, pending.role);
  const company = await findLiveCompany(app.db, pending.company_id);
  if (!company) throw notFound(companyMessages.notFound);
  if (pending.status !== 'invited') throw conflict(inviteMessages.notPending);

  const { email, deliveryId } = await inTransaction(app.db, async (trx) => {
    if ((await lockRole(trx, userRoleId)) !== 'invited') throw conflict(inviteMessages.notPending);
    const email = (await latestInviteEmail(trx, userRoleId)) ?? pending.email;
    const voided = await voidOpenCodes(trx, userRoleId);
    await withdrawInvitationEmails(trx, userRoleId);
    const issued = await issueCode(trx, userRoleId, email, actor.sub);
    await recordAudit(trx, {
      actor: { userId: actor.sub, requestId },
      action: 'invite.resend',
      entity: 'user_role',
      entityId: userRoleId,
      detail: { companyId: company.id, role: pending.role, email, voidedCodes: voided, expiresAt: issued.expiresAt.toISOString() },
    });
    const deliveryId = await queueInvitation(app, trx, { to: email, firstName: pending.first_name, companyName: company.name, role: pending.role, ...issued });
    return { email, deliveryId };
  });

  deliverNow(app, log, userRoleId, deliveryId);
  return {
    userRole: { _id: userRoleId },
    firstName: pending.first_name,
    surname: pending.surname,
    contactEmail: pending.contact_email || email,
    role: pending.role,
  };
}

/** DESIGN.md Invitations: single use, replaced by a resend, 7 days; each refusal names its reason. */
async function openInvite(app: App, code: string): Promise<InviteRecord & { company_id: string; company_name: string }> {
  const invite = await findInviteByCode(app.db, code);
  if (!invite || invite.company_id === null || invite.company_name === null) throw notFound(inviteMessages.notValid);
  if (invite.used_at) throw gone(inviteMessages.used);
  if (invite.voided_at || invite.role_status !== 'invited' || invite.company_deleted_at) throw gone(inviteMessages.voided);
  if (new Date(invite.expires_at).getTime() <= Date.now()) throw gone(inviteMessages.expired);
  return invite as InviteRecord & { company_id: string; company_name: string };
}

export async function readInvitation(app: App, code: string): Promise<InvitationView> {
  const invite = await openInvite(app, code);
  return { company: { name: invite.company_name }, role: invite.role as InvitableRole };
}

/** Spec §7 POST user/accept: the signed-in account must be the invited email (case-insensitive). */
export async function acceptInvitation(app: App, actor: Actor, code: string): Promise<void> {
  const invite = await openInvite(app, code);
  const account = await app.db.selectFrom('users').select('email').where('id', '=', actor.userId).executeTakeFirst();
  if (!account || account.email.trim().toLowerCase() !== invite.email.trim().toLowerCase()) {
    throw forbidden(inviteMessages.wrongEmail);
  }
  await inTransaction(app.db, async (trx) => {
    const now = new Date();
    const status = await lockRole(trx, invite.user_role_id);
    if (!(await consumeCode(trx, invite.id, now))) throw gone(inviteMessages.used);
    if (status !== 'invited') throw gone(inviteMessages.voided);
    await activateRole(trx, invite.user_role_id, now);
    await recordAudit(trx, {
      actor,
      action: 'invite.accept',
      entity: 'user_role',
      entityId: invite.user_role_id,
      detail: { companyId: invite.company_id, role: invite.role, email: invite.email },
    });
  });
}

/**
 * The auth/token hook (spec §7 sends inviteCode with the code exchange): accepts the invitation when it
 * is valid for this account. A refused one never blocks the sign-in; /accept_invitation then shows why.
 */
export function acceptOnSignIn(app: App, log: FastifyBaseLogger) {
  return async (actor: Actor, code: string): Promise<void> => {
    await acceptInvitation(app, actor, code).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      log.info({ userId: actor.userId, reason: error.message }, 'invitation code at sign-in not accepted');
    });
  };
}
