import { decode, fieldErrors } from './decode';
import { CompanyInput, type CompanyImageReference } from './company';
import type { FileReference } from './file';
import { formatAbn } from './format-abn';

export const companyFields = ['name', 'abn', 'buildersRegNumber', 'phone', 'email', 'address', 'postalAddress'] as const;
export type CompanyField = (typeof companyFields)[number];
export type CompanyFormValues = Record<CompanyField, string>;

export const blankCompanyForm: CompanyFormValues = {
  name: '',
  abn: '',
  buildersRegNumber: '',
  phone: '',
  email: '',
  address: '',
  postalAddress: '',
};

/** The logo as the form holds it: untouched (keep the stored one), removed, or a new upload. */
export type LogoChoice =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'removed' }
  | { readonly kind: 'uploaded'; readonly reference: CompanyImageReference };

export function formValuesOf(company: Partial<Record<CompanyField, string>>): CompanyFormValues {
  const values = { ...blankCompanyForm };
  for (const field of companyFields) values[field] = company[field] ?? '';
  values.abn = formatAbn(values.abn);
  return values;
}

export function toCompanyImage(reference: FileReference): CompanyImageReference {
  return { friendlyName: reference.friendlyName, fileKey: reference.fileKey, type: 'companyProfile' };
}

function requestOf(values: CompanyFormValues, logo: LogoChoice): Record<string, unknown> {
  const trimmed = Object.fromEntries(companyFields.map((field) => [field, values[field].trim()]));
  if (logo.kind === 'removed') return { ...trimmed, image: null };
  if (logo.kind === 'uploaded') return { ...trimmed, image: logo.reference };
  return trimmed;
}

/** Spec §5 company rules, checked by the same `CompanyInput` schema as the server. */
export function checkCompanyForm(values: CompanyFormValues, logo: LogoChoice) {
  const decoded = decode(CompanyInput, requestOf(values, logo));
  if (decoded.ok) return { input: decoded.value, errors: {} as Partial<Record<CompanyField, string>> };
  return { input: null, errors: fieldErrors(decoded.issues) as Partial<Record<CompanyField, string>> };
}
