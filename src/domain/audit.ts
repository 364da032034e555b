import { Schema } from 'effect';
import { text, textLimits, Uuid } from './fields';
import { wholeNumberText } from './swms';

export const auditMessages = {
  actor: 'The actor filter must be a user id',
  action: 'The action filter must be an action name such as swms.reviewed',
  targetType: 'The target type must be one of company, project_site, swms, swms_signon, user, user_role',
  targetId: 'The target id filter must be a record id',
  from: 'From must be a date and time, e.g. 2026-11-21T00:00:00Z',
  to: 'To must be a date and time, e.g. 2026-11-30T23:59:59Z',
  search: 'Search with at most 100 characters',
  cursor: 'The cursor is not one this list gave out; load the list again',
  limit: 'Ask for between 1 and 200 events at a time',
} as const;

const auditTargetTypes = ['company', 'project_site', 'swms', 'swms_signon', 'user', 'user_role', 'database'] as const;

const isInstant = (value: string) => value.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
const instant = (message: string) => Schema.String.annotate({ message }).check(Schema.makeFilter<string>((value) => isInstant(value) || message));

/** Issue 9: the filters of GET company/{id}/audit and its CSV. */
export const AuditQuery = Schema.Struct({
  actor: Schema.optionalKey(Uuid.annotate({ message: auditMessages.actor })),
  action: Schema.optionalKey(
    Schema.String.annotate({ message: auditMessages.action }).check(
      Schema.makeFilter<string>((value) => /^[a-zA-Z]+(\.[a-zA-Z]+)*$/.test(value) && value.length <= 60 || auditMessages.action),
    ),
  ),
  targetType: Schema.optionalKey(Schema.Literals(auditTargetTypes).annotate({ message: auditMessages.targetType })),
  targetId: Schema.optionalKey(Uuid.annotate({ message: auditMessages.targetId })),
  from: Schema.optionalKey(instant(auditMessages.from)),
  to: Schema.optionalKey(instant(auditMessages.to)),
  search: Schema.optionalKey(text(textLimits.search, { notText: auditMessages.search, tooLong: auditMessages.search })),
  cursor: Schema.optionalKey(wholeNumberText(1, 999_999_999, auditMessages.cursor)),
  limit: Schema.optionalKey(wholeNumberText(1, 200, auditMessages.limit)),
});
export type AuditQuery = typeof AuditQuery.Type;

export const AuditEvent = Schema.Struct({
  _id: Schema.String,
  seq: Schema.Number,
  at: Schema.String,
  actor: Schema.NullOr(Schema.Struct({ _id: Schema.String, name: Schema.String, email: Schema.String, role: Schema.NullOr(Schema.String) })),
  action: Schema.String,
  target: Schema.Struct({ type: Schema.String, _id: Schema.NullOr(Schema.String), label: Schema.NullOr(Schema.String) }),
  detail: Schema.Unknown,
  requestId: Schema.NullOr(Schema.String),
  hash: Schema.String,
});
export type AuditEvent = typeof AuditEvent.Type;

export const AuditPage = Schema.Struct({
  items: Schema.Array(AuditEvent),
  /** Pass as `cursor` for the next, older events; null at the oldest. */
  nextCursor: Schema.NullOr(Schema.String),
});
export type AuditPage = typeof AuditPage.Type;

/** The latest walk the server made of the company's chain. */
export const AuditVerification = Schema.Struct({
  status: Schema.Literals(['verified', 'broken', 'never']),
  events: Schema.Number,
  /** Events the chain gained after that walk: the banner says so until the next walk (issue 55 §10). */
  eventsSince: Schema.Number,
  headHash: Schema.NullOr(Schema.String),
  verifiedAt: Schema.NullOr(Schema.String),
  brokenEventId: Schema.NullOr(Schema.String),
  reason: Schema.NullOr(Schema.String),
});
export type AuditVerification = typeof AuditVerification.Type;
