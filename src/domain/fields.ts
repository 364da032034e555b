import { Schema } from 'effect';
import { validationMessages } from './messages';
import { isNumeric, isValidAbn, isValidCompanyPhone, isValidEmail } from './validators';

const rule = (predicate: (value: string) => boolean, message: string) =>
  Schema.makeFilter<string>((value) => predicate(value) || message);

export const RequiredText = Schema.String.check(
  rule((value) => value.trim().length > 0, validationMessages.required),
);

export const Email = RequiredText.check(rule(isValidEmail, validationMessages.email));
export const ContactEmail = RequiredText.check(rule(isValidEmail, validationMessages.contactEmail));
export const CompanyPhone = RequiredText.check(rule(isValidCompanyPhone, validationMessages.companyPhone));
export const ProfilePhone = RequiredText.check(rule(isNumeric, validationMessages.profilePhone));
export const Abn = RequiredText.check(rule(isValidAbn, validationMessages.abn));
export const Uuid = Schema.String.check(
  rule((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value), 'Not a valid id'),
);
