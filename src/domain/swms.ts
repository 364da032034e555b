import { Schema, SchemaGetter } from 'effect';
import { text, textLimits, Uuid } from './fields';
import { pageCursorFields, pageCursorResult } from './list-page';
import { PpeSchema } from './ppe';
import { SiteTimeZoneSchema, ViewerTimeZoneSchema } from './site-time-zone';
import type { RiskBand } from './risk';
import type { Role } from './roles';

export const swmsMessages = {
  notAuthorised: 'You are not authorised to view this SWMS',
  status: 'Status must be reviewed, forReview or changesRequested',
  bulkStatus: 'Changes can be requested on one SWMS at a time: send swmsId, not swmsIds or matching',
  comment: 'Say what needs to change, in 1 to 2000 characters',
  commentRequired: 'Say what needs to change: a comment is required when requesting changes',
  commentWithoutChanges: 'Send a comment only when requesting changes',
  part: 'The part must be one of highRiskWork, task, hazards, controls or ppe',
  target: 'Send either swmsId or swmsIds',
  matchingTarget: 'Send matching without swmsId or swmsIds',
  excludedIds: 'Send at most 500 excludedIds',
  excludedWithoutMatching: 'Send excludedIds only with matching',
  tooMany: 'Send from 1 to 500 swmsIds',
  company: 'The company does not match the address',
  refused: 'These SWMS could not be changed',
  notReviewer: 'Only a company admin or a supervisor can review SWMS',
  sort: 'Choose one of the offered sort orders',
  filter: 'Choose one of the offered filters',
  search: 'Search with a single text of at most 100 characters',
  page: 'The page must be a whole number from 1',
  pageSize: 'The page size must be a whole number from 1 to 100',
  toast: { success: 'Status updated successfully', failure: 'Status update failed' },
  exportTooMany: 'Export from 1 to 1000 SWMS at a time',
  exportTarget: 'Send either swmsIds or matching',
} as const;

/**
 * Spec §4 SWMS review and issue 57: each flag is 'For Review' until its reviewer marks it Reviewed or requests changes
 * with a comment; a flag with changes requested waits on the SWMS's author.
 */
export const reviewStatuses = ['forReview', 'reviewed', 'changesRequested'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const ReviewStatusSchema = Schema.Literals(reviewStatuses).annotate({ message: swmsMessages.status });

/** What a bulk or select-all review may set: a request for changes names one SWMS with its own comment. */
export const bulkReviewStatuses = ['forReview', 'reviewed'] as const;
export type BulkReviewStatus = (typeof bulkReviewStatuses)[number];

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  forReview: 'For Review',
  reviewed: 'Reviewed',
  changesRequested: 'Changes requested',
};

/** Issue 57: the longest review comment. */
export const maxSwmsCommentLength = textLimits.paragraph;

/** The part of a SWMS a request for changes may name. */
export const swmsCommentParts = ['highRiskWork', 'task', 'hazards', 'controls', 'ppe'] as const;
export type SwmsCommentPart = (typeof swmsCommentParts)[number];
export const swmsCommentPartLabels: Record<SwmsCommentPart, string> = {
  highRiskWork: 'High-risk work',
  task: 'Task',
  hazards: 'Hazards',
  controls: 'Controls',
  ppe: 'PPE',
};

/** A review comment as typed: trimmed, 1 to 2000 characters. */
export const SwmsCommentText = text(maxSwmsCommentLength, { notText: swmsMessages.comment, tooLong: swmsMessages.comment }).check(
  Schema.makeFilter<string>((value) => value.length > 0 || swmsMessages.comment),
);
export const SwmsCommentPartSchema = Schema.Literals(swmsCommentParts).annotate({ message: swmsMessages.part });

export type ReviewFlag = 'companyAdmin' | 'supervisor';

/** Spec §4 and DESIGN.md: a CompanyAdmin acts on the admin flag, a CompanySupervisor on the supervisor flag. */
export function reviewFlagFor(roles: readonly Role[]): ReviewFlag | null {
  if (roles.includes('CompanyAdmin')) return 'companyAdmin';
  if (roles.includes('CompanySupervisor')) return 'supervisor';
  return null;
}

export function reviewStatusOf(reviewedAt: string | Date | null, changesRequestedAt: string | Date | null = null): ReviewStatus {
  if (reviewedAt !== null) return 'reviewed';
  return changesRequestedAt === null ? 'forReview' : 'changesRequested';
}

