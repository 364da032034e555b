import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { SiteActivityQuery, type CheckInPage, type SiteSwmsPage } from '../../src/domain/check-in';
import { Uuid } from '../../src/domain/fields';
import { decodeOr400 } from '../http/errors';
import { listJson } from '../http/json-text';
import { requireCompanyReader } from '../swms/access';
import { siteCheckInPage, siteSwmsPage } from '../swms/site-activity';

const SiteParams = Schema.Struct({ id: Uuid, siteId: Uuid });

const rawCompanyId = (request: FastifyRequest) => (request.params as { id?: unknown }).id;

/** Spec §7 site SWMS and check-ins: the site details lists, paged by cursor (issue 5). */
export const siteActivityRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/company/:id/projectSites/:siteId/swms', signedIn, async (request, reply) => {
    const reviewer = requireCompanyReader(request, rawCompanyId(request));
    const { siteId } = decodeOr400(SiteParams, request.params);
    const page = await siteSwmsPage(app, reviewer, siteId, decodeOr400(SiteActivityQuery, request.query));
    return reply.type('application/json; charset=utf-8').send(listJson<SiteSwmsPage>(page));
  });

  app.get('/company/:id/projectSites/:siteId/checkins', signedIn, async (request): Promise<CheckInPage> => {
    const reviewer = requireCompanyReader(request, rawCompanyId(request));
    const { siteId } = decodeOr400(SiteParams, request.params);
    return siteCheckInPage(app, reviewer, siteId, decodeOr400(SiteActivityQuery, request.query));
  });
};
