import { Schema, SchemaTransformation } from 'effect';
import { textRuleMessages, validationMessages } from './messages';
import { isNumeric, isValidAbn, isValidCompanyPhone, isValidEmail } from './validators';

const rule = (predicate: (value: string) => boolean, message: string) =>
  Schema.makeFilter<string>((value) => predicate(value) || message);

/** Issue 12: the longest text each kind of field takes (the database columns are unbounded `text`). */
export const textLimits = {
  /** A person's or company's name, a number or title on one line. */
  line: 200,
  /** RFC 5321: the longest address a mail server delivers to. */
  email: 254,
  phone: 30,
  abn: 20,
  address: 500,
  fileName: 255,
  /** Sign-in and invitation codes, site QR keys, page cursors: made by the server, never typed. */
  code: 2000,
  search: 100,
  /** A paragraph: what a SWMS says about its task, hazards and controls. */
  paragraph: 2000,
} as const;

// In a `u` expression a surrogate pair is one code point, so the range matches a lone surrogate only.
const loneSurrogate = /[\uD800-\uDFFF]/u;

/** PostgreSQL refuses U+0000 in text and UTF-8 has no lone surrogates: neither is ever stored. */
const hasOnlyAllowedCharacters = (value: string) => !value.includes('\u0000') && !loneSurrogate.test(value);

/** Characters as a person counts them: an emoji is one, where JavaScript's length counts two. */
function characterCount(value: string): number {
  let count = 0;
  for (const _character of value) count += 1;
  return count;
}

const allowedCharacters = () => rule(hasOnlyAllowedCharacters, textRuleMessages.notAllowedCharacter);

const atMost = (maxLength: number, message: string) =>
  Schema.makeFilter<string>((value) => value.length <= maxLength || characterCount(value) <= maxLength || message, {
    expected: `at most ${maxLength} characters`,
    arbitraryConstraint: { maxLength },
  });

export interface TextOptions {
  /** The field's own words when the value is not text at all. */
  readonly notText?: string;
  /** The field's own words when it is too long, where they already say how long it may be. */
  readonly tooLong?: string;
}

/**
 * Issue 12, one rule for text everywhere: no U+0000 and no lone surrogate, at most `maxLength`
 * characters, trimmed as it is decoded (so the trimmed value is the one stored).
 */
export function text(maxLength: number, options: TextOptions = {}) {
  const from = options.notText === undefined ? Schema.String : Schema.String.annotate({ message: options.notText });
  const to = Schema.String.check(allowedCharacters(), atMost(maxLength, options.tooLong ?? textRuleMessages.tooLong(maxLength)));
  return from.check(allowedCharacters()).pipe(Schema.decodeTo(to, SchemaTransformation.trim()));
}

/** Spec §5: any empty field gives 'This field is required'; the text rule applies first. */
export const requiredText = (maxLength: number) => text(maxLength).check(rule((value) => value.length > 0, validationMessages.required));

export const RequiredText = requiredText(textLimits.line);

export const Email = requiredText(textLimits.email).check(rule(isValidEmail, validationMessages.email));
export const ContactEmail = requiredText(textLimits.email).check(rule(isValidEmail, validationMessages.contactEmail));
export const CompanyPhone = requiredText(textLimits.phone).check(rule(isValidCompanyPhone, validationMessages.companyPhone));
export const ProfilePhone = requiredText(textLimits.phone).check(rule(isNumeric, validationMessages.profilePhone));
export const Abn = requiredText(textLimits.abn).check(rule(isValidAbn, validationMessages.abn));
export const Uuid = Schema.String.check(
  rule((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value), 'Not a valid id'),
);
