import type { FastifyInstance } from 'fastify';
import type { Company } from '../../src/domain/company';
import { withFields, type JsonText } from '../http/json-text';
import type { CompanyListRow, LogoColumns } from './repository';

/** Spec §3 Company as answered alone: the JSON its client list row is, parsed, for a caller that reads its fields. */
export function companyView(app: Pick<FastifyInstance, 'storage'>, row: CompanyListRow): Company {
  return JSON.parse(companyListItem(app, row)) as Company;
}

/** The logo field, with a fresh read url, or nothing when the company has none. */
function imageOf(app: Pick<FastifyInstance, 'storage'>, row: LogoColumns): Pick<Company, 'image'> {
  if (!row.image_file_key || !row.image_friendly_name) return {};
  const image = { friendlyName: row.image_friendly_name, fileKey: row.image_file_key, type: 'companyProfile' as const, url: app.storage.readUrl(row.image_file_key) };
  return { image };
}

/** A company as answered: PostgreSQL's JSON of it with its logo (the url signed here) added. */
export function companyListItem(app: Pick<FastifyInstance, 'storage'>, row: CompanyListRow): JsonText<Company> {
  return withFields(row.item, imageOf(app, row));
}
