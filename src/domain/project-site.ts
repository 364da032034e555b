import { pageCursorFields, pageCursorResult } from './list-page';
import { Schema, SchemaGetter } from 'effect';
import { RequiredText, requiredText, text, textLimits, Uuid } from './fields';
import { PpeSchema, ppeValues } from './ppe';
import { SiteStatusSchema, siteStatuses, type SiteStatus } from './site-status';
import { SiteTimeZoneSchema } from './site-time-zone';

export const projectSiteMessages = {
  added: 'ProjectSite added successfully',
  addFailed: 'Failed to add ProjectSite',
  updated: 'ProjectSite updated successfully',
  updateFailed: 'Failed to update the information',
  statusUpdated: 'Status updated successfully',
  statusFailed: 'Failed to update the status',
  postcode: 'A valid postcode is required',
  supervisor: 'Choose a supervisor of this company',
  ppe: 'Choose PPE from the offered list',
  safetyPlanUploadAgain: 'Upload the site safety plan again',
  status: 'Choose one of the offered statuses',
  version: 'Reload the site before saving: send the version it was read at',
  staleVersion: 'This site was changed by someone else. Reload to see their changes before saving.',
  notFound: 'This project site does not exist',
  selection: 'Select from 1 to 500 project sites',
  siteId: 'Not a valid project site id',
  sort: 'Choose one of the offered sort orders',
  filter: 'Choose one of the offered status filters',
  search: 'Search with a single text of at most 100 characters',
  page: 'The page must be a whole number from 1',
  pageSize: 'The page size must be a whole number from 1 to 100',
  matching: 'Describe the sites to change with a search and a status',
  excludedIds: 'List the sites to leave out by their ids',
  tooManyMatching: 'At most 10000 project sites change in one step: narrow the search or filter',
} as const;

const sitesCount = (count: number, total: number) => `${count} of the ${total} selected ${total === 1 ? 'site' : 'sites'}`;

/** Spec §4 bulk Change Status is all or nothing: the refusal says how many ids it could not accept. */
export function foreignSitesMessage(count: number, total: number): string {
  return `${sitesCount(count, total)} ${count === 1 ? 'is not a site' : 'are not sites'} of this company, so no status was changed`;
}

const maxSitesPerBulkChange = 500;
export const maxSitesPerMatchingChange = 10_000;
export const maxSitePageSize = 100;
export const defaultSitePageSize = 20;
export const maxSiteSearchLength = 100;
const maxTextLength = 500;

const rule = (predicate: (value: string) => boolean, message: string) =>
  Schema.makeFilter<string>((value) => predicate(value) || message);

/** The version a site was read at (optimistic concurrency): a whole number from 1. */
const Version = Schema.Number.annotate({ message: projectSiteMessages.version }).check(
  Schema.makeFilter<number>((value) => (Number.isInteger(value) && value >= 1) || projectSiteMessages.version),
);

const SiteText = requiredText(maxTextLength);

const SiteSearchText = text(maxSiteSearchLength, { notText: projectSiteMessages.search, tooLong: projectSiteMessages.search });

/** Spec §5 project site form: an Australian postcode is 4 digits. */
const Postcode = RequiredText.check(rule((value) => /^\d{4}$/.test(value.trim()), projectSiteMessages.postcode));

/** A site safety plan PDF already uploaded through POST file; a url sent back with it is ignored. */
export const SiteSafetyPlanReference = Schema.Struct({
  friendlyName: requiredText(textLimits.fileName),
  fileKey: RequiredText,
  type: Schema.Literal('siteSafetyPlan').annotate({ message: projectSiteMessages.safetyPlanUploadAgain }),
});
export type SiteSafetyPlanReference = typeof SiteSafetyPlanReference.Type;

