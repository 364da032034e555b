import { Schema } from 'effect';
import { CompanyPhone, ContactEmail, RequiredText, requiredText, textLimits, Uuid } from './fields';

export const inviteMessages = {
  role: 'Choose Admin, Supervisor or Auditor',
  notValid: 'This invitation is not valid',
  used: 'This invitation has already been used',
  voided: 'This invitation was replaced by a newer one',
  expired: 'This invitation has expired',
  wrongEmail: 'This invitation was sent to a different email address',
  alreadyEmployee: 'This email already belongs to an employee of this company',
  notPending: 'This invitation is no longer pending',
} as const;

/** DESIGN.md Invitations: a code lives 7 days. */
export const inviteLifetimeDays = 7;

const invitableRoles = ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'] as const;
export type InvitableRole = (typeof invitableRoles)[number];
const InvitableRoleSchema = Schema.Literals(invitableRoles).annotate({ message: inviteMessages.role });

/** Spec §7 POST user/invite; spec §5: all fields required, a valid contact email, a phone of 8 to 10 digits. */
export const InviteInput = Schema.Struct({
  firstName: RequiredText,
  surname: RequiredText,
  email: ContactEmail,
  phone: CompanyPhone,
  companyId: Uuid,
  role: InvitableRoleSchema,
});
export type InviteInput = typeof InviteInput.Type;

/** Spec §3 Invite, as POST user/invite and its resend answer. */
export const InviteResponse = Schema.Struct({
  userRole: Schema.Struct({ _id: Schema.String }),
  firstName: Schema.String,
  surname: Schema.String,
  contactEmail: Schema.String,
  role: InvitableRoleSchema,
});
export type InviteResponse = typeof InviteResponse.Type;

/** Spec §7 GET user/invite/{inviteCode}. */
export const InvitationView = Schema.Struct({
  company: Schema.Struct({ name: Schema.String }),
  role: InvitableRoleSchema,
});
export type InvitationView = typeof InvitationView.Type;

export const AcceptInvite = Schema.Struct({ inviteCode: requiredText(textLimits.code) });
export type AcceptInvite = typeof AcceptInvite.Type;

/** Issue 12: where the latest invitation email is: queued or being sent, sent, failed and retried later, or given up. */
const invitationEmailStatuses = ['sending', 'sent', 'retrying', 'failed'] as const;
export type InvitationEmailStatus = (typeof invitationEmailStatuses)[number];

/** A pending invitation as the client page lists it; username is the invited contact email. */
export const InvitedEmployee = Schema.Struct({
  userRole: Schema.Struct({ _id: Schema.String }),
  firstName: Schema.String,
  surname: Schema.String,
  username: Schema.String,
  email: Schema.String,
  role: InvitableRoleSchema,
  invitedAt: Schema.String,
  expiresAt: Schema.String,
  emailStatus: Schema.Literals(invitationEmailStatuses),
});
export type InvitedEmployee = typeof InvitedEmployee.Type;

/** The page the invitation email links to (spec §2 /accept_invitation). */
export function invitationLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/accept_invitation?invitationCode=${encodeURIComponent(code)}`;
}
