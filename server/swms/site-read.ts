import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decode } from '../../src/domain/decode';
import { Uuid } from '../../src/domain/fields';
import type { Swms } from '../../src/domain/swms';
import { swmsSignOnMessages } from '../../src/domain/swms-signon';
import { forbidden, notFound } from '../http/errors';
import { findCompanySwms } from './repository';
import { checkedInToday } from './submission';
import { findSubmissionSite } from './submission-repository';
import { swmsView } from './view';

type App = Pick<FastifyInstance, 'db' | 'storage' | 'live'>;

/**
 * GET site/{siteId}/swms/{swmsId} (issue 57 §3): the latest revision of one of the site's SWMS, whole, for a
 * tradesperson checked in there today to read before signing on; the same people may sign on to it.
 */
export async function readSiteSwms(app: App, request: FastifyRequest, rawSiteId: unknown, rawSwmsId: unknown, now = new Date()): Promise<Swms> {
  const user = request.user;
  if (!user.roles.includes('TradesPerson')) throw forbidden(swmsSignOnMessages.tradesOnly);
  const siteId = decode(Uuid, rawSiteId);
  const site = siteId.ok ? await findSubmissionSite(app.db, siteId.value.toLowerCase()) : undefined;
  if (!site || !(await checkedInToday(app, user.sub, site, now))) throw forbidden(swmsSignOnMessages.notCheckedIn);
  const swmsId = decode(Uuid, rawSwmsId);
  const [row] = swmsId.ok ? await findCompanySwms(app.db, site.company_id, [swmsId.value.toLowerCase()]) : [];
  if (!row || row.site_id !== site.id) throw notFound(swmsSignOnMessages.notFound);
  return swmsView(app, row);
}