const fields = {
  address: SiteText,
  suburb: SiteText,
  postcode: Postcode,
  siteNumber: SiteText,
  clientName: SiteText,
  timeZone: Schema.optionalKey(SiteTimeZoneSchema),
  supervisor: Schema.optionalKey(
    Schema.NullOr(Uuid.annotate({ message: projectSiteMessages.supervisor })).annotate({ message: projectSiteMessages.supervisor }),
  ),
  ppe: Schema.optionalKey(
    Schema.Array(PpeSchema.annotate({ message: projectSiteMessages.ppe }))
      .annotate({ message: projectSiteMessages.ppe })
      .check(Schema.isMaxLength(ppeValues.length * 2, { message: projectSiteMessages.ppe })),
  ),
  otherPpe: Schema.optionalKey(text(maxTextLength)),
  siteSafetyPlan: Schema.optionalKey(
    Schema.NullOr(SiteSafetyPlanReference).annotate({ message: projectSiteMessages.safetyPlanUploadAgain }),
  ),
};

/**
 * Spec §3 project site fields with the rules of spec §5: address, suburb, postcode, siteNumber and
 * clientName are required; timeZone, supervisor (a user-role id), ppe, otherPpe and siteSafetyPlan are optional.
 * On create an absent optional field means none, and an absent timeZone the postcode's (`siteTimeZone`). A
 * `company` field sent by the SPA is ignored: the path names the company.
 */
export const ProjectSiteInput = Schema.Struct(fields);
export type ProjectSiteInput = typeof ProjectSiteInput.Type;

/**
 * The edit form's save: the fields plus the version the site was read at. An absent optional field
 * (the time zone too) keeps its value (the edit form leaves the supervisor out of its prefill); null removes the
 * supervisor or the safety plan.
 */
export const ProjectSiteUpdate = Schema.Struct({
  ...fields,
  version: Version,
});
export type ProjectSiteUpdate = typeof ProjectSiteUpdate.Type;

/** Spec §4 bulk Change Status: all the selected sites change, or none does. */
export const BulkStatusInput = Schema.Struct({
  projectSiteIds: Schema.Array(Uuid.annotate({ message: projectSiteMessages.siteId }))
    .annotate({ message: projectSiteMessages.selection })
    .check(Schema.isBetweenLength(1, maxSitesPerBulkChange, { message: projectSiteMessages.selection })),
  selectedStatus: SiteStatusSchema.annotate({ message: projectSiteMessages.status }),
});
export type BulkStatusInput = typeof BulkStatusInput.Type;

/** The rows a list search and status filter match, as GET company/{id}/projectSites reads them. */
const SiteMatchingSet = Schema.Struct({
  search: Schema.optionalKey(SiteSearchText),
  status: Schema.optionalKey(SiteStatusSchema.annotate({ message: projectSiteMessages.filter })),
});
type SiteMatchingSet = typeof SiteMatchingSet.Type;

/**
 * Spec §4 bulk Change Status over a select-all: every site of the company matching the list's search
 * and status filter at the time of the call, except the excluded ids. All or nothing, like the ids form.
 */
export const BulkStatusMatchingInput = Schema.Struct({
  matching: SiteMatchingSet.annotate({ message: projectSiteMessages.matching }),
  excludedIds: Schema.Array(Uuid.annotate({ message: projectSiteMessages.siteId }))
    .annotate({ message: projectSiteMessages.excludedIds })
    .check(Schema.isMaxLength(maxSitesPerMatchingChange, { message: projectSiteMessages.excludedIds })),
  selectedStatus: SiteStatusSchema.annotate({ message: projectSiteMessages.status }),
});
export type BulkStatusMatchingInput = typeof BulkStatusMatchingInput.Type;

/** Which of the two bulk bodies a request carries: one naming `matching` is a select-all. */
export function isMatchingBulkBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'matching' in body;
}

/** The single-site status menu; a version, when sent, must still be current. */
export const SiteStatusInput = Schema.Struct({
  status: SiteStatusSchema.annotate({ message: projectSiteMessages.status }),
  version: Schema.optionalKey(Version),
});
export type SiteStatusInput = typeof SiteStatusInput.Type;

const SiteSafetyPlan = Schema.Struct({
  friendlyName: Schema.String,
  fileKey: Schema.String,
  type: Schema.Literal('siteSafetyPlan'),
  url: Schema.String,
});
type SiteSafetyPlan = typeof SiteSafetyPlan.Type;

/**
 * Spec §3 project site as the server answers it. supervisor is the supervisor's user-role id (the
 * employee link); the supervisor fields are null when the site is unallocated. supervisorPhone falls
 * back to the company phone.
 */
