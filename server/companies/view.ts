import type { FastifyInstance } from 'fastify';
import type { Company } from '../../src/domain/company';
import type { CompanyRow } from './repository';

/** Spec §3 Company as answered; the logo carries a fresh read url. */
export function companyView(app: Pick<FastifyInstance, 'storage'>, row: CompanyRow): Company {
  const image =
    row.image_file_key && row.image_friendly_name
      ? {
          image: {
            friendlyName: row.image_friendly_name,
            fileKey: row.image_file_key,
            type: 'companyProfile' as const,
            url: app.storage.readUrl(row.image_file_key),
          },
        }
      : {};
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
