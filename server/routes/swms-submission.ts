import type { FastifyPluginAsync } from 'fastify';
import type { Swms } from '../../src/domain/swms';
import { submitSwms } from '../swms/submission';

/** Issue 10 POST site/{siteId}/swms: a tradesperson on site submits a SWMS from the phone. */
export const swmsSubmissionRoutes: FastifyPluginAsync = async (app) => {
  app.post('/site/:siteId/swms', { preHandler: [app.authenticate] }, async (request, reply): Promise<Swms> => {
    const result = await submitSwms(app, request, (request.params as { siteId?: unknown }).siteId, request.body);
    reply.code(result.created ? 201 : 200);
    return result.swms;
  });
};