const Person = Schema.Struct({ _id: Schema.String, firstName: Schema.String, surname: Schema.String });
const ReviewerDetails = Schema.NullOr(Schema.Struct({ firstName: Schema.String, surname: Schema.String }));
/** A photo with a fresh read url, and (issue 57) the upload it is, so a revision keeps it and a diff compares it. */
const Photo = Schema.NullOr(Schema.Struct({ url: Schema.String, fileKey: Schema.String, friendlyName: Schema.String }));

/** Issue 57: a reviewer's request for changes, as the SWMS read lists them (oldest first). */
export const SwmsComment = Schema.Struct({
  _id: Schema.String,
  author: Person,
  role: Schema.Literals(['companyAdmin', 'supervisor'] satisfies ReviewFlag[]),
  createdAt: Schema.String,
  revision: Schema.Number,
  text: Schema.String,
  part: Schema.NullOr(Schema.Literals(swmsCommentParts)),
});
export type SwmsComment = typeof SwmsComment.Type;

const SwmsSite = Schema.Struct({
  _id: Schema.String,
  siteNumber: Schema.String,
  address: Schema.String,
  fullAddress: Schema.String,
  /** Issue 55 §3: a SWMS is submitted at its site and its times show on the site's clock. */
  timeZone: SiteTimeZoneSchema,
});
type SwmsSite = typeof SwmsSite.Type;

const RiskBandSchema = Schema.Literals(['Catastrophic', 'High', 'Moderate', 'Low'] satisfies RiskBand[]);

/** Spec §3 SWMS as GET company/{id}/swms/{swmsId} and PUT company/{id}/swms answer it; photos carry read urls. */
export const Swms = Schema.Struct({
  _id: Schema.String,
  createdAt: Schema.String,
  createdUserDetails: Person,
  site: SwmsSite,
  companyAdminReviewedAt: Schema.NullOr(Schema.String),
  companyAdminReviewedBy: Schema.NullOr(Schema.String),
  companyAdminReviewerDetails: ReviewerDetails,
  supervisorReviewedAt: Schema.NullOr(Schema.String),
  supervisorReviewedBy: Schema.NullOr(Schema.String),
  supervisorReviewerDetails: ReviewerDetails,
  /** Issue 57: when each flag's changes were requested; null unless the flag is Changes requested. */
  companyAdminChangesRequestedAt: Schema.NullOr(Schema.String),
  supervisorChangesRequestedAt: Schema.NullOr(Schema.String),
  comments: Schema.Array(SwmsComment),
  /** Issue 57: the number of the revision this content is (a submission is revision 1). */
  revision: Schema.Number,
  highRiskWork: Schema.Array(Schema.String),
  riskConsequenceLevel: Schema.Number,
  riskLikelihoodLevel: Schema.Number,
  riskOverallLevel: Schema.Number,
  riskBand: RiskBandSchema,
  task: Schema.Struct({
    taskDescription: Schema.String,
    mobilePlantTools: Schema.String,
    riskText: Schema.String,
    riskPhoto: Photo,
    controlText: Schema.String,
    controlPhoto: Photo,
    /** Issue 10, WHS Regulation 299: how the controls are implemented, monitored and reviewed ('' on older SWMS). */
    controlImplementation: Schema.String,
    controlMonitoring: Schema.String,
    controlReview: Schema.String,
    ppe: Schema.Array(PpeSchema),
    otherPpe: Schema.String,
  }),
});
export type Swms = typeof Swms.Type;

/** Issue 57: one revision of a SWMS as GET .../swms/{swmsId}/revisions lists it. */
export const SwmsRevisionSummary = Schema.Struct({
  revision: Schema.Number,
  createdAt: Schema.String,
  createdUserDetails: Person,
});
export type SwmsRevisionSummary = typeof SwmsRevisionSummary.Type;

