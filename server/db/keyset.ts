import { createHash } from 'node:crypto';
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { listMessages } from '../../src/domain/list-page';
import { badRequest } from '../http/errors';
import { genericPlanMark } from './routed-pool';

/**
 * Keyset paging (issue 11): a list's next page starts after the last row's sort values instead of
 * skipping OFFSET rows, so page 2,500 costs what page 1 costs. Every order is its columns in one
 * direction, ending with a unique column, so its exact reverse walks the same index backwards.
 */
export interface KeysetColumn {
  readonly expression: RawBuilder<unknown>;
  /** The SQL type a cursor's text value is cast back to. */
  readonly type: 'timestamptz' | 'uuid' | 'text' | 'numeric' | 'boolean';
}

export interface Keyset {
  readonly columns: readonly KeysetColumn[];
  readonly direction: 'asc' | 'desc';
}

/** Where a page starts: a page number (the first page, a typed link) or just after/before a cursor. */
export type PageStart =
  | { readonly kind: 'page'; readonly page: number }
  | { readonly kind: 'after' | 'before'; readonly values: readonly string[] };

export interface PageCursors {
  readonly nextCursor: string | null;
  readonly previousCursor: string | null;
}

/** A cursor names the list and query it came from, so one from another sort, filter or search is not applied. */
export function queryFingerprint(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);
}

export function encodeCursor(fingerprint: string, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([fingerprint, ...values]), 'utf8').toString('base64url');
}

/**
 * The page to read. A cursor that does not parse is refused; one from another query (the user
 * changed the sort in another tab, an old link) falls back to the page number, which is always right.
 */
export function pageStart(
  fingerprint: string,
  keyset: Keyset,
  request: { readonly page: number; readonly after?: string | undefined; readonly before?: string | undefined },
): PageStart {
  const cursor = request.after ?? request.before;
  if (cursor === undefined || request.page <= 1) return { kind: 'page', page: request.page };
  const values = decodeCursor(cursor, keyset.columns.length + 1);
  if (values[0] !== fingerprint) return { kind: 'page', page: request.page };
  return { kind: request.after !== undefined ? 'after' : 'before', values: values.slice(1) };
}

function decodeCursor(cursor: string, length: number): string[] {
  let parsed: unknown;
  try {
    parsed = cursor.length <= 2000 ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== length || !parsed.every((value) => typeof value === 'string' && value.length <= 500)) {
    throw badRequest(listMessages.cursor);
  }
  return parsed as string[];
}

/** Select this as the row's position; the page's first and last positions become its cursors. */
export function positionOf(keyset: Keyset): RawBuilder<string> {
  return sql<string>`json_build_array(${sql.join(keyset.columns.map((column) => column.expression))})::text`;
}

const backwards = (start: PageStart) => start.kind === 'before';

/** The rows past the cursor, in reading order (reversed when reading back towards the first page). */
export function pastCursor(keyset: Keyset, start: PageStart): Expression<SqlBool> | null {
  if (start.kind === 'page') return null;
  const forward = keyset.direction === 'asc' ? '>' : '<';
  const operator = backwards(start) ? (forward === '>' ? '<' : '>') : forward;
  const values = start.values.map((value, index) => sql`cast(${value} as ${sql.raw(keyset.columns[index]?.type ?? 'text')})`);
  return sql<SqlBool>`(${sql.join(keyset.columns.map((column) => column.expression))}) ${sql.raw(operator)} (${sql.join(values)})`;
}

/** ORDER BY terms of the page's query. */
export function orderTerms(keyset: Keyset, start: PageStart): RawBuilder<unknown>[] {
  const reverse = backwards(start) !== (keyset.direction === 'desc');
  return keyset.columns.map((column) => sql`${column.expression} ${sql.raw(reverse ? 'DESC' : 'ASC')}`);
}

/** OFFSET of the page's query: only a page opened by its number skips rows. */
export const offsetOf = (start: PageStart, pageSize: number) => (start.kind === 'page' ? (start.page - 1) * pageSize : 0);

interface Windowed {
  limit(limit: RawBuilder<number>): this;
  offset(offset: number): this;
}

function limitedPage<Q extends Windowed>(query: Q, pageSize: number, offset: number | undefined): Q {
  const limited = query.limit(sql.lit(Math.trunc(pageSize) + 1));
  return offset === undefined ? limited : limited.offset(offset);
}

/** How a page statement compiled once per shape (`compiledOnce`) pages: these decide its text. */
export interface PagingShape {
  readonly start: PageStart['kind'];
  readonly skipping: boolean;
  readonly pageSize: number;
}

/** What a compiled page statement binds of its start: the cursor's values and the OFFSET. */
export interface PagingValues {
  readonly cursor: readonly string[];
  readonly offset: number;
}

