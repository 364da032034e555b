import { Result, Schema, SchemaAST, type SchemaIssue } from 'effect';
import { fieldLabelGroups, fieldLabels, requestIssueMessages, schemaIssueMessages, validationMessages } from './messages';

export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

const describeLiteral = (ast: SchemaAST.AST): string | undefined => {
  if (SchemaAST.isNull(ast)) return 'null';
  if (SchemaAST.isLiteral(ast)) return typeof ast.literal === 'string' ? ast.literal : String(ast.literal);
  return undefined;
};

/** What a value of `ast` is, in plain words (issue 13 §2: never effect's 'Expected string'). */
function expectedShape(ast: SchemaAST.AST, atRoot: boolean): string {
  switch (ast._tag) {
    case 'String':
    case 'TemplateLiteral':
      return requestIssueMessages.text;
    case 'Number':
      return requestIssueMessages.number;
    case 'Boolean':
      return requestIssueMessages.boolean;
    case 'Objects':
      return atRoot ? requestIssueMessages.body : requestIssueMessages.object;
    case 'Arrays':
      return requestIssueMessages.list;
    case 'Null':
      return requestIssueMessages.empty;
    case 'Literal':
    case 'Union': {
      // An optional field's union holds `undefined`: a body can only leave the field out.
      const members = (SchemaAST.isUnion(ast) ? ast.types : [ast]).filter((member) => !SchemaAST.isUndefined(member));
      const values = members.map(describeLiteral);
      if (values.every((value) => value !== undefined)) return requestIssueMessages.oneOf(values as string[]);
      const shapes = members.filter((member) => !SchemaAST.isNull(member));
      const only = shapes.length === 1 ? shapes[0] : undefined;
      if (!only) return requestIssueMessages.notAccepted;
      const shape = expectedShape(only, false);
      return shapes.length < members.length ? requestIssueMessages.orNull(shape) : shape;
    }
    default:
      return schemaIssueMessages.notValid;
  }
}

const annotatedMessage = (annotations: { readonly [key: string]: unknown } | undefined, key = 'message') => {
  const message = annotations?.[key];
  return typeof message === 'string' ? message : undefined;
};

type Unworded = SchemaIssue.Leaf | SchemaIssue.AnyOf;

/** The message a schema gives this failure itself, if it gives one. */
function ownMessage(issue: Unworded): string | undefined {
  switch (issue._tag) {
    case 'MissingKey':
      return annotatedMessage(issue.annotations, 'messageMissingKey');
    case 'InvalidValue':
    case 'Forbidden':
      return annotatedMessage(issue.annotations);
    case 'UnexpectedKey':
      return annotatedMessage(issue.ast.annotations, 'messageUnexpectedKey');
    default:
      return annotatedMessage(issue.ast.annotations);
  }
}

/** How a failure its schema gives no message for is worded. */
export type IssueWording = (issue: Unworded, atRoot: boolean) => string;

/** Beside a form's inputs, where a value of the wrong type cannot be typed: spec §5's required, or not valid. */
const formWording: IssueWording = (issue) => (issue._tag === 'MissingKey' ? validationMessages.required : schemaIssueMessages.notValid);

/** Issue 13 §2, for a refused request: what the field takes in plain words, never effect's 'Expected string'. */
export const requestWording: IssueWording = (issue, atRoot) => {
  switch (issue._tag) {
    case 'MissingKey':
      return validationMessages.required;
    case 'InvalidType':
    case 'AnyOf':
      return expectedShape(issue.ast, atRoot);
    case 'UnexpectedKey':
      return requestIssueMessages.unexpected;
    case 'OneOf':
      return requestIssueMessages.ambiguous;
    default:
      return schemaIssueMessages.notValid;
  }
};

/** A failed check's own words, or what it expected, or (for a check reporting at a path) none. */
function filterMessage(issue: SchemaIssue.Filter): string | undefined {
  const own = annotatedMessage(issue.filter.annotations);
  if (own !== undefined || issue.issue._tag !== 'InvalidValue') return own;
  const expected = annotatedMessage(issue.filter.annotations, 'expected');
  return annotatedMessage(issue.issue.annotations) ?? (expected === undefined ? schemaIssueMessages.notValid : schemaIssueMessages.expected(expected));
}