/** A row of the SWMS list (spec §2 columns); status is the viewer's own flag. */
export const SwmsListItem = Schema.Struct({
  _id: Schema.String,
  createdAt: Schema.String,
  submittedBy: Person,
  siteId: Schema.String,
  siteAddress: Schema.String,
  siteNumber: Schema.String,
  siteTimeZone: SiteTimeZoneSchema,
  status: Schema.Literals(reviewStatuses),
  adminReviewedAt: Schema.NullOr(Schema.String),
  supervisorReviewedAt: Schema.NullOr(Schema.String),
  /** Issue 57: when each flag asked for changes (null once it is Reviewed or back For Review), so both flags show their state. */
  adminChangesRequestedAt: Schema.NullOr(Schema.String),
  supervisorChangesRequestedAt: Schema.NullOr(Schema.String),
  /** Issue 9: both reviewers' flags and the overall risk show in the list. */
  riskOverallLevel: Schema.Number,
  /** Issue 57: the revision the row is (the list counts a SWMS once, at its latest). */
  revision: Schema.Number,
});
export type SwmsListItem = typeof SwmsListItem.Type;

/** Spec §5: job number low-high and high-low, date new-old and old-new. */
export const swmsSortKeys = ['createdAt.date.desc', 'createdAt.date.asc', 'siteNumber.number.asc', 'siteNumber.number.desc'] as const;
export type SwmsSortKey = (typeof swmsSortKeys)[number];
export const defaultSwmsSort: SwmsSortKey = 'createdAt.date.desc';

/** Spec §5 filter keys, field.type.value: the viewer's own review flag. */
export const swmsFilterKeys = ['status.string.forReview', 'status.string.reviewed', 'status.string.changesRequested'] as const;
export type SwmsFilterKey = (typeof swmsFilterKeys)[number];

const statusOfFilter: Record<SwmsFilterKey, ReviewStatus> = {
  'status.string.forReview': 'forReview',
  'status.string.reviewed': 'reviewed',
  'status.string.changesRequested': 'changesRequested',
};

/** The review status (of the viewer's own flag) a list filter keeps, or undefined for every SWMS. */
export function filteredReviewStatus(filter: SwmsFilterKey | undefined): ReviewStatus | undefined {
  return filter === undefined ? undefined : statusOfFilter[filter];
}

export const swmsFilterOptions: readonly { readonly key: SwmsFilterKey; readonly label: string }[] = [
  { key: 'status.string.forReview', label: 'For Review' },
  { key: 'status.string.reviewed', label: 'Reviewed' },
  { key: 'status.string.changesRequested', label: 'Changes requested' },
];

const maxSwmsPageSize = 100;
export const defaultSwmsPageSize = 20;
export const maxSwmsSearchLength = 100;

/** A query-string number: whole, within bounds, else `message`. */
export const wholeNumberText = (minimum: number, maximum: number, message: string) =>
  Schema.String.annotate({ message })
    .check(Schema.makeFilter<string>((value) => (/^\d{1,9}$/.test(value) && Number(value) >= minimum && Number(value) <= maximum) || message))
    .pipe(
      Schema.decodeTo(Schema.Number, {
        decode: SchemaGetter.transform((value: string) => Number(value)),
        encode: SchemaGetter.transform((value: number) => String(value)),
      }),
    );

const SwmsSearchText = text(maxSwmsSearchLength, { notText: swmsMessages.search, tooLong: swmsMessages.search });
const SwmsFilterKey = Schema.Literals(swmsFilterKeys).annotate({ message: swmsMessages.filter });

/** GET company/{id}/swms query string. */
export const SwmsListQuery = Schema.Struct({
  search: Schema.optionalKey(SwmsSearchText),
  sort: Schema.optionalKey(Schema.Literals(swmsSortKeys).annotate({ message: swmsMessages.sort })),
  filter: Schema.optionalKey(SwmsFilterKey),
  page: Schema.optionalKey(wholeNumberText(1, 1_000_000, swmsMessages.page)),
  pageSize: Schema.optionalKey(wholeNumberText(1, maxSwmsPageSize, swmsMessages.pageSize)),
  ...pageCursorFields,
});
export type SwmsListQuery = typeof SwmsListQuery.Type;

export const SwmsList = Schema.Struct({
  items: Schema.Array(SwmsListItem),
  total: Schema.Number,
  page: Schema.Number,
  pageSize: Schema.Number,
  ...pageCursorResult,
});
export type SwmsList = typeof SwmsList.Type;

const maxBulkSwms = 500;

/** Issue 9: the most SWMS one combined PDF holds. */
export const maxSwmsExport = 1000;

