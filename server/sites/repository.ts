import { randomUUID } from 'node:crypto';
import { sql, type Expression, type QueryCreator, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { ppeValues } from '../../src/domain/ppe';
import type { ProjectSite, SiteSortKey } from '../../src/domain/project-site';
import type { SiteTimeZone } from '../../src/domain/site-time-zone';
import { siteStatuses, type SiteStatus } from '../../src/domain/site-status';
import { companyLive } from '../auth/company-check';
import type { Db } from '../db/database';
import type { Database, ProjectSitesTable } from '../db/tables';
import { likePattern, loweredOnce } from '../db/like-pattern';
import { builtOnce } from '../db/built-once';
import { genericPlanMark } from '../db/routed-pool';
import {
  keysetPage,
  orderTerms,
  pageOf,
  pastCursor,
  positionOf,
  shapedStart,
  shapedWindow,
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
import type { FileRow } from '../storage/file-view';

/** The stored form of a site's editable fields. */
export interface SiteColumns {
  readonly address: string;
  readonly suburb: string;
  readonly postcode: string;
  readonly site_number: string;
  readonly client_name: string;
  readonly time_zone: SiteTimeZone;
  readonly supervisor_role_id: string | null;
  readonly site_safety_plan_file_id: string | null;
  readonly ppe: string[];
  readonly other_ppe: string;
}

export interface SiteListOptions {
  readonly words: readonly string[];
  readonly status: SiteStatus | undefined;
  readonly sort: SiteSortKey;
  readonly start: PageStart;
  readonly pageSize: number;
}

/** What a site's plan field is written from. */
const planColumns = ['f.file_key as plan_file_key', 'f.friendly_name as plan_friendly_name'] as const;

/** A site as PostgreSQL writes it (`siteFieldsJson`): everything but the plan, whose url the portal signs. */
export type SiteFieldsJson = JsonText<Omit<ProjectSite, 'siteSafetyPlan'>>;

/** What JavaScript's `String.prototype.trim` removes (WhiteSpace and LineTerminator), for PostgreSQL's `btrim`. */
export const jsTrimmedCharacters =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** A text column trimmed as `String.prototype.trim` trims it. */
const trimmedAsJs = (column: string) => sql`btrim(${sql.ref(column)}, ${sql.lit(jsTrimmedCharacters)})`;

/**
 * The stored PPE values still offered, in their stored order, as `siteView` filters them. A site's PPE is nearly
 * always all offered (`<@`, one comparison of two arrays); only otherwise is it unnested and filtered, a subquery
 * that took 1-2 µs a row even for an empty array.
 */
const offeredPpe = sql`ARRAY[${sql.join(ppeValues.map((value) => sql.lit(value)))}]`;
const answeredPpe = sql`CASE WHEN ps.ppe <@ ${offeredPpe} THEN ps.ppe ELSE ARRAY(SELECT stored.value FROM unnest(ps.ppe) WITH ORDINALITY AS stored (value, n)
      WHERE stored.value = ANY (${offeredPpe}) ORDER BY stored.n) END`;

/**
 * `supervisorOf` in SQL for a list's site (ps): its supervisor's fields while their role is active, as JSON object
 * members (`fields`), and their phone as JSON while it is not blank (`phone`), else no row. A lateral subquery kept
 * whole (OFFSET 0), so PostgreSQL memoizes it by the site's supervisor and writes each supervisor once per page.
 */
const listedSupervisor = sql<{ fields: string; phone: string | null }>`(SELECT
    (SELECT substr(j, 2, length(j) - 2) FROM (SELECT row_to_json(person)::text AS j FROM (SELECT
      ur.id AS "supervisor",
      coalesce(
        nullif(concat_ws(' ',
          CASE WHEN ${trimmedAsJs('u.first_name')} <> '' THEN u.first_name END,
          CASE WHEN ${trimmedAsJs('u.surname')} <> '' THEN u.surname END), ''),
        nullif(u.contact_email, ''), nullif(u.email, ''), '') AS "supervisorName",
      (SELECT row_to_json(details) FROM (SELECT coalesce(u.first_name, '') AS "firstName", coalesce(u.surname, '') AS "surname") details) AS "supervisorDetails"
    ) person) written) AS fields,
    to_json(nullif(${trimmedAsJs('u.phone')}, ''))::text AS phone
  FROM user_roles ur JOIN users u ON u.id = ur.user_id
  WHERE ur.id = ps.supervisor_role_id AND ur.status = 'active'
  OFFSET 0)`;

/** What `supervisorOf` writes for a site without a supervisor (or whose supervisor's role is no longer active). */
const unsupervised = sql.lit('"supervisor":null,"supervisorName":null,"supervisorDetails":null');

/**
 * Spec §3 project site fields but the plan, the only writer of them (a list page and a site read alone), for a
 * statement's site (ps) of the company and its supervisor (sup, `listedSupervisor`). Writing all 18 fields as JSON
 * for each row (row_to_json) was three quarters of a list page's time in PostgreSQL, so the site's own fields are
 * written with its row (`site_list_fields`), the supervisor's once per supervisor, the company's once per statement,
 * the PPE still offered per row (the portal's list of it may change).
 */
const siteFieldsJson = (companyId: string) => sql<SiteFieldsJson>`('{' || ps.list_fields
    || ',' || coalesce(sup.fields, ${unsupervised})
    || ',"supervisorPhone":' || coalesce(sup.phone, (SELECT coalesce(to_json(c.phone)::text, 'null') FROM companies c WHERE c.id = ${companyId}))
    || ',"ppe":' || array_to_json(${answeredPpe})::text
    || ',"company":' || (SELECT row_to_json(company)::text FROM (SELECT c.id AS "_id", c.phone AS "phone" FROM companies c WHERE c.id = ${companyId}) company)
    || '}')`;

/**
 * A site with its supervisor while their role is active (`listedSupervisor`) and its plan: the plan's columns are
 * selected here, its other fields by the statement (`listedFields`).
 */
const listedSites = builtOnce((db: QueryCreator<Database>) =>
  db
    .selectFrom('project_sites as ps')
    .leftJoinLateral(listedSupervisor.as('sup'), (join) => join.onTrue())
    .leftJoin('files as f', 'f.id', 'ps.site_safety_plan_file_id')
    .select(planColumns),
);

/** A site as JSON but its plan (`siteFieldsJson`), its company's fields read once for the statement. */
const listedFields = (companyId: string) => siteFieldsJson(companyId).as('item');

/** The company's sites as a list writes them, with their ids. */
const sitesAsListed = (db: Db, companyId: string) => listedSites(db).select(['ps.id', listedFields(companyId)]).where('ps.company_id', '=', companyId);

export type SiteListRow = Awaited<ReturnType<ReturnType<typeof listedSites>['executeTakeFirstOrThrow']>> & {
  readonly item: SiteFieldsJson;
};

/** A site read alone: its JSON as a list writes it, and its plan's columns. */
export type SiteRow = SiteListRow & { readonly id: string };

/**
 * Every word must appear in one of the searched columns: address, suburb, postcode, client, job no. or
 * the supervisor's name (while their role is active). Words hold no spaces, so a match in those texts
 * joined by spaces, lower-cased and kept on the row (search_text, migrations 016 and 023), is a match in
 * one of them: each word picks its sites through one trigram index.
 */
function matchesWords(patterns: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.join(
    patterns.map((pattern) => sql<SqlBool>`m.search_text LIKE ${loweredOnce(pattern)}`),
    sql` AND `,
  )}`;
}

/**
 * The search's matching sites, worked out once per statement (MATERIALIZED) for a statement that reads
 * them more than once: a bulk change's lock, a page past the end's total. The statement keeps one plan
 * (`genericPlanMark`).
 */
function withSearchMatches(db: Db, companyId: string, patterns: readonly string[]): QueryCreator<Database> {
  return db.with(
    (cte) => cte('search_sites').materialized(),
    () => sql<SiteMatch>`(${sql.raw(genericPlanMark)} SELECT ${matchedColumns} FROM project_sites m
      WHERE m.company_id = ${companyId} AND ${matchesWords(patterns)})`,
  ) as unknown as QueryCreator<Database>;
}

/** A matching site carries what the page's filter and every order read, so the page is picked from the matches alone. */
const matchedColumnNames = ['id', 'company_id', 'status', 'created_at', 'address', 'suburb', 'client_name', 'site_number', 'supervisor_role_id', 'supervisor_search'] as const;
const matchedColumns = sql.join(matchedColumnNames.map((name) => sql.ref(`m.${name}`)));

type SiteMatch = Pick<Selectable<ProjectSitesTable>, (typeof matchedColumnNames)[number]>;

const matchesSearch = sql<SqlBool>`ps.id IN (SELECT id FROM search_sites)`;

/** The query creator of a list statement: with the search's matches (a LIKE pattern per word) when there is a search. */
const listScope = (db: Db, companyId: string, patterns: readonly string[]): QueryCreator<Database> =>
  patterns.length > 0 ? withSearchMatches(db, companyId, patterns) : db;

/**
 * The spec §5 sorts as keysets (issue 11), each served by an index of migrations 003, 009, 024 and 025 in both
 * directions. The supervisor's name is the lower-cased one the site keeps (`supervisor_search`, migration 023; ''
 * without an active supervisor): unassigned sites come last either way, so that order starts with whether the
 * site has one, written for each direction so that all its columns run one way.
 */
export function siteKeyset(key: SiteSortKey): Keyset {
  const [field, , direction] = key.split('.') as [string, string, 'asc' | 'desc'];
  const id: KeysetColumn = { expression: sql`ps.id`, type: 'uuid' };
  const lower = (column: string): KeysetColumn => ({ expression: sql`lower(${sql.ref(column)})`, type: 'text' });
  switch (field) {
    case 'address':
      return { columns: [lower('ps.address'), id], direction };
    case 'suburb':
      return { columns: [lower('ps.suburb'), lower('ps.address'), id], direction };
    case 'clientName':
      return { columns: [lower('ps.client_name'), id], direction };
    case 'siteNumber':
      return { columns: [{ expression: sql`(job_sort_key(ps.site_number) COLLATE "C")`, type: 'text' }, id], direction };
    case 'supervisorName': {
      const unassignedLast = direction === 'asc' ? sql`(ps.supervisor_search = '')` : sql`(ps.supervisor_search <> '')`;
      return { columns: [{ expression: unassignedLast, type: 'boolean' }, { expression: sql`ps.supervisor_search`, type: 'text' }, id], direction };
    }
    default:
      return { columns: [{ expression: sql`ps.created_at`, type: 'timestamptz' }, id], direction };
  }
}

/**
 * A status filter is written into the statement, not bound: a page's shape names it already, so this adds no
 * statement. Bound, PostgreSQL priced the plan made for 'ongoing' (half the sites) below its generic plan, kept
 * planning the page again on every request instead of reusing one plan (pg_prepared_statements: 0 generic, all
 * custom) and the page cost twice a plain one. `siteStatuses` holds the only values a shape can carry.
 */
const statusLiteral = (status: SiteStatus) => {
  if (!siteStatuses.includes(status)) throw new Error(`Not a site status: ${status}`);
  return sql.lit(status);
};

/**
 * The exact count: from the counters migration 009 keeps, or the search's matches (already the company's sites, the
 * status filter applied here).
 */
function countOf(companyId: string, shape: Pick<SitePageShape, 'words' | 'status'>) {
  if (shape.words === 0) {
    const bucket = shape.status ? sql`AND bucket = ${statusLiteral(shape.status)}` : sql``;
    return sql<number | string>`(SELECT coalesce(sum(n), 0) FROM list_counts WHERE list = 'sites' AND scope = ${companyId} ${bucket})`;
  }
  if (!shape.status) return sql<number | string>`(SELECT count(*) FROM search_sites)`;
  return sql<number | string>`(SELECT count(*) FROM search_sites WHERE status = ${statusLiteral(shape.status)})`;
}

/** What decides a list statement's text; everything else is bound as a value (`compiledOnce`). */
interface SitePageShape extends PagingShape {
  readonly sort: SiteSortKey;
  readonly status: SiteStatus | undefined;
  /** How many words the search has (none: no search); each is a condition of its own. */
  readonly words: number;
}

interface SitePageValues extends Bound, PagingValues {
  readonly companyId: string;
  /** A LIKE pattern per search word. */
  readonly patterns: readonly string[];
}

/** The order of a page of the shape, the rows past its cursor (if any) and the position each row selects. */
function pageOrder(shape: SitePageShape, values: SitePageValues) {
  const keyset = siteKeyset(shape.sort);
  const start = shapedStart(shape, values);
  return { past: pastCursor(keyset, start), order: orderTerms(keyset, start), position: positionOf(keyset).as('position') };
}

/**
 * A search's page: one scan of the matching sites (status filter included) gives the page's ids and,
 * counted over all of them before the page is cut (a window), the list's exact total, so the matches are
 * neither stored nor read twice. The statement keeps one plan (`genericPlanMark`).
 */
function searchPageIds(db: Db, shape: SitePageShape, values: SitePageValues, past: Expression<SqlBool> | null, order: readonly RawBuilder<unknown>[]) {
  let matches = db
    .selectFrom('project_sites as m')
    .modifyFront(sql.raw(genericPlanMark))
    .select(matchedColumnNames.map((name) => `m.${name}` as const))
    .select(sql<number | string>`count(*) OVER ()`.as('match_count'))
    .where('m.company_id', '=', values.companyId)
    .where(matchesWords(values.patterns));
  if (shape.status) matches = matches.where('m.status', '=', statusLiteral(shape.status));
  let pageIds = db.selectFrom(matches.as('ps')).select(['ps.id', 'ps.match_count']);
  if (past) pageIds = pageIds.where(past);
  for (const term of order) pageIds = pageIds.orderBy(term);
  return shapedWindow(pageIds, shape, values);
}

/** A search's page, with the details joined for the page's rows only; the total rides on each of them. */
function searchPage(db: Db, shape: SitePageShape, values: SitePageValues) {
  const { past, order, position } = pageOrder(shape, values);
  let pageQuery = listedSites(db)
    .innerJoin(searchPageIds(db, shape, values, past, order).as('page'), 'page.id', 'ps.id')
    .select([listedFields(values.companyId), position, sql<number | string>`page.match_count`.as('total_count'), companyLive(values.companyId).as('company_live')]);
  for (const term of order) pageQuery = pageQuery.orderBy(term);
  return pageQuery;
}

/**
 * A page without a search: the sort's index in order, stopping at the page's last row. The total and the company
 * check ride on it (uncorrelated subqueries run once).
 */
function plainPage(db: Db, shape: SitePageShape, values: SitePageValues) {
  const keyset = siteKeyset(shape.sort);
  const conditions = [sql<SqlBool>`ps.company_id = ${values.companyId}`];
  if (shape.status) conditions.push(sql<SqlBool>`ps.status = ${statusLiteral(shape.status)}`);
  let pageQuery = listedSites(db).select([
    listedFields(values.companyId),
    positionOf(keyset).as('position'),
    countOf(values.companyId, shape).as('total_count'),
    companyLive(values.companyId).as('company_live'),
  ]);
  for (const condition of conditions) pageQuery = pageQuery.where(condition);
  // A page opened by its number finds where it starts among the company's sites in their own table.
  return keysetPage(pageQuery, keyset, shape, values, () => skippedRows(db.selectFrom('project_sites as ps'), conditions));
}

/** One page of the list with its total and the company check, compiled once per shape. */
const pageOfSites = compiledOnce(
  (shape: SitePageShape) => JSON.stringify(shape),
  (db: Db, shape: SitePageShape, values: SitePageValues) => (shape.words > 0 ? searchPage(db, shape, values) : plainPage(db, shape, values)),
);

/**
 * Issue 4: search, status filter, sort and keyset paging run in the database, in one statement per page: a search
 * finds the company's matching sites through the trigram indexes and counts them exactly as it picks the page
 * (`searchPage`); without a search the page walks the sort's index and the total comes from migration 009's counters.
 */
export async function listSites(
  db: Db,
  companyId: string,
  options: SiteListOptions,
  fingerprint: string,
): Promise<{ rows: SiteListRow[]; total: number; cursors: PageCursors; companyLive: boolean | null }> {
  const { paging, bound } = splitPaging(options.start, options.pageSize);
  const shape: SitePageShape = { ...paging, sort: options.sort, status: options.status, words: options.words.length };
  const values: SitePageValues = { ...bound, companyId, patterns: options.words.map((word) => likePattern(word)) };
  const fetched = await pageOfSites(db, shape, values);
  // A page past the end asks for the total (counted from the matches) and the company check alone.
  const counted =
    fetched[0] ??
    (await listScope(db, companyId, values.patterns)
      .selectNoFrom([countOf(companyId, shape).as('total_count'), companyLive(companyId).as('company_live')])
      .executeTakeFirstOrThrow());
  const { rows, cursors } = pageOf(fetched, options.start, options.pageSize, fingerprint);
  return { rows, total: Number(counted.total_count ?? 0), cursors, companyLive: counted.company_live };
}

export async function findSite(db: Db, companyId: string, siteId: string): Promise<SiteRow | undefined> {
  return sitesAsListed(db, companyId).where('ps.id', '=', siteId).executeTakeFirst();
}

export async function findSites(db: Db, companyId: string, siteIds: readonly string[]): Promise<SiteRow[]> {
  if (siteIds.length === 0) return [];
  return sitesAsListed(db, companyId).where('ps.id', 'in', siteIds).execute();
}

export async function insertSite(db: Db, companyId: string, columns: SiteColumns): Promise<string> {
  const id = randomUUID();
  await db.insertInto('project_sites').values({ id, company_id: companyId, ...columns }).execute();
  return id;
}

/** Locks one site of the company for the rest of the transaction. */
export async function lockSite(db: Db, companyId: string, siteId: string) {
  return db
    .selectFrom('project_sites')
    .selectAll()
    .where('id', '=', siteId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

export type LockedSite = NonNullable<Awaited<ReturnType<typeof lockSite>>>;

export async function updateSite(db: Db, siteId: string, columns: SiteColumns): Promise<void> {
  await db
    .updateTable('project_sites')
    .set({ ...columns, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', siteId)
    .execute();
}

/** Locks the named sites, whatever their company, in id order so that two bulk changes cannot deadlock. */
/** Locks the company's sites among `siteIds`; another company's rows are neither read nor locked. */
export async function lockSitesById(db: Db, companyId: string, siteIds: readonly string[]) {
  return db
    .selectFrom('project_sites')
    .select(['id', 'company_id', 'status', 'version'])
    .where('company_id', '=', companyId)
    .where('id', 'in', siteIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export interface SiteMatchOptions {
  readonly words: readonly string[];
  readonly status: SiteStatus | undefined;
}

/**
 * Locks every site of the company that the list's search and status filter match, except the
 * excluded ids, in id order (as lockSitesById does, so bulk changes cannot deadlock).
 */
export async function lockMatchingSites(db: Db, companyId: string, options: SiteMatchOptions, excludedIds: readonly string[]) {
  let query = listScope(db, companyId, options.words.map((word) => likePattern(word)))
    .selectFrom('project_sites as ps')
    .select(['ps.id', 'ps.status', 'ps.version'])
    .where('ps.company_id', '=', companyId);
  if (options.status) query = query.where('ps.status', '=', options.status);
  if (options.words.length > 0) query = query.where(matchesSearch);
  if (excludedIds.length > 0) query = query.where('ps.id', 'not in', excludedIds);
  return query.orderBy('ps.id').forUpdate().execute();
}

export async function setSitesStatus(db: Db, siteIds: readonly string[], status: SiteStatus): Promise<void> {
  if (siteIds.length === 0) return;
  await db
    .updateTable('project_sites')
    .set({ status, version: sql`version + 1`, updated_at: new Date() })
    .where('id', 'in', siteIds)
    .execute();
}

/** Spec §6: the project form picks among the company's supervisors; an invited or revoked one does not count. */
export async function isActiveSupervisor(db: Db, companyId: string, userRoleId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('id')
    .where('id', '=', userRoleId)
    .where('company_id', '=', companyId)
    .where('role', '=', 'CompanySupervisor')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findFileById(db: Db, fileId: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/**
 * A safety plan the site may take: a siteSafetyPlan file uploaded by the caller or by another user of
 * the company, that no site, company or SWMS uses yet.
 */
export async function findClaimableSafetyPlan(db: Db, companyId: string, actorUserId: string, fileKey: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('files as f')
    .selectAll('f')
    .where('f.file_key', '=', fileKey)
    .where('f.type', '=', 'siteSafetyPlan')
    .where((eb) =>
      eb.or([
        eb('f.created_by', '=', actorUserId),
        eb.exists(
          eb
            .selectFrom('user_roles as ur')
            .select('ur.id')
            .whereRef('ur.user_id', '=', 'f.created_by')
            .where('ur.company_id', '=', companyId)
            .where('ur.status', '=', 'active'),
        ),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('project_sites as ps').select('ps.id').whereRef('ps.site_safety_plan_file_id', '=', 'f.id')),
          eb.exists(eb.selectFrom('companies as c').select('c.id').whereRef('c.image_file_id', '=', 'f.id')),
          eb.exists(
            eb
              .selectFrom('swms as s')
              .select('s.id')
              .where((inner) => inner.or([inner('s.risk_photo_file_id', '=', inner.ref('f.id')), inner('s.control_photo_file_id', '=', inner.ref('f.id'))])),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
}

export async function deleteFileRow(db: Db, fileId: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', fileId).execute();
}
