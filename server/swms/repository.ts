import { sql, type Expression, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { randomUUID } from 'node:crypto';
import { reviewStatusOf, type ReviewFlag, type ReviewStatus, type SwmsCommentPart, type SwmsListItem, type SwmsSortKey } from '../../src/domain/swms';
import { companyLive } from '../auth/company-check';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { likePattern, loweredOnce } from '../db/like-pattern';
import { builtOnce } from '../db/built-once';
import { genericPlanMark } from '../db/routed-pool';
import { exactTimestamp, flagColumns, isoMillis } from './columns';
import { isoMillisText } from '../db/iso-text';
import type { CursorPosition } from './cursor';
import {
  keysetPage,
  pageOf,
  positionOf,
  skippedRows,
  splitPaging,
  type Keyset,
  type KeysetColumn,
  type PageCursors,
  type PageStart,
  type PagingShape,
  type PagingValues,
} from '../db/keyset';
import { compiledOnce, type Bound } from '../db/compiled-once';
import type { JsonText } from '../http/json-text';

export interface SwmsListOptions {
  readonly companyId: string;
  readonly flag: ReviewFlag;
  readonly search: string;
  readonly sort: SwmsSortKey;
  readonly reviewFilter: ReviewStatus | undefined;
  readonly start: PageStart;
  readonly pageSize: number;
}

/** Each SWMS with its site and submitter. */
const swmsWithSiteAndSubmitter = (db: QueryCreator<Database>) =>
  db.selectFrom('swms as s').innerJoin('project_sites as p', 'p.id', 's.site_id').innerJoin('users as u', 'u.id', 's.created_by');

/**
 * Spec §2 SWMS list row, the only writer of it (the SWMS list and a site's SWMS list), written by PostgreSQL as compact
 * JSON over the statement's swms (s), site (p) and submitter (u): parsing a page's thirteen columns per row, mapping
 * them and stringifying them again was about a third of a list request's CPU in the portal.
 */
function swmsListItemJson(flag: ReviewFlag): RawBuilder<JsonText<SwmsListItem>> {
  const ownReviewedAt = sql.ref(`s.${flagColumns[flag].at}`);
  const ownChangesAt = sql.ref(`s.${flagColumns[flag].changesAt}`);
  const [forReview, reviewed, changesRequested] = [reviewStatusOf(null), reviewStatusOf(new Date(0)), reviewStatusOf(null, new Date(0))];
  return sql<JsonText<SwmsListItem>>`(SELECT row_to_json(item)::text FROM (SELECT
    s.id AS "_id",
    ${isoMillis('s.created_at')} AS "createdAt",
    (SELECT row_to_json(submitter) FROM (SELECT s.created_by AS "_id", u.first_name AS "firstName", u.surname AS "surname") submitter) AS "submittedBy",
    s.site_id AS "siteId",
    p.address || ', ' || p.suburb || ' ' || p.postcode AS "siteAddress",
    p.site_number AS "siteNumber",
    p.time_zone AS "siteTimeZone",
    CASE WHEN ${ownReviewedAt} IS NOT NULL THEN ${sql.lit(reviewed)} WHEN ${ownChangesAt} IS NOT NULL THEN ${sql.lit(changesRequested)}
      ELSE ${sql.lit(forReview)} END AS "status",
    ${isoMillis('s.company_admin_reviewed_at')} AS "adminReviewedAt",
    ${isoMillis('s.supervisor_reviewed_at')} AS "supervisorReviewedAt",
    ${isoMillis('s.company_admin_changes_requested_at')} AS "adminChangesRequestedAt",
    ${isoMillis('s.supervisor_changes_requested_at')} AS "supervisorChangesRequestedAt",
    s.risk_overall_level AS "riskOverallLevel",
    s.revision AS "revision") item)`;
}

/** The list page's rows, whose list row (`swmsListItemJson`) the page selects. */
const pagedSwms = builtOnce((db: QueryCreator<Database>) => swmsWithSiteAndSubmitter(db).select('s.id'));

/**
 * The For Review list without a search: the SWMS awaiting the flag, walked in the queue's own order
 * (migration 021), each joined to its row by id.
 */
const awaitingSwms = builtOnce((db: QueryCreator<Database>) =>
  db
    .selectFrom('swms_awaiting_review as q')
    .innerJoin('swms as s', 's.id', 'q.id')
    .innerJoin('project_sites as p', 'p.id', 's.site_id')
    .innerJoin('users as u', 'u.id', 's.created_by')
    .select('s.id'),
);


/**
 * A search's matching submitters and sites, each with its counters, worked out once per statement
 * (MATERIALIZED) for both the page's filter and its total. A submitter's full name holds the first
 * name and the surname, so one match covers both; it is kept, lower-cased, on the submitter's counter
 * row (migration 017), so one trigram scan finds the submitters with their counters. A site matches on
 * its address or job number (trigram indexes of migration 013). The statement keeps one plan
 * (`genericPlanMark`).
 *
 * A term shorter than a trigram (`shortTerm`) gives the trigram indexes nothing to narrow by: each of the company's
 * sites came out of both, was rechecked case-insensitively and then joined to its counter row one by one. Its sites and
 * submitters are instead found in the company's counter rows, each checked for the term in the lower-cased address and
 * job number or name it keeps (`strpos`; migrations 017 and 032), rather than each site's text built again from its
 * row. A longer term, matching a few sites, still joins them.
 */
/** A match's key and counters, as each side of a search selects them from its counter row (sc). */
const counterColumns = sql`sc.key, sc.total, sc.admin_pending, sc.supervisor_pending, sc.admin_changes, sc.supervisor_changes`;

function withSearchMatches(db: Db, companyId: string, search: ListSearch): QueryCreator<Database> {
  const { pattern, term } = search;
  const sites = search.short
    ? sql<SearchMatch>`(
        SELECT ${counterColumns}
        FROM swms_counts sc
        WHERE sc.company_id = ${companyId} AND sc.dimension = 'site' AND sc.total > 0
          AND (strpos(sc.search_text, ${loweredOnce(term)}) > 0 OR strpos(sc.search_job, ${loweredOnce(term)}) > 0))`
    : sql<SearchMatch>`(
        SELECT ${counterColumns}
        FROM project_sites sp JOIN swms_counts sc ON sc.company_id = ${companyId} AND sc.dimension = 'site' AND sc.key = sp.id
        WHERE sp.company_id = ${companyId}
          AND ((sp.address || ', ' || sp.suburb || ' ' || sp.postcode) ILIKE ${pattern} OR sp.site_number ILIKE ${pattern}))`;
  const submitterMatches = search.short ? sql<SqlBool>`strpos(sc.search_text, ${loweredOnce(term)}) > 0` : sql<SqlBool>`sc.search_text LIKE ${loweredOnce(pattern)}`;
  return db
    .with(
      (cte) => cte('search_submitters').materialized(),
      () => sql<SearchMatch>`(${sql.raw(genericPlanMark)}
        SELECT ${counterColumns}
        FROM swms_counts sc
        WHERE sc.company_id = ${companyId} AND sc.dimension = 'submitter' AND sc.total > 0 AND ${submitterMatches})`,
    )
    .with((cte) => cte('search_sites').materialized(), () => sites) as unknown as QueryCreator<Database>;
}

/** A search term too short to hold a trigram, which the trigram indexes cannot narrow. */
const shortTerm = (term: string) => [...term].length < 3;

interface SearchMatch {
  readonly key: string;
  readonly total: number;
  readonly admin_pending: number;
  readonly supervisor_pending: number;
  readonly admin_changes: number;
  readonly supervisor_changes: number;
}

/**
 * Submitter name, site address or job number contains the text (with `withSearchMatches` around the
 * query). The first condition names no row, so PostgreSQL checks it once before reading any SWMS: a
 * search nothing matches answers at once instead of walking every SWMS of the company.
 */
const matchesSearch = sql<SqlBool>`(EXISTS (SELECT 1 FROM search_submitters) OR EXISTS (SELECT 1 FROM search_sites))
  AND (s.created_by IN (SELECT key FROM search_submitters) OR s.site_id IN (SELECT key FROM search_sites))`;

/** A search as a list statement reads it: the term as typed (trimmed), its LIKE pattern, and whether it is short. */
interface ListSearch {
  readonly term: string;
  readonly pattern: string;
  readonly short: boolean;
}

const listSearch = (term: string): ListSearch => ({ term, pattern: likePattern(term), short: shortTerm(term) });

/** The query creator of a list statement: with the search's matches when there is a search. */
const listScope = (db: Db, companyId: string, search: ListSearch | null): QueryCreator<Database> =>
  search === null ? db : withSearchMatches(db, companyId, search);

/** A list statement's search as `listScope` takes it. */
const scopedSearch = (shape: SwmsPageShape, values: SwmsPageValues): ListSearch | null =>
  shape.searching ? { term: values.term, pattern: values.pattern, short: shape.shortTerm } : null;

/**
 * Spec §5 sorts as keysets over the SWMS table alone (migration 009 indexes each, and its reverse), or
 * over the For Review queue (`q`, migration 021), whose rows carry the same values.
 */
export function swmsKeyset(sort: SwmsSortKey, table: 's' | 'q' = 's'): Keyset {
  const createdAt: KeysetColumn = { expression: sql.ref(`${table}.created_at`), type: 'timestamptz' };
  const id: KeysetColumn = { expression: sql.ref(`${table}.id`), type: 'uuid' };
  const siteSort: KeysetColumn = { expression: sql.ref(`${table}.site_sort`), type: 'text' };
  switch (sort) {
    case 'createdAt.date.desc':
      return { columns: [createdAt, id], direction: 'desc' };
    case 'createdAt.date.asc':
      return { columns: [createdAt, id], direction: 'asc' };
    case 'siteNumber.number.asc':
      return { columns: [siteSort, createdAt, id], direction: 'asc' };
    case 'siteNumber.number.desc':
      return { columns: [siteSort, createdAt, id], direction: 'desc' };
  }
}

/**
 * How many SWMS the list holds, exact, from the counters migration 009 keeps. Without a search, the company's counter.
 * With one, `matchingCount` counts the SWMS matching it, or those of them awaiting the flag (For Review), or those with
 * changes requested on it; Reviewed is the first less the other two (a flag holds one outcome, migration 042). Each
 * reads only indexes (migrations 030, 031 and 042) while the visibility map allows.
 */
function countOf(options: SwmsPageShape, companyId: string): RawBuilder<number | string | null> {
  if (!options.searching) {
    const pending = sql.ref(flagColumns[options.flag].pending);
    const changes = sql.ref(flagColumns[options.flag].changes);
    const measures = { all: sql`total`, forReview: sql`${pending}`, changesRequested: sql`${changes}`, reviewed: sql`total - ${pending} - ${changes}` };
    const measure = measures[options.reviewFilter ?? 'all'];
    return sql`(SELECT ${measure} FROM swms_counts WHERE company_id = ${companyId} AND dimension = 'company' AND key = ${companyId})`;
  }
  if (options.reviewFilter === 'reviewed') {
    return sql`(${matchingCount(options.flag, 'all', companyId)} - ${matchingCount(options.flag, 'forReview', companyId)}
      - ${matchingCount(options.flag, 'changesRequested', companyId)})`;
  }
  return matchingCount(options.flag, options.reviewFilter ?? 'all', companyId);
}

/**
 * How many SWMS match a search (`all`), or how many of them await the flag (`forReview`), exact: the matching
 * submitters' and sites' counters added up, less the SWMS that match on both, counted from the side with fewer SWMS
 * (its SWMS read by index, each checked against the other side's keys). When the SWMS outside the larger side are fewer
 * than the smaller side holds (a term of a letter or two, which most names or addresses contain), the company's
 * counter less the SWMS matching on neither side, counted from outside the larger side (nothing at all when it holds
 * every SWMS). The SWMS are read from the (company, submitter, site) indexes of the SWMS table (migration 030) or, for
 * those awaiting the flag, of its queue (migration 031): an index entry per SWMS, so the fewer the better, and no
 * filtered count reads a SWMS's flag from its table page. PostgreSQL runs only the branch the
 * CASE takes. Each side's size is summed once, in one row the CASE reads: written as a subquery per use, the statement
 * carried twelve plans PostgreSQL set up on every run (a tenth of a search's time).
 */
function matchingCount(flag: ReviewFlag, kind: 'all' | 'forReview' | 'changesRequested', companyId: string): RawBuilder<number | string | null> {
  const sizeColumn = kind === 'all' ? 'total' : kind === 'forReview' ? flagColumns[flag].pending : flagColumns[flag].changes;
  const size = sql.ref(sizeColumn);
  const counted = {
    all: sql`swms s WHERE s.company_id = ${companyId}`,
    forReview: sql`swms_awaiting_review s WHERE s.company_id = ${companyId} AND s.flag = ${flag}`,
    // Migration 042's partial indexes hold only the SWMS with changes requested on the flag.
    changesRequested: sql`swms s WHERE s.company_id = ${companyId} AND ${sql.ref(`s.${flagColumns[flag].changesAt}`)} IS NOT NULL`,
  }[kind];
  const sides = {
    submitter: { column: sql.ref('s.created_by'), matched: sql.table('search_submitters') },
    site: { column: sql.ref('s.site_id'), matched: sql.table('search_sites') },
  } as const;
  const otherOf = (dimension: 'submitter' | 'site') => sides[dimension === 'submitter' ? 'site' : 'submitter'];
  // COALESCE keeps the check a hashed lookup: a bare IN would be planned as a join and might drive.
  const matchesOther = (dimension: 'submitter' | 'site') => sql`coalesce(${otherOf(dimension).column} IN (SELECT key FROM ${otherOf(dimension).matched}), false)`;
  // The SWMS matching on both sides, read from one side's. A side's keys go in as an array their index is read for
  // (ANY), not a join: a generic plan prices a join from a guess at the side's size and, guessing high, may answer it
  // by reading every SWMS of the company.
  const both = (dimension: 'submitter' | 'site') =>
    sql`(SELECT count(*) FROM ${counted} AND ${sides[dimension].column} = ANY (ARRAY(SELECT key FROM ${sides[dimension].matched}))
    AND ${matchesOther(dimension)})`;
  // The SWMS matching on neither side, read from those of the submitters (or sites) the search did not match (ANY again).
  const neither = (dimension: 'submitter' | 'site') =>
    sql`(SELECT count(*) FROM ${counted}
    AND ${sides[dimension].column} = ANY (ARRAY(SELECT sc.key FROM swms_counts sc WHERE sc.company_id = ${companyId} AND sc.dimension = ${dimension}
      AND ${sql.ref(`sc.${sizeColumn}`)} > 0 AND NOT coalesce(sc.key IN (SELECT key FROM ${sides[dimension].matched}), false)))
    AND NOT ${matchesOther(dimension)})`;
  const sideSize = (table: 'search_submitters' | 'search_sites') => sql`(SELECT coalesce(sum(${size}), 0) AS size FROM ${sql.table(table)})`;
  const company = sql`(SELECT coalesce(max(${size}), 0) AS size FROM swms_counts WHERE company_id = ${companyId} AND dimension = 'company' AND key = ${companyId})`;
  const larger = sql`greatest(submitters.size, sites.size)`;
  const smaller = sql`least(submitters.size, sites.size)`;
  return sql`(SELECT CASE
    WHEN ${smaller} = 0 THEN submitters.size + sites.size
    WHEN ${larger} >= company.size THEN company.size
    WHEN company.size - ${larger} < ${smaller} THEN
      company.size - CASE WHEN submitters.size >= sites.size THEN ${neither('submitter')} ELSE ${neither('site')} END
    ELSE submitters.size + sites.size - CASE WHEN submitters.size <= sites.size THEN ${both('submitter')} ELSE ${both('site')} END
    END FROM ${sideSize('search_submitters')} AS submitters, ${sideSize('search_sites')} AS sites, ${company} AS company)`;
}

/** What decides a list statement's text; everything else is bound as a value (`compiledOnce`). */
interface SwmsPageShape extends PagingShape {
  readonly flag: ReviewFlag;
  readonly sort: SwmsSortKey;
  readonly reviewFilter: ReviewStatus | undefined;
  readonly searching: boolean;
  /** The search's term is shorter than a trigram (`shortTerm`). */
  readonly shortTerm: boolean;
}

interface SwmsPageValues extends Bound, PagingValues {
  readonly companyId: string;
  /** The search's term, trimmed, and its LIKE pattern ('' when the shape does not search). */
  readonly term: string;
  readonly pattern: string;
}

/**
 * One page of the list with its total and the company check: they ride on the page's own round trip
 * (uncorrelated subqueries PostgreSQL runs once per statement). Without a search, For Review walks the
 * queue of the SWMS awaiting the flag (migration 021).
 */
const pageOfSwms = compiledOnce(
  (shape: SwmsPageShape) => JSON.stringify(shape),
  (db: Db, shape: SwmsPageShape, values: SwmsPageValues) => {
    const queued = shape.reviewFilter === 'forReview' && !shape.searching;
    const keyset = swmsKeyset(shape.sort, queued ? 'q' : 's');
    const conditions = pageConditions(shape, values, queued);
    // A page opened by its number finds where it starts among the list's rows in their own table.
    const skipped = () => skippedRows(queued ? db.selectFrom('swms_awaiting_review as q') : db.selectFrom('swms as s'), conditions);
    const columns = [swmsListItemJson(shape.flag).as('item'), positionOf(keyset).as('position')] as const;
    let pageQuery = queued ? awaitingSwms(db).select(columns) : pagedSwms(listScope(db, values.companyId, scopedSearch(shape, values))).select(columns);
    for (const condition of conditions) pageQuery = pageQuery.where(condition);
    const totals = [countOf(shape, values.companyId).as('total_count'), companyLive(values.companyId).as('company_live')] as const;
    return keysetPage(pageQuery.select(totals), keyset, shape, values, skipped);
  },
);

/**
 * Which SWMS a page lists, over `s` (the SWMS) or, for For Review without a search, `q` (the queue of those awaiting
 * the flag, migration 021).
 */
function pageConditions(shape: SwmsPageShape, values: SwmsPageValues, queued: boolean): Expression<SqlBool>[] {
  if (queued) return [sql<SqlBool>`q.company_id = ${values.companyId}`, sql<SqlBool>`q.flag = ${shape.flag}`];
  const conditions = [sql<SqlBool>`s.company_id = ${values.companyId}`];
  if (shape.reviewFilter) conditions.push(flagStatusIs(shape.flag, shape.reviewFilter));
  if (shape.searching) conditions.push(matchesSearch);
  return conditions;
}

/** The SWMS (s) whose flag has this status; a flag holds at most one outcome (migration 042). */
function flagStatusIs(flag: ReviewFlag, status: ReviewStatus): RawBuilder<SqlBool> {
  const reviewedAt = sql.ref(`s.${flagColumns[flag].at}`);
  const changesAt = sql.ref(`s.${flagColumns[flag].changesAt}`);
  switch (status) {
    case 'reviewed':
      return sql<SqlBool>`${reviewedAt} IS NOT NULL`;
    case 'changesRequested':
      return sql<SqlBool>`${changesAt} IS NOT NULL`;
    case 'forReview':
      return sql<SqlBool>`(${reviewedAt} IS NULL AND ${changesAt} IS NULL)`;
  }
}

/** A page's SWMS: its id and its list row as JSON text. */
export interface SwmsPageRow {
  readonly id: string;
  readonly item: JsonText<SwmsListItem>;
}

/** Issue 5 and 11: search, the viewer's flag filter, sort and keyset paging all run in the database. */
export async function listSwms(
  db: Db,
  options: SwmsListOptions,
  fingerprint: string,
): Promise<{ rows: SwmsPageRow[]; total: number; cursors: PageCursors; companyLive: boolean | null }> {
  const term = options.search.trim();
  const { paging, bound } = splitPaging(options.start, options.pageSize);
  const search = term.length > 0 ? listSearch(term) : null;
  const shape: SwmsPageShape = { ...paging, flag: options.flag, sort: options.sort, reviewFilter: options.reviewFilter, searching: search !== null, shortTerm: search?.short ?? false };
  const values: SwmsPageValues = { ...bound, companyId: options.companyId, term, pattern: search?.pattern ?? '' };
  const fetched = await pageOfSwms(db, shape, values);
  // A page past the last row asks for the total and the company check alone.
  const counted =
    fetched[0] ??
    (await listScope(db, options.companyId, scopedSearch(shape, values))
      .selectNoFrom([countOf(shape, options.companyId).as('total_count'), companyLive(options.companyId).as('company_live')])
      .executeTakeFirstOrThrow());
  const { rows, cursors } = pageOf(fetched, options.start, options.pageSize, fingerprint);
  return { rows, total: Number(counted.total_count ?? 0), cursors, companyLive: counted.company_live };
}

export interface SiteSwmsOptions {
  readonly siteId: string;
  readonly flag: ReviewFlag;
  readonly after: CursorPosition | null;
  readonly limit: number;
}

/** A project site's SWMS, newest first, from just after the cursor. */
export async function listSiteSwms(db: Db, options: SiteSwmsOptions): Promise<Array<SwmsPageRow & { readonly cursor_at: string }>> {
  let query = swmsWithSiteAndSubmitter(db)
    .select(['s.id', swmsListItemJson(options.flag).as('item'), exactTimestamp('s.created_at').as('cursor_at')])
    .where('s.site_id', '=', options.siteId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(options.limit);
  if (options.after) {
    query = query.where(sql<SqlBool>`(s.created_at, s.id) < (${options.after.at}::timestamptz, ${options.after.id}::uuid)`);
  }
  return query.execute();
}

function detailedSwms(db: Db) {
  return db
    .selectFrom('swms as s')
    .innerJoin('project_sites as p', 'p.id', 's.site_id')
    .innerJoin('users as u', 'u.id', 's.created_by')
    .leftJoin('users as ra', 'ra.id', 's.company_admin_reviewed_by')
    .leftJoin('users as rs', 'rs.id', 's.supervisor_reviewed_by')
    .leftJoin('files as rp', 'rp.id', 's.risk_photo_file_id')
    .leftJoin('files as cp', 'cp.id', 's.control_photo_file_id')
    .select([
      's.id',
      's.company_id',
      's.created_at',
      's.created_by',
      'u.first_name',
      'u.surname',
      's.site_id',
      'p.site_number',
      'p.address',
      'p.suburb',
      'p.postcode',
      'p.time_zone',
      's.company_admin_reviewed_at',
      's.company_admin_reviewed_by',
      'ra.first_name as admin_reviewer_first_name',
      'ra.surname as admin_reviewer_surname',
      's.supervisor_reviewed_at',
      's.supervisor_reviewed_by',
      'rs.first_name as supervisor_reviewer_first_name',
      'rs.surname as supervisor_reviewer_surname',
      's.company_admin_changes_requested_at',
      's.supervisor_changes_requested_at',
      's.revision',
      's.high_risk_work',
      's.risk_consequence_level',
      's.risk_likelihood_level',
      's.risk_overall_level',
      's.task_description',
      's.mobile_plant_tools',
      's.risk_text',
      'rp.file_key as risk_photo_key',
      'rp.friendly_name as risk_photo_name',
      's.control_text',
      'cp.file_key as control_photo_key',
      'cp.friendly_name as control_photo_name',
      's.control_implementation',
      's.control_monitoring',
      's.control_review',
      's.ppe',
      's.other_ppe',
    ]);
}

/** A SWMS with its site, submitter, reviewers and photos, and (issue 57) its review comments. */
export type SwmsDetailRow = Awaited<ReturnType<ReturnType<typeof detailedSwms>['execute']>>[number] & { readonly comments: readonly SwmsCommentRow[] };

/** Issue 57: the review comments of these SWMS with their authors, each SWMS's oldest first. */
export async function findSwmsComments(db: Db, swmsIds: readonly string[]) {
  if (swmsIds.length === 0) return [];
  return db
    .selectFrom('swms_comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_user_id')
    .select(['c.id', 'c.swms_id', 'c.author_user_id', 'u.first_name', 'u.surname', 'c.flag', 'c.created_at', 'c.revision', 'c.text', 'c.part'])
    .where('c.swms_id', 'in', swmsIds)
    .orderBy('c.swms_id')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

export type SwmsCommentRow = Awaited<ReturnType<typeof findSwmsComments>>[number];

/** The company's SWMS with these ids, in the order of `ids`; ids of other companies are left out. */
export async function findCompanySwms(db: Db, companyId: string, ids: readonly string[]): Promise<SwmsDetailRow[]> {
  if (ids.length === 0) return [];
  const rows = await detailedSwms(db).where('s.company_id', '=', companyId).where('s.id', 'in', ids).execute();
  const comments = new Map<string, SwmsCommentRow[]>();
  for (const comment of await findSwmsComments(db, rows.map((row) => row.id))) comments.set(comment.swms_id, [...(comments.get(comment.swms_id) ?? []), comment]);
  const byId = new Map(rows.map((row) => [row.id, { ...row, comments: comments.get(row.id) ?? [] }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface FlagState {
  readonly id: string;
  readonly reviewedAt: Date | null;
  readonly reviewedBy: string | null;
  readonly changesRequestedAt: Date | null;
}

const flagStateOf = (row: { id: string; reviewed_at: Date | null; reviewed_by: string | null; changes_at: Date | null }): FlagState => ({
  id: row.id,
  reviewedAt: row.reviewed_at,
  reviewedBy: row.reviewed_by,
  changesRequestedAt: row.changes_at,
});

/** Locks the company's SWMS among `ids` (in id order, so concurrent bulk calls cannot deadlock). */
export async function lockFlagStates(db: Db, companyId: string, flag: ReviewFlag, ids: readonly string[]): Promise<FlagState[]> {
  const columns = flagColumns[flag];
  const rows = await db
    .selectFrom('swms')
    .select(['id', `${columns.at} as reviewed_at`, `${columns.by} as reviewed_by`, `${columns.changesAt} as changes_at`])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(flagStateOf);
}

export interface MatchingSwmsOptions {
  readonly companyId: string;
  readonly flag: ReviewFlag;
  readonly search: string;
  readonly reviewFilter: ReviewStatus | undefined;
  readonly excludedIds: readonly string[];
}

/**
 * Locks every SWMS the list shows for this search and filter (the same conditions as `listSwms`),
 * except the excluded ones, in id order as `lockFlagStates` does.
 */
export async function lockMatchingFlagStates(db: Db, options: MatchingSwmsOptions): Promise<FlagState[]> {
  const columns = flagColumns[options.flag];
  const reviewedAt = `s.${columns.at}` as const;
  const term = options.search.trim();
  let query = listScope(db, options.companyId, term.length > 0 ? listSearch(term) : null)
    .selectFrom('swms as s')
    .select(['s.id', `${reviewedAt} as reviewed_at`, `s.${columns.by} as reviewed_by`, `s.${columns.changesAt} as changes_at`])
    .where('s.company_id', '=', options.companyId);
  if (options.reviewFilter) query = query.where(flagStatusIs(options.flag, options.reviewFilter));
  if (term.length > 0) query = query.where(matchesSearch);
  // Without a search, the SWMS awaiting the flag are the queue's (no index of swms names a flag).
  else if (options.reviewFilter === 'forReview') {
    query = query.where('s.id', 'in', (q) =>
      q.selectFrom('swms_awaiting_review as q').select('q.id').where('q.company_id', '=', options.companyId).where('q.flag', '=', options.flag),
    );
  }
  if (options.excludedIds.length > 0) query = query.where('s.id', 'not in', options.excludedIds);
  const rows = await query.orderBy('s.id').forUpdate().execute();
  return rows.map(flagStateOf);
}

/** The ids among `ids` that name a SWMS of the company. */
export async function companySwmsIds(db: Db, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('swms').select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** One review written: who, under which role, to which value, and what its audit events say of it. */
export interface ReviewWrite {
  readonly flag: ReviewFlag;
  readonly companyId: string;
  readonly actorUserId: string;
  readonly actorRole: string;
  /** The flag's new reviewer: the actor when marking reviewed, null when returning to For Review. */
  readonly reviewedBy: string | null;
  readonly action: 'swms.reviewed' | 'swms.returnedForReview';
  /** What every event of the change says alike (company, flag, status, how it was asked for). */
  readonly detail: Readonly<Record<string, unknown>>;
  readonly requestId: string | null;
}

/** How many SWMS one review statement writes (a select-all can reach every SWMS of the company). */
const reviewBatchSize = 5000;

/**
 * Sets the flag to `reviewedBy` and the database's now() (or clears it) on each of `changes` (in id
 * order, as the locks read them), and writes one audit event per SWMS with its previous and new value,
 * in that order, in one statement per batch: the UPDATE's RETURNING feeds the INSERT, so each event
 * names the SWMS by its label
 * (`audit_swms_label`, migration 018) as the UPDATE read it. The ids and previous values go as three
 * array parameters: a batch of 1,000 events sent as 12,000 scalar parameters cost more to build, bind
 * and parse than the events took to write (issue 11).
 */
export async function writeReviews(db: Db, write: ReviewWrite, changes: readonly FlagState[]): Promise<void> {
  const columns = flagColumns[write.flag];
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  for (const batch of batches(changes, reviewBatchSize)) {
    const ids = batch.map((state) => state.id);
    // `s.id = ANY(ids)` repeats the join on `previous` so that the planner can find the SWMS by their key: without it,
    // at 100,000 SWMS it read and hashed the whole table for each batch, on PGlite and PostgreSQL alike.
    await sql`
      WITH previous AS (
        SELECT * FROM unnest(${ids}::uuid[], ${batch.map((state) => iso(state.reviewedAt))}::text[],
          ${batch.map((state) => state.reviewedBy)}::uuid[], ${batch.map((state) => iso(state.changesRequestedAt))}::text[])
          AS previous (id, reviewed_at, reviewed_by, changes_requested_at)
      ), changed AS (
        UPDATE swms AS s SET ${sql.ref(columns.at)} = ${write.reviewedBy === null ? null : sql`now()`}, ${sql.ref(columns.by)} = ${write.reviewedBy},
          ${sql.ref(columns.changesAt)} = NULL, ${sql.ref(columns.changesBy)} = NULL
        FROM project_sites AS p, previous
        WHERE p.id = s.site_id AND s.id = previous.id AND s.id = ANY(${ids}::uuid[])
        RETURNING s.id, ${isoMillis(`s.${columns.at}`)} AS reviewed_at, previous.reviewed_at AS previous_at, previous.reviewed_by AS previous_by,
          previous.changes_requested_at AS previous_changes_at,
          audit_swms_label(p.site_number, s.task_description) AS label
      )
      INSERT INTO audit_events (id, actor_user_id, action, entity, entity_id, detail, company_id, actor_role, target_label, request_id)
      SELECT gen_random_uuid(), ${write.actorUserId}, ${write.action}, 'swms', c.id,
        ${JSON.stringify(write.detail)}::jsonb || jsonb_build_object(
          'previous', jsonb_build_object('reviewedAt', c.previous_at, 'reviewedBy', c.previous_by)
            || CASE WHEN c.previous_changes_at IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('changesRequestedAt', c.previous_changes_at) END,
          'current', jsonb_build_object('reviewedAt', c.reviewed_at, 'reviewedBy', ${write.reviewedBy}::uuid)),
        ${write.companyId}, ${write.actorRole}, c.label, ${write.requestId}
      FROM changed AS c ORDER BY c.id`.execute(db);
  }
}

/** Issue 57: one request for changes, by whom and under which role, with its comment. */
export interface ChangesRequestWrite {
  readonly flag: ReviewFlag;
  readonly companyId: string;
  readonly actorUserId: string;
  readonly actorRole: string;
  readonly requestId: string | null;
  readonly comment: string;
  readonly part: SwmsCommentPart | null;
}

/**
 * Sets the flag to Changes requested (clearing its review, as a flag holds one outcome), stores the comment and writes
 * the audit event with the comment and the flag's previous value, on a SWMS `lockFlagStates` has locked.
 */
export async function writeChangesRequest(db: Db, write: ChangesRequestWrite, previous: FlagState): Promise<void> {
  const columns = flagColumns[write.flag];
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  const commentId = randomUUID();
  const { rows } = await sql<{ changes_at: string; revision: number }>`
    UPDATE swms SET ${sql.ref(columns.at)} = NULL, ${sql.ref(columns.by)} = NULL, ${sql.ref(columns.changesAt)} = now(),
      ${sql.ref(columns.changesBy)} = ${write.actorUserId}
    WHERE id = ${previous.id} AND company_id = ${write.companyId}
    RETURNING ${isoMillisText(columns.changesAt)} AS changes_at, revision`.execute(db);
  const changed = rows[0];
  if (!changed) throw new Error('The locked SWMS was not found');
  await db
    .insertInto('swms_comments')
    .values({ id: commentId, swms_id: previous.id, company_id: write.companyId, author_user_id: write.actorUserId, flag: write.flag, text: write.comment, part: write.part, revision: changed.revision })
    .execute();
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: write.actorUserId,
      action: 'swms.changesRequested',
      entity: 'swms',
      entity_id: previous.id,
      detail: JSON.stringify({
        companyId: write.companyId,
        flag: write.flag,
        status: 'changesRequested',
        bulk: false,
        comment: write.comment,
        part: write.part,
        commentId,
        previous: { reviewedAt: iso(previous.reviewedAt), reviewedBy: previous.reviewedBy, changesRequestedAt: iso(previous.changesRequestedAt) },
        current: { changesRequestedAt: changed.changes_at, changesRequestedBy: write.actorUserId },
      }),
      company_id: write.companyId,
      actor_role: write.actorRole,
      request_id: write.requestId,
    })
    .execute();
}

/** The reviewer still holds the role their token names (a token outlives a revoked role by up to an hour). */
export async function holdsActiveRole(db: Db, userId: string, companyId: string, role: 'CompanyAdmin' | 'CompanySupervisor'): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('role', '=', role)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}