const SwmsIds = Schema.Array(Uuid)
  .annotate({ message: swmsMessages.tooMany })
  .check(Schema.isBetweenLength(1, maxBulkSwms, { message: swmsMessages.tooMany }));

/** Every SWMS the list would show for this search and filter (the viewer's own flag), on every page. */
export const SwmsMatching = Schema.Struct({
  search: Schema.optionalKey(SwmsSearchText),
  filter: Schema.optionalKey(SwmsFilterKey),
});
export type SwmsMatching = typeof SwmsMatching.Type;

const ExcludedSwmsIds = Schema.Array(Uuid)
  .annotate({ message: swmsMessages.excludedIds })
  .check(Schema.isBetweenLength(0, maxBulkSwms, { message: swmsMessages.excludedIds }));

const targetsNamed = (body: { swmsId?: unknown; swmsIds?: unknown; matching?: unknown }) =>
  [body.swmsId, body.swmsIds, body.matching].filter((target) => target !== undefined).length;

/**
 * PUT company/{id}/swms (spec §7): one SWMS `{ swmsId, status }`, the bulk review `{ swmsIds, status }`,
 * or a select-all over pages `{ matching: { search?, filter? }, excludedIds?, status }`; issue 57: one SWMS
 * `{ swmsId, status: 'changesRequested', comment, part? }`. The flag and the reviewer come from the caller's token,
 * never from the body.
 */
export const SwmsStatusChange = Schema.Struct({
  status: ReviewStatusSchema,
  comment: Schema.optionalKey(SwmsCommentText),
  part: Schema.optionalKey(SwmsCommentPartSchema),
  swmsId: Schema.optionalKey(Uuid),
  swmsIds: Schema.optionalKey(SwmsIds),
  matching: Schema.optionalKey(SwmsMatching),
  excludedIds: Schema.optionalKey(ExcludedSwmsIds),
  company: Schema.optionalKey(text(textLimits.line)),
})
  .check(
    Schema.makeFilter((body) => {
      if (body.matching === undefined) return (body.swmsId === undefined) !== (body.swmsIds === undefined) || swmsMessages.target;
      return targetsNamed(body) === 1 || swmsMessages.matchingTarget;
    }),
  )
  .check(Schema.makeFilter((body) => body.excludedIds === undefined || body.matching !== undefined || swmsMessages.excludedWithoutMatching))
  .check(
    Schema.makeFilter((body) => {
      if (body.status !== 'changesRequested') return (body.comment === undefined && body.part === undefined) || swmsMessages.commentWithoutChanges;
      if (body.swmsId === undefined) return swmsMessages.bulkStatus;
      return body.comment !== undefined || swmsMessages.commentRequired;
    }),
  );
export type SwmsStatusChange = typeof SwmsStatusChange.Type;

/** The bulk answer of PUT company/{id}/swms; a single change answers the Swms itself. */
export const SwmsBulkResult = Schema.Struct({ items: Schema.Array(Swms) });
export type SwmsBulkResult = typeof SwmsBulkResult.Type;

/**
 * The answer to a select-all: how many SWMS the selection held, and how many of them changed (the rest
 * already had the status). A count, not the rows: a select-all can span the whole company.
 */
export const SwmsMatchingResult = Schema.Struct({ matched: Schema.Number, changed: Schema.Number });
export type SwmsMatchingResult = typeof SwmsMatchingResult.Type;

/**
 * POST company/{id}/swms/pdf: the ticked SWMS, or every SWMS the list would show (less the unticked), as one PDF;
 * `timeZone` is the viewer's, which the PDF's own times (when it was written) are printed on.
 */
export const SwmsExportRequest = Schema.Struct({
  swmsIds: Schema.optionalKey(
    Schema.Array(Uuid).annotate({ message: swmsMessages.exportTooMany }).check(Schema.isBetweenLength(1, maxSwmsExport, { message: swmsMessages.exportTooMany })),
  ),
  matching: Schema.optionalKey(SwmsMatching),
  excludedIds: Schema.optionalKey(ExcludedSwmsIds),
  timeZone: Schema.optionalKey(ViewerTimeZoneSchema),
}).check(Schema.makeFilter((body) => (body.swmsIds === undefined) !== (body.matching === undefined) || swmsMessages.exportTarget));
export type SwmsExportRequest = typeof SwmsExportRequest.Type;
