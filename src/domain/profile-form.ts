import { decode, fieldErrors } from './decode';
import { ProfileUpdate, type Profile } from './profile';
import type { Role } from './roles';

export const personalFields = ['firstName', 'surname', 'contactEmail', 'phone', 'emergencyContactName', 'emergencyContactPhone'] as const;
export const businessFields = ['tradeQualifications', 'whitecardNumber'] as const;
export type ProfileField = (typeof personalFields)[number] | (typeof businessFields)[number];
export type ProfileFormValues = Record<ProfileField, string>;

export const blankProfileForm: ProfileFormValues = {
  firstName: '',
  surname: '',
  contactEmail: '',
  phone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  tradeQualifications: '',
  whitecardNumber: '',
};

/** Spec §3: only a site supervisor's profile carries business details. */
export function needsBusinessDetails(role: Role | null): boolean {
  return role === 'CompanySupervisor';
}

export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    surname: profile.surname,
    contactEmail: profile.contactEmail,
    phone: profile.phone,
    emergencyContactName: profile.emergencyContactName,
    emergencyContactPhone: profile.emergencyContactPhone,
    tradeQualifications: profile.businessDetails?.tradeQualifications ?? '',
    whitecardNumber: profile.businessDetails?.whitecardNumber ?? '',
  };
}

/** The request body as the form would send it, before the shared schema has checked it. */
function updateInput(values: ProfileFormValues, role: Role | null): Record<string, unknown> {
  const { tradeQualifications, whitecardNumber, ...personal } = values;
  return needsBusinessDetails(role) ? { ...personal, businessDetails: { tradeQualifications, whitecardNumber } } : personal;
}

/** Spec §5 profile edit, checked by the same `ProfileUpdate` schema as the server. */
export function checkProfileForm(values: ProfileFormValues, role: Role | null) {
  const decoded = decode(ProfileUpdate, updateInput(values, role));
  if (decoded.ok) return { update: decoded.value, errors: {} as Partial<Record<ProfileField, string>> };
  const byPath = fieldErrors(decoded.issues);
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const [path, message] of Object.entries(byPath)) {
    const field = path.replace(/^businessDetails\./, '') as ProfileField;
    errors[field] ??= message;
  }
  return { update: null, errors };
}
