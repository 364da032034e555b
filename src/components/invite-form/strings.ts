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
  username: 'Username',
  email: 'Email',
  role: 'Role',
  expires: 'Invitation Expires',
  expired: 'Expired',
  actions: 'Actions',
  resend: 'Resend',
  resendTo: (who: string) => `Resend invitation to ${who}`,
} as const;
