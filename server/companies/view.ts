import type { FastifyInstance } from 'fastify';
import type { Company } from '../../src/domain/company';
import { withFields, type JsonText } from '../http/json-text';
import type { CompanyListRow, CompanyRow, LogoColumns } from './repository';

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

/** The logo field, with a fresh read url, or nothing when the company has none. */
function imageOf(app: Pick<FastifyInstance, 'storage'>, row: LogoColumns): Pick<Company, 'image'> {
  if (!row.image_file_key || !row.image_friendly_name) return {};
  const image = { friendlyName: row.image_friendly_name, fileKey: row.image_file_key, type: 'companyProfile' as const, url: app.storage.readUrl(row.image_file_key) };
  return { image };
}

/** A client list row: PostgreSQL's JSON of the company with its logo (the url signed here) added. */
export function companyListItem(app: Pick<FastifyInstance, 'storage'>, row: CompanyListRow): JsonText<Company> {
  return withFields(row.item, imageOf(app, row));
}
