import { pageCursorFields, pageCursorResult } from './list-page';
import { Schema, SchemaGetter } from 'effect';
import { Abn, CompanyPhone, Email, RequiredText, requiredText, text, textLimits } from './fields';
import { RoleSchema } from './roles';

export const companyMessages = {
  logoUploadAgain: 'Upload the logo again',
  duplicateAbn: 'A company with this ABN already exists',
  notFound: 'This company does not exist',
  employeeNotFound: 'This employee does not exist',
  sort: 'Choose one of the offered sort orders',
  search: 'Search with a single text value',
  page: 'The page must be a whole number from 1',
  pageSize: 'The page size must be a whole number from 1 to 100',
} as const;

/** Spec §5: spaces are ignored in an ABN; it is stored as its 11 digits. */
export function normaliseAbn(abn: string): string {
  return abn.replace(/\s+/g, '');
}

/** A logo already uploaded through POST file; the url is never sent back. */
export const CompanyImageReference = Schema.Struct({
  friendlyName: requiredText(textLimits.fileName),
  fileKey: RequiredText,
  type: Schema.Literal('companyProfile').annotate({ message: companyMessages.logoUploadAgain }),
});
export type CompanyImageReference = typeof CompanyImageReference.Type;

/**
 * Spec §3 Company fields with the rules of spec §5. On update, an absent image keeps the current
 * logo and a null image removes it.
 */
export const CompanyInput = Schema.Struct({
  name: RequiredText,
  abn: Abn,
  buildersRegNumber: RequiredText,
  phone: CompanyPhone,
  email: Email,
  address: requiredText(textLimits.address),
  postalAddress: requiredText(textLimits.address),
  image: Schema.optionalKey(Schema.NullOr(CompanyImageReference).annotate({ message: companyMessages.logoUploadAgain })),
});
export type CompanyInput = typeof CompanyInput.Type;

export const CompanyImage = Schema.Struct({
  friendlyName: Schema.String,
  fileKey: Schema.String,
  type: Schema.Literal('companyProfile'),
  url: Schema.String,
});
export type CompanyImage = typeof CompanyImage.Type;

/** Spec §3 Company as the server answers it; hasAdmin tells onboarding whether an admin has accepted. */
export const Company = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  abn: Schema.String,
  buildersRegNumber: Schema.String,
  phone: Schema.String,
  email: Schema.String,
  address: Schema.String,
  postalAddress: Schema.String,
  userCount: Schema.Number,
  createdAt: Schema.String,
  image: Schema.optional(CompanyImage),
  hasAdmin: Schema.Boolean,
});
export type Company = typeof Company.Type;

/** Spec §5 sort keys, field.type.direction: 'Sort Most Recent', 'Sort A-Z', 'Sort Z-A' and oldest first. */
export const companySortKeys = ['createdAt.date.desc', 'createdAt.date.asc', 'name.string.asc', 'name.string.desc'] as const;
export type CompanySortKey = (typeof companySortKeys)[number];
export const defaultCompanySort: CompanySortKey = 'createdAt.date.desc';

export const companySortOptions: readonly { readonly key: CompanySortKey; readonly label: string }[] = [
  { key: 'createdAt.date.desc', label: 'Sort Most Recent' },
  { key: 'name.string.asc', label: 'Sort A-Z' },
  { key: 'name.string.desc', label: 'Sort Z-A' },
];

const maxPageSize = 100;
export const defaultPageSize = 20;

const wholeNumberFromString = (minimum: number, maximum: number, message: string) =>
  Schema.String.check(
    Schema.makeFilter<string>((value) => {
      if (!/^\d{1,9}$/.test(value)) return message;
      const number = Number(value);
      return (number >= minimum && number <= maximum) || message;
    }),
  ).pipe(Schema.decodeTo(Schema.Number, {
      decode: SchemaGetter.transform((value: string) => Number(value)),
      encode: SchemaGetter.transform((value: number) => String(value)),
    }));

/** GET company query string: every value arrives as text. */
export const CompanyListQuery = Schema.Struct({
  search: Schema.optionalKey(text(textLimits.search, { notText: companyMessages.search })),
  sort: Schema.optional(Schema.Literals(companySortKeys).annotate({ message: companyMessages.sort })),
  page: Schema.optional(wholeNumberFromString(1, 1_000_000, companyMessages.page)),
  pageSize: Schema.optional(wholeNumberFromString(1, maxPageSize, companyMessages.pageSize)),
  ...pageCursorFields,
});
export type CompanyListQuery = typeof CompanyListQuery.Type;

export const CompanyList = Schema.Struct({
  items: Schema.Array(Company),
  total: Schema.Number,
  page: Schema.Number,
  pageSize: Schema.Number,
  ...pageCursorResult,
});
export type CompanyList = typeof CompanyList.Type;

const EmployeeRole = Schema.Struct({ _id: Schema.String, user: Schema.String, role: RoleSchema });

/** Spec §3 Employee: the person fields of a profile, the role record and sites supervised. */
export const Employee = Schema.Struct({
  _id: Schema.String,
  firstName: Schema.String,
  surname: Schema.String,
  fullName: Schema.String,
  contactEmail: Schema.String,
  phone: Schema.String,
  emergencyContactName: Schema.String,
  emergencyContactPhone: Schema.String,
  userRole: EmployeeRole,
  projectCount: Schema.Number,
});
export type Employee = typeof Employee.Type;

/** One employee with the employer shown beside them (spec §2 employee details). */
export const EmployeeDetails = Schema.Struct({
  ...Employee.fields,
  companyDetails: Schema.Struct({
    _id: Schema.String,
    name: Schema.String,
    image: Schema.NullOr(Schema.Struct({ url: Schema.String })),
  }),
});
export type EmployeeDetails = typeof EmployeeDetails.Type;
