import { Result, Schema, SchemaIssue } from 'effect';
import { validationMessages } from './messages';

export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) =>
    issue._tag === 'MissingKey' ? validationMessages.required : SchemaIssue.defaultLeafHook(issue),
});

function toFieldIssues(error: Schema.SchemaError): FieldIssue[] {
  return formatter(error.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.'),
    message: issue.message,
  }));
}

export type Decoded<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly issues: readonly [FieldIssue, ...FieldIssue[]] };

/** Decodes untrusted input; on failure lists every field's first message, in field order. */
export function decode<S extends Schema.Codec<unknown, unknown>>(schema: S, input: unknown): Decoded<S['Type']> {
  const result = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<S['Type'], unknown>)(input, { errors: 'all' });
  if (Result.isSuccess(result)) return { ok: true, value: result.success };
  const issues = toFieldIssues(result.failure);
  const first = issues[0] ?? { path: '', message: 'Invalid input' };
  return { ok: false, issues: [first, ...issues.slice(1)] };
}

/** The first message per field, for showing beside form inputs. */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}
