import type { InvitationEmailStatus } from '../../domain/invite';
import type { InviteField } from './invite-form-values';

export const inviteFieldLabels: Record<InviteField, string> = {
  firstName: 'First Name',
  surname: 'Surname',
  email: 'Contact Email',
  phone: 'Phone Number',
};

export const inviteFormText = {
  cancel: 'Cancel',
} as const;

export const invitedText = {
  title: 'Invited Employees',
  name: 'Name',
  /** Spec §2 names both; they hold the same address, so one column carries both names. */
  usernameAndEmail: 'Username / Email',
  role: 'Role',
  expires: 'Invitation Expires',
  emailStatus: 'Email Status',
  expired: 'Expired',
  actions: 'Actions',
  resend: 'Resend',
  resendTo: (who: string) => `Resend invitation to ${who}`,
} as const;

/** Issue 12: each invitation's email, as the invited-employees list shows it; a given-up one asks for Resend. */
export const invitationEmailStatusText: Record<InvitationEmailStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Failed, retrying',
  failed: 'Not sent: use Resend',
};
