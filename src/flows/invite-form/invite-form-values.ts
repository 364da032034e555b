import { decode, fieldErrors } from '../../domain/decode';
import { InviteInput, type InvitableRole } from '../../domain/invite';

export const inviteFields = ['firstName', 'surname', 'email', 'phone'] as const;
export type InviteField = (typeof inviteFields)[number];
export type InviteFormValues = Record<InviteField, string>;

export const blankInviteForm: InviteFormValues = { firstName: '', surname: '', email: '', phone: '' };

/** Spec §5: firstName, surname, contactEmail and phone, all valid; checked by the server's `InviteInput`. */
export function checkInviteForm(values: InviteFormValues, target: { companyId: string; role: InvitableRole }) {
  const trimmed = Object.fromEntries(inviteFields.map((field) => [field, values[field].trim()])) as InviteFormValues;
  const decoded = decode(InviteInput, { ...trimmed, ...target });
  if (decoded.ok) return { invitee: trimmed, errors: {} as Partial<Record<InviteField, string>> };
  return { invitee: null, errors: fieldErrors(decoded.issues) as Partial<Record<InviteField, string>> };
}
