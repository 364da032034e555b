import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CompanySortKey } from '../../src/domain/company';
import type { Db } from '../db/database';
import type { FileRow } from '../storage/file-view';

export interface CompanyRow {
  readonly id: string;
  readonly name: string;
  readonly abn: string;
  readonly builders_reg_number: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly postal_address: string;
  readonly image_file_id: string | null;
  readonly created_at: Date;
  readonly user_count: number;
  readonly has_admin: boolean;
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

export interface CompanyListOptions {
  readonly search: string;
  readonly sort: CompanySortKey;
  readonly page: number;
  readonly pageSize: number;
}

function liveCompanies(db: Db) {
  return db
    .selectFrom('companies as c')
    .leftJoin('files as f', 'f.id', 'c.image_file_id')
    .where('c.deleted_at', 'is', null)
    .select([
      'c.id',
      'c.name',
      'c.abn',
      'c.builders_reg_number',
      'c.phone',
      'c.email',
      'c.address',
      'c.postal_address',
      'c.image_file_id',
      'c.created_at',
      'f.file_key as image_file_key',
      'f.friendly_name as image_friendly_name',
    ])
    .select((eb) => [
      eb
        .selectFrom('user_roles as ur')
        .select(sql<number>`count(DISTINCT ur.user_id)`.as('count'))
        .whereRef('ur.company_id', '=', 'c.id')
        .where('ur.status', '=', 'active')
        .as('user_count'),
      eb
        .exists(
          eb
            .selectFrom('user_roles as ua')
            .select('ua.id')
            .whereRef('ua.company_id', '=', 'c.id')
            .where('ua.role', '=', 'CompanyAdmin')
            .where('ua.status', '=', 'active'),
        )
        .as('has_admin'),
    ]);
}

type SelectedCompany = Omit<CompanyRow, 'user_count' | 'has_admin'> & { user_count: number | string | null; has_admin: unknown };

function toRow(row: SelectedCompany): CompanyRow {
  return { ...row, user_count: Number(row.user_count ?? 0), has_admin: Boolean(row.has_admin), created_at: new Date(row.created_at) };
}

/** A LIKE pattern matching the text anywhere, its % and _ taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Spec §5 sort keys, field.type.direction, as SQL: the name sorts case-insensitively; the id breaks ties. */
const sortOrder: Record<CompanySortKey, { column: 'created_at' | 'sort_name'; direction: 'asc' | 'desc' }> = {
  'createdAt.date.desc': { column: 'created_at', direction: 'desc' },
  'createdAt.date.asc': { column: 'created_at', direction: 'asc' },
  'name.string.asc': { column: 'sort_name', direction: 'asc' },
  'name.string.desc': { column: 'sort_name', direction: 'desc' },
};

/**
 * Issue 3: search, sort and paging run in the database so the list stays fast at 10,000 clients.
 * Search is a case-insensitive substring match of name, address or ABN digits (lower() LIKE runs
 * faster than ILIKE here); the page's ids are chosen first, so the per-company counts run for that page only.
 */
export async function listCompanies(db: Db, options: CompanyListOptions): Promise<{ rows: CompanyRow[]; total: number }> {
  const term = options.search.trim();
  const abnDigits = term.replace(/\s+/g, '');
  const matches =
    term.length === 0
      ? sql<boolean>`true`
      : sql<boolean>`(lower(c.name) LIKE ${likePattern(term.toLowerCase())} OR lower(c.address) LIKE ${likePattern(term.toLowerCase())}${
          /^\d+$/.test(abnDigits) ? sql` OR c.abn LIKE ${likePattern(abnDigits)}` : sql``
        })`;
  const { column, direction } = sortOrder[options.sort];

  const pageIds = db
    .selectFrom('companies as c')
    .select(['c.id', 'c.created_at', sql<string>`lower(c.name)`.as('sort_name')])
    .where('c.deleted_at', 'is', null)
    .where(matches)
    .orderBy(column === 'sort_name' ? sql`lower(c.name)` : sql.ref('c.created_at'), direction)
    .orderBy('c.id', direction)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [count, rows] = await Promise.all([
    db.selectFrom('companies as c').select(sql<number>`count(*)`.as('total')).where('c.deleted_at', 'is', null).where(matches).executeTakeFirstOrThrow(),
    liveCompanies(db)
      .innerJoin(pageIds.as('p'), 'p.id', 'c.id')
      .orderBy(sql.ref(`p.${column}`), direction)
      .orderBy('c.id', direction)
      .execute(),
  ]);
  return { rows: rows.map(toRow), total: Number(count.total) };
}

export async function findLiveCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const row = await liveCompanies(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
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
