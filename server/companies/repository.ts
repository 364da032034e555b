import { randomUUID } from 'node:crypto';
import { sql, type QueryCreator, type SqlBool } from 'kysely';
import type { Company, CompanySortKey } from '../../src/domain/company';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { likePattern } from '../db/like-pattern';
import {
  keysetPage,
  orderTerms,
  pageOf,
  positionOf,
  shapedStart,
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

/** What the logo field is written from. */
export interface LogoColumns {
  readonly image_file_key: string | null;
  readonly image_friendly_name: string | null;
}

export interface CompanyFields {
  readonly name: string;
  readonly abn: string;
  readonly buildersRegNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly postalAddress: string;
}

/** Spec §3 `userCount`: the company's users with an active role, over the statement's company (c). */
const activeUserCount = sql<number | string>`(SELECT count(DISTINCT ur.user_id) FROM user_roles ur WHERE ur.company_id = c.id AND ur.status = 'active')`;

/** Spec §3 `hasAdmin`: whether a company admin has joined (an active role), over the statement's company (c). */
const hasActiveAdmin = sql<boolean>`EXISTS (SELECT 1 FROM user_roles ua WHERE ua.company_id = c.id AND ua.role = 'CompanyAdmin' AND ua.status = 'active')`;

/** A company as PostgreSQL writes it (`companyFieldsJson`): everything but the logo, whose url the portal signs. */
type CompanyFieldsJson = JsonText<Omit<Company, 'image'>>;

/**
 * Spec §3 Company fields but the logo, the only writer of them (the client list and a company read alone), written by
 * PostgreSQL as JSON over the statement's company (c): a client list row arrives as this JSON with only the logo's two
 * columns beside it (`companyListItem`), instead of thirteen columns parsed, mapped and written again by the portal.
 * The company's own fields are written with its row (`company_list_fields`), as writing each field of each row as
 * JSON cost PostgreSQL about 1 µs a field; the user count and the admin flag follow the company's roles.
 */
const companyFieldsJson = sql<CompanyFieldsJson>`('{' || c.list_fields
    || ',"userCount":' || ${activeUserCount}
    || ',"hasAdmin":' || CASE WHEN ${hasActiveAdmin} THEN 'true' ELSE 'false' END
    || '}')`;

/** Live companies with their logo's file, and the logo's two columns. */
const liveWithLogo = (db: QueryCreator<Database>) =>
  db
    .selectFrom('companies as c')
    .leftJoin('files as f', 'f.id', 'c.image_file_id')
    .where('c.deleted_at', 'is', null)
    .select(['f.file_key as image_file_key', 'f.friendly_name as image_friendly_name']);

/** A client list row: the company's fields as JSON (`companyFieldsJson`) beside its logo's columns. */
const listedCompanies = (db: QueryCreator<Database>) => liveWithLogo(db).select(companyFieldsJson.as('item'));

export type CompanyListRow = LogoColumns & { readonly item: CompanyFieldsJson };

/** A company read alone: its JSON as the client list writes it, with its id and name for the caller's own use. */
export type CompanyRow = CompanyListRow & { readonly id: string; readonly name: string };

/** Spec §5 sort keys as keysets (issue 11): the name sorts case-insensitively; the id breaks ties (002 indexes both). */
export function companyKeyset(sort: CompanySortKey): Keyset {
  const id: KeysetColumn = { expression: sql`c.id`, type: 'uuid' };
  const name: KeysetColumn = { expression: sql`lower(c.name)`, type: 'text' };
  const createdAt: KeysetColumn = { expression: sql`c.created_at`, type: 'timestamptz' };
  const direction = sort.endsWith('.desc') ? 'desc' : 'asc';
  return { columns: [sort.startsWith('name.') ? name : createdAt, id], direction };
}

export interface CompanyListOptions {
  readonly search: string;
  readonly sort: CompanySortKey;
  readonly start: PageStart;
  readonly pageSize: number;
}

interface PageRow {
  readonly id: string;
  readonly position: string;
  readonly total_count: number | string | null;
}

/** What decides a list statement's text; everything else is bound as a value (`compiledOnce`). */
interface CompanyPageShape extends PagingShape {
  readonly sort: CompanySortKey;
  readonly searching: boolean;
  /** Whether the search is digits alone (spaces aside), so it also matches the ABN. */
  readonly byAbn: boolean;
}

interface CompanyPageValues extends Bound, PagingValues {
  /** The search's LIKE pattern, lower-cased ('' when the shape does not search). */
  readonly pattern: string;
  /** The LIKE pattern of the search's digits ('' when the shape does not match the ABN). */
  readonly abnPattern: string;
}

/** A case-insensitive substring match of name or address, and of the ABN's digits when the search is digits alone. */
function matchesSearch(shape: CompanyPageShape, values: CompanyPageValues) {
  return sql<SqlBool>`(lower(m.name) LIKE ${values.pattern} OR lower(m.address) LIKE ${values.pattern}${
    shape.byAbn ? sql` OR m.abn LIKE ${values.abnPattern}` : sql``
  })`;
}

/** The query creator of a list statement: with the search's matching live clients (MATERIALIZED) when there is a search. */
function listScope(db: Db, shape: CompanyPageShape, values: CompanyPageValues): QueryCreator<Database> {
  if (!shape.searching) return db;
  return db.with(
    (cte) => cte('search_clients').materialized(),
    (q) => q.selectFrom('companies as m').select(['m.id', 'm.name', 'm.created_at']).where('m.deleted_at', 'is', null).where(matchesSearch(shape, values)),
  ) as unknown as QueryCreator<Database>;
}

/** The exact count: the search's matches, or the counter migration 009 keeps. */
const countOf = (shape: CompanyPageShape) =>
  shape.searching
    ? sql<number | string>`(SELECT count(*) FROM search_clients)`
    : sql<number | string>`(SELECT coalesce(sum(n), 0) FROM list_counts WHERE list = 'clients' AND bucket = 'live')`;

/**
 * One page of the list, compiled once per shape. The page's ids are chosen first, so the per-company
 * counts run for that page only; the total rides on the page's own statement (an uncorrelated
 * subquery runs once), and so do the page's details.
 */
const pageOfCompanies = compiledOnce(
  (shape: CompanyPageShape) => JSON.stringify(shape),
  (db: Db, shape: CompanyPageShape, values: CompanyPageValues) => {
    const scope = listScope(db, shape, values);
    const keyset = companyKeyset(shape.sort);
    const start = shapedStart(shape, values);
    // The listed clients: a page opened by its number finds where it starts among them.
    const listed = (creator: QueryCreator<Database>) =>
      shape.searching
        ? creator.selectFrom(sql<{ id: string; name: string; created_at: Date }>`search_clients`.as('c'))
        : creator.selectFrom('companies as c').where('c.deleted_at', 'is', null);
    const pageIds = listed(scope).select(['c.id', positionOf(keyset).as('position'), countOf(shape).as('total_count')]);
    const page = keysetPage(pageIds, keyset, shape, values, () => listed(db));
    let detailed = listedCompanies(db.with('page', () => page) as unknown as QueryCreator<Database>)
      .innerJoin(sql<PageRow>`page`.as('pg'), (join) => join.onRef('pg.id', '=', 'c.id'))
      .select(['pg.position', 'pg.total_count']);
    for (const term of orderTerms(keyset, start)) detailed = detailed.orderBy(term);
    return detailed;
  },
);

/**
 * Issue 3 and 11: search, sort and keyset paging run in the database, in one statement. Search is a
 * case-insensitive substring match of name, address or ABN digits: the matching live clients are
 * found once, through the trigram indexes of migration 015 (MATERIALIZED), and both the page and its
 * total read them; ordering a page out of the companies' sort index instead made PostgreSQL test
 * every client it passed until the page was full. Without
 * a search the page walks the sort index and the total comes from the counter migration 009 keeps.
 */
export async function listCompanies(db: Db, options: CompanyListOptions, fingerprint: string): Promise<{ rows: CompanyListRow[]; total: number; cursors: PageCursors }> {
  const term = options.search.trim();
  const abnDigits = term.replace(/\s+/g, '');
  const { paging, bound } = splitPaging(options.start, options.pageSize);
  const shape: CompanyPageShape = { ...paging, sort: options.sort, searching: term.length > 0, byAbn: /^\d+$/.test(abnDigits) };
  const values: CompanyPageValues = {
    ...bound,
    pattern: shape.searching ? likePattern(term.toLowerCase()) : '',
    abnPattern: shape.byAbn ? likePattern(abnDigits) : '',
  };
  const fetched = await pageOfCompanies(db, shape, values);
  // A page past the end asks for the total alone.
  const total = fetched[0] ? fetched[0].total_count : (await listScope(db, shape, values).selectNoFrom(countOf(shape).as('total')).executeTakeFirstOrThrow()).total;
  const { rows, cursors } = pageOf(fetched, options.start, options.pageSize, fingerprint);
  return { rows: rows.map(({ position: _position, total_count: _total, ...row }) => row), total: Number(total ?? 0), cursors };
}

export async function findLiveCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  return listedCompanies(db).select(['c.id', 'c.name']).where('c.id', '=', id).executeTakeFirst();
}

