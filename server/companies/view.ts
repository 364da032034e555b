import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Company } from '../../src/domain/company';
import { withFields, type JsonText } from '../http/json-text';
import type { CompanyListRow, CompanyRow } from './repository';

/** Spec §3 Company as answered; the logo carries a fresh read url. */
export function companyView(app: Pick<FastifyInstance, 'storage'>, row: CompanyRow): Company {
  const image = imageOf(app, row);
  return {
    _id: row.id,
    name: row.name,
    abn: row.abn,
    buildersRegNumber: row.builders_reg_number,
    phone: row.phone,
    email: row.email,
    address: row.address,
    postalAddress: row.postal_address,
    userCount: row.user_count,
    createdAt: row.created_at.toISOString(),
    ...image,
    hasAdmin: row.has_admin,
  };
}

/** What the logo field is written from. */
export type LogoColumns = Pick<CompanyRow, 'image_file_key' | 'image_friendly_name'>;

/** The logo field, with a fresh read url, or nothing when the company has none. */
function imageOf(app: Pick<FastifyInstance, 'storage'>, row: LogoColumns): Pick<Company, 'image'> {
  if (!row.image_file_key || !row.image_friendly_name) return {};
  const image = { friendlyName: row.image_friendly_name, fileKey: row.image_file_key, type: 'companyProfile' as const, url: app.storage.readUrl(row.image_file_key) };
  return { image };
}

/** Spec §3 `userCount`: the company's users with an active role, over the statement's company (c). */
export const activeUserCount = sql<number | string>`(SELECT count(DISTINCT ur.user_id) FROM user_roles ur WHERE ur.company_id = c.id AND ur.status = 'active')`;

/** Spec §3 `hasAdmin`: whether a company admin has joined (an active role), over the statement's company (c). */
export const hasActiveAdmin = sql<boolean>`EXISTS (SELECT 1 FROM user_roles ua WHERE ua.company_id = c.id AND ua.role = 'CompanyAdmin' AND ua.status = 'active')`;

/** A company as PostgreSQL writes it for the client list (`companyFieldsJson`): everything but the logo, whose url the portal signs. */
export type CompanyFieldsJson = JsonText<Omit<Company, 'image'>>;

/**
 * Spec §3 Company fields but the logo, as `companyView` writes them, written by PostgreSQL as JSON over the list
 * statement's company (c). Issue 11: a client list row arrives as this JSON with only the logo's two columns beside
 * it (`companyListItem`), instead of thirteen columns parsed, mapped and written again by the portal. The client's
 * own fields are written with its row (migration 038's `list_fields`): writing each field of each row as JSON cost
 * PostgreSQL about 1 µs a field. The user count and the admin flag follow the company's roles and are read per page.
 */
export const companyFieldsJson = sql<CompanyFieldsJson>`('{' || c.list_fields
    || ',"userCount":' || ${activeUserCount}
    || ',"hasAdmin":' || CASE WHEN ${hasActiveAdmin} THEN 'true' ELSE 'false' END
    || '}')`;

/** A client list row: PostgreSQL's JSON of the company with its logo (the url signed here) added. */
export function companyListItem(app: Pick<FastifyInstance, 'storage'>, row: CompanyListRow): JsonText<Company> {
  return withFields(row.item, imageOf(app, row));
}