/** A page start split into the statement's shape and the values it binds. */
export function splitPaging(start: PageStart, pageSize: number): { readonly paging: PagingShape; readonly bound: PagingValues } {
  const offset = offsetOf(start, pageSize);
  return {
    paging: { start: start.kind, skipping: offset > 0, pageSize },
    bound: { cursor: start.kind === 'page' ? [] : start.values, offset },
  };
}

/** The start a compiled page statement is built for, its cursor values bound in their places. */
export const shapedStart = (paging: PagingShape, bound: PagingValues): PageStart =>
  paging.start === 'page' ? { kind: 'page', page: 1 } : { kind: paging.start, values: bound.cursor };

/**
 * LIMIT and OFFSET of a compiled page statement whose order has no keyset (or whose rows are already narrow): the
 * limit (a page and one more) is written into the statement, since a LIMIT parameter makes PostgreSQL price any kept
 * plan as if it read a tenth of its rows, and so plan the SWMS search afresh on every request; an OFFSET, bound, only
 * when the shape skips rows.
 */
export const shapedWindow = <Q extends Windowed>(query: Q, paging: PagingShape, bound: PagingValues): Q =>
  limitedPage(query, paging.pageSize, paging.skipping ? bound.offset : undefined);

/** The rows of a list in its table alone, with the list's conditions: what a page opened by its number skips. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list's table and conditions
export type SkippedRows = SelectQueryBuilder<any, any, object>;

/** A list's table with its conditions: the rows `shapedFrom` skips. */
export const skippedRows = (table: SkippedRows, conditions: readonly Expression<SqlBool>[]): SkippedRows =>
  conditions.reduce((rows, condition) => rows.where(condition), table);

/**
 * Where a compiled keyset page starts, as a condition (null for the first page): past its cursor, or, for a page
 * opened by its number (a typed link), at the row OFFSET rows into the list. That row's sort values come from
 * `skipped`, the list's own table and conditions, ordered by the sort's index: skipping the rows in the page's own
 * query instead would join each skipped row to its details and write its JSON before dropping it, where an
 * index-only scan finds the row alone. Past the last row the
 * subquery finds nothing, the comparison is null and the page is empty, as with OFFSET.
 */
function shapedFrom(keyset: Keyset, paging: PagingShape, bound: PagingValues, skipped: () => SkippedRows): Expression<SqlBool> | null {
  if (paging.start !== 'page') return pastCursor(keyset, shapedStart(paging, bound));
  if (!paging.skipping) return null;
  let first = skipped().modifyFront(sql.raw(genericPlanMark)).select(keyset.columns.map((column, index) => column.expression.as(`k${index}`)));
  for (const term of orderTerms(keyset, { kind: 'page', page: 1 })) first = first.orderBy(term);
  const operator = keyset.direction === 'asc' ? '>=' : '<=';
  return sql<SqlBool>`(${sql.join(keyset.columns.map((column) => column.expression))}) ${sql.raw(operator)} ${first.offset(bound.offset).limit(sql.lit(1))}`;
}

interface KeysetQuery extends Windowed {
  where(condition: Expression<SqlBool>): this;
  orderBy(term: RawBuilder<unknown>): this;
}

/**
 * A compiled keyset page statement: where it starts (`shapedFrom`), its order, and its limit (a page and one more,
 * written into the statement like `shapedWindow`'s). `skipped` gives the list's own table and conditions
 * (`skippedRows`), read only by a page opened by its number.
 */
export function keysetPage<Q extends KeysetQuery>(query: Q, keyset: Keyset, paging: PagingShape, bound: PagingValues, skipped: () => SkippedRows): Q {
  const from = shapedFrom(keyset, paging, bound, skipped);
  let page = from ? query.where(from) : query;
  for (const term of orderTerms(keyset, shapedStart(paging, bound))) page = page.orderBy(term);
  return limitedPage(page, paging.pageSize, undefined);
}

/**
 * The query fetched pageSize + 1 rows: the extra one says whether there is another page that way.
 * Answers the page's rows in reading order with its cursors.
 */
export function pageOf<Row extends { readonly position: string }>(
  fetched: readonly Row[],
  start: PageStart,
  pageSize: number,
  fingerprint: string,
): { rows: Row[]; cursors: PageCursors } {
  const more = fetched.length > pageSize;
  const kept = fetched.slice(0, pageSize);
  const rows = backwards(start) ? kept.reverse() : kept;
  const cursorAt = (row: Row | undefined) => (row ? encodeCursor(fingerprint, (JSON.parse(row.position) as unknown[]).map(String)) : null);
  const first = rows[0];
  const last = rows.at(-1);
  const hasPrevious = start.kind === 'page' ? start.page > 1 : start.kind === 'after' || more;
  const hasNext = start.kind === 'before' ? true : more;
  return { rows, cursors: { nextCursor: hasNext ? cursorAt(last) : null, previousCursor: hasPrevious ? cursorAt(first) : null } };
}