/** Locks the live company row for the rest of the transaction. */
export async function lockLiveCompany(db: Db, id: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'abn', 'builders_reg_number', 'phone', 'email', 'address', 'postal_address', 'image_file_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function liveCompanyWithAbn(db: Db, abn: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('companies').select('id').where('abn', '=', abn).where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The stored form of the fields: trimmed, the phone without spaces, the ABN as its 11 digits. */
export function companyColumns(fields: CompanyFields) {
  return {
    name: fields.name.trim(),
    abn: fields.abn,
    builders_reg_number: fields.buildersRegNumber.trim(),
    phone: fields.phone.replace(/\s+/g, ''),
    email: fields.email.trim(),
    address: fields.address.trim(),
    postal_address: fields.postalAddress.trim(),
  };
}

export async function insertCompany(db: Db, fields: CompanyFields, imageFileId: string | null): Promise<string> {
  const id = randomUUID();
  await db.insertInto('companies').values({ id, ...companyColumns(fields), image_file_id: imageFileId }).execute();
  return id;
}

export async function updateCompany(db: Db, id: string, fields: CompanyFields, imageFileId: string | null): Promise<void> {
  await db
    .updateTable('companies')
    .set({ ...companyColumns(fields), image_file_id: imageFileId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** DESIGN.md delete client: a soft delete; its roles are revoked and its open invitations voided. */
export async function softDeleteCompany(db: Db, id: string): Promise<{ revokedRoles: number; voidedInvites: number }> {
  const now = new Date();
  await db.updateTable('companies').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  const voided = await db
    .updateTable('invites')
    .set({ voided_at: now })
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('user_role_id', 'in', (eb) => eb.selectFrom('user_roles').select('id').where('company_id', '=', id))
    .executeTakeFirst();
  const revoked = await db
    .updateTable('user_roles')
    .set({ status: 'revoked' })
    .where('company_id', '=', id)
    .where('status', '<>', 'revoked')
    .executeTakeFirst();
  return { revokedRoles: Number(revoked.numUpdatedRows), voidedInvites: Number(voided.numUpdatedRows) };
}

export async function findFileByKey(db: Db, fileKey: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('file_key', '=', fileKey).executeTakeFirst();
}

export async function fileInUseByCompany(db: Db, fileId: string): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').where('image_file_id', '=', fileId).executeTakeFirst()) !== undefined;
}

export async function deleteFileRow(db: Db, fileId: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', fileId).execute();
}
