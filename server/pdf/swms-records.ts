import type { FastifyInstance } from 'fastify';
import type { AccessTokenPayload } from '../../src/domain/token';
import { swmsHistory } from '../audit/repository';
import { findCompanySwms } from '../swms/repository';
import { signOnSheet } from '../swms/signons';
import { swmsView } from '../swms/view';
import type { SwmsRecord } from './swms-pdf';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

/**
 * The SWMS of one company with everything their PDF prints, in the order asked; unknown ids are left out. The sign-on
 * sheet is the reader's to see when they may read the site's sign-ons.
 */
export async function swmsRecords(app: App, reader: AccessTokenPayload, companyId: string, ids: readonly string[]): Promise<SwmsRecord[]> {
  const company = await app.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
  const rows = await findCompanySwms(app.db, companyId, ids);
  const records: SwmsRecord[] = [];
  for (const row of rows) {
    const history = await swmsHistory(app.db, companyId, row.id);
    const [riskPhoto, controlPhoto] = await Promise.all(
      [row.risk_photo_key, row.control_photo_key].map((key) => (key ? app.storage.readFile(key) : Promise.resolve(null))),
    );
    records.push({
      companyName: company.name,
      swms: swmsView(app, row),
      history,
      riskPhoto: riskPhoto ?? null,
      controlPhoto: controlPhoto ?? null,
      signOns: await signOnSheet(app, reader, { id: row.id, siteId: row.site_id }),
    });
  }
  return records;
}