export const ProjectSite = Schema.Struct({
  _id: Schema.String,
  address: Schema.String,
  suburb: Schema.String,
  postcode: Schema.String,
  fullAddress: Schema.String,
  siteNumber: Schema.String,
  clientName: Schema.String,
  /** Issue 55 §3: the IANA zone whose clock the site's events show on. */
  timeZone: SiteTimeZoneSchema,
  supervisor: Schema.NullOr(Schema.String),
  supervisorName: Schema.NullOr(Schema.String),
  supervisorDetails: Schema.NullOr(Schema.Struct({ firstName: Schema.String, surname: Schema.String })),
  supervisorPhone: Schema.String,
  siteSafetyPlan: Schema.NullOr(SiteSafetyPlan),
  ppe: Schema.Array(PpeSchema),
  otherPpe: Schema.String,
  status: SiteStatusSchema,
  company: Schema.Struct({ _id: Schema.String, phone: Schema.String }),
  version: Schema.Number,
  createdAt: Schema.String,
  updatedAt: Schema.String,
});
export type ProjectSite = typeof ProjectSite.Type;

/** Spec §3 'full address' as SWMS and lists show it. */
export function fullAddress(site: { readonly address: string; readonly suburb: string; readonly postcode: string }): string {
  return `${site.address}, ${site.suburb} ${site.postcode}`;
}

/** Spec §5 sort keys, field.type.direction, for the sortable columns and the creation date. */
export const siteSortKeys = [
  'createdAt.date.desc',
  'createdAt.date.asc',
  'address.string.asc',
  'address.string.desc',
  'suburb.string.asc',
  'suburb.string.desc',
  'supervisorName.string.asc',
  'supervisorName.string.desc',
  'clientName.string.asc',
  'clientName.string.desc',
  'siteNumber.string.asc',
  'siteNumber.string.desc',
] as const;
export type SiteSortKey = (typeof siteSortKeys)[number];
export const defaultSiteSort: SiteSortKey = 'createdAt.date.desc';

/** Spec §5 filter keys, field.type.value: one per status. */
const siteFilterKeys = siteStatuses.map((status) => `status.string.${status}` as const);
export type SiteFilterKey = (typeof siteFilterKeys)[number];

const wholeNumberFromString = (maximum: number, message: string) =>
  Schema.String.check(
    Schema.makeFilter<string>((value) => (/^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= maximum) || message),
  ).pipe(
    Schema.decodeTo(Schema.Number, {
      decode: SchemaGetter.transform((value: string) => Number(value)),
      encode: SchemaGetter.transform((value: number) => String(value)),
    }),
  );

/**
 * GET company/{id}/projectSites query string: search, sort, a status filter (`filter=status.string.on_hold`
 * or `status=on_hold`) and paging. Every value arrives as text.
 */
export const SiteListQuery = Schema.Struct({
  search: Schema.optionalKey(SiteSearchText),
  sort: Schema.optionalKey(Schema.Literals(siteSortKeys).annotate({ message: projectSiteMessages.sort })),
  filter: Schema.optionalKey(Schema.Literals(siteFilterKeys).annotate({ message: projectSiteMessages.filter })),
  status: Schema.optionalKey(SiteStatusSchema.annotate({ message: projectSiteMessages.filter })),
  page: Schema.optionalKey(wholeNumberFromString(1_000_000, projectSiteMessages.page)),
  pageSize: Schema.optionalKey(wholeNumberFromString(maxSitePageSize, projectSiteMessages.pageSize)),
  ...pageCursorFields,
});
export type SiteListQuery = typeof SiteListQuery.Type;

export const ProjectSiteList = Schema.Struct({
  items: Schema.Array(ProjectSite),
  total: Schema.Number,
  page: Schema.Number,
  pageSize: Schema.Number,
  ...pageCursorResult,
});
export type ProjectSiteList = typeof ProjectSiteList.Type;

/** The status a list filter keeps, or undefined for every status. */
export function filteredStatus(query: Pick<SiteListQuery, 'filter' | 'status'>): SiteStatus | undefined {
  return query.status ?? (query.filter ? (query.filter.slice('status.string.'.length) as SiteStatus) : undefined);
}
