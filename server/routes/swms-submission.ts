import type { FastifyPluginAsync } from 'fastify';
import type { Swms } from '../../src/domain/swms';
import type { SwmsRevisionResult } from '../../src/domain/swms-submission';
import { reviseSwms } from '../swms/revisions';
import { readSiteSwms } from '../swms/site-read';
import { submitSwms } from '../swms/submission';

/** Issue 10 POST site/{siteId}/swms: a tradesperson on site submits a SWMS from the phone. */
export const swmsSubmissionRoutes: FastifyPluginAsync = async (app) => {
  app.post('/site/:siteId/swms', { preHandler: [app.authenticate] }, async (request, reply): Promise<Swms> => {
    const result = await submitSwms(app, request, (request.params as { siteId?: unknown }).siteId, request.body);
    reply.code(result.created ? 201 : 200);
    return result.swms;
  });

  /** Issue 57 §3: a worker checked in at the site reads the SWMS's latest revision before signing on. */
  app.get('/site/:siteId/swms/:swmsId', { preHandler: [app.authenticate] }, async (request): Promise<Swms> => {
    const params = request.params as { siteId?: unknown; swmsId?: unknown };
    return readSiteSwms(app, request, params.siteId, params.swmsId);
  });

  /** Issue 57: the SWMS's author sends its next revision with a submission's body. */
  app.post('/site/:siteId/swms/:swmsId/revisions', { preHandler: [app.authenticate] }, async (request, reply): Promise<SwmsRevisionResult> => {
    const params = request.params as { siteId?: unknown; swmsId?: unknown };
    const outcome = await reviseSwms(app, request, params.siteId, params.swmsId, request.body);
    reply.code(outcome.created ? 201 : 200);
    return outcome.result;
  });
};