/** Flattens an issue tree to one message per failure, by path, in field order. */
function collect(issue: SchemaIssue.Issue, path: readonly PropertyKey[], override: string | undefined, wording: IssueWording, into: FieldIssue[]): void {
  switch (issue._tag) {
    case 'Filter':
      return collect(issue.issue, path, override ?? filterMessage(issue), wording, into);
    case 'Encoding':
      return collect(issue.issue, path, override, wording, into);
    case 'Pointer':
      return collect(issue.issue, [...path, ...issue.path], override, wording, into);
    case 'Composite':
    case 'AnyOf':
      if (issue.issues.length > 0) {
        for (const inner of issue.issues) collect(inner, path, override, wording, into);
        return;
      }
  }
  const unworded = issue as Unworded;
  into.push({ path: path.map(String).join('.'), message: override ?? ownMessage(unworded) ?? wording(unworded, path.length === 0) });
}

export type Decoded<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly issues: readonly [FieldIssue, ...FieldIssue[]] };

/**
 * Decodes untrusted input; on failure lists every field's first message, in field order. A form's
 * check words failures for its fields; the server passes `requestWording` (see `requestMessage`).
 */
export function decode<S extends Schema.Codec<unknown, unknown>>(schema: S, input: unknown, wording: IssueWording = formWording): Decoded<S['Type']> {
  const result = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<S['Type'], unknown>)(input, { errors: 'all' });
  if (Result.isSuccess(result)) return { ok: true, value: result.success };
  const issues: FieldIssue[] = [];
  collect(result.failure.issue, [], undefined, wording, issues);
  const first = issues[0] ?? { path: '', message: schemaIssueMessages.notValid };
  return { ok: false, issues: [first, ...issues.slice(1)] };
}

/** The first message per field, for showing beside form inputs. */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

const humanise = (key: string) => {
  const words = key.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Issue 13 §2: a field's name as a person reads it, from its path: 'Company Name', 'Licences item 1,
 * Licence number'. Names come from `fieldLabels`; a key without one is spelled out from its path.
 */
function fieldLabel(path: string): string {
  const segments = path.split('.').filter((segment) => segment !== '');
  const parts: string[] = [];
  segments.forEach((segment, index) => {
    if (isIndex(segment)) {
      const item = `item ${Number(segment) + 1}`;
      parts.push(parts.length > 0 ? `${parts.pop()} ${item}` : item.charAt(0).toUpperCase() + item.slice(1));
      return;
    }
    const next = segments[index + 1];
    if (next !== undefined && !isIndex(next) && fieldLabelGroups.has(segment)) return;
    parts.push(fieldLabels[segment] ?? humanise(segment));
  });
  return parts.join(', ');
}

/** Lower-cases a message's first word to follow a field's name, leaving an acronym (ABN, SWMS) as it is. */
function continuing(message: string): string {
  const firstWord = message.split(/\s/, 1)[0] ?? '';
  const acronym = firstWord.length > 1 && firstWord === firstWord.toUpperCase();
  return acronym ? message : message.charAt(0).toLowerCase() + message.slice(1);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a message already names the field ('A valid ABN is required', 'The page must be ...'). */
const namesField = (message: string, label: string) => new RegExp(`(^|\\W)${escapeRegExp(label)}`, 'i').test(message);

/**
 * A refused request's message (issue 13 §2): the field's name and what it takes, 'Company Name: must be
 * at most 200 characters'. A message that already names its field, or speaks of the body as a whole,
 * is said as it is.
 */
export function requestMessage(issue: FieldIssue): string {
  if (issue.path === '') return issue.message;
  const label = fieldLabel(issue.path);
  const segments = issue.path.split('.');
  // 'Send at most 500 excludedIds' names its field by its key; an item of a list is named by its number.
  const key = segments.some(isIndex) ? undefined : segments.at(-1)?.match(/^[a-z]+[A-Z]\w*$/)?.[0];
  const named = namesField(issue.message, label) || (key !== undefined && namesField(issue.message, key));
  return named ? issue.message : `${label}: ${continuing(issue.message)}`;
}
