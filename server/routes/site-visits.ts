import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CheckInRequest, CheckOutRequest, JoinSiteRequest, type ActiveCheckIn, type EndedCheckIn, type SiteVisit } from '../../src/domain/site-visit';
import type { TokenResponse } from '../../src/domain/token';
import { authenticateIfSignedIn } from '../auth/guards';
import { acceptEmptyJsonBodies } from '../companies/json-body';
import { decodeOr400 } from '../http/errors';
import { checkIn, checkOut, joinAsTradesPerson, readSiteVisit } from '../site-visits/service';

const rawSiteId = (request: FastifyRequest) => (request.params as { siteId?: unknown }).siteId;

/** Issue 10 §2: the site gate a poster's QR code opens, for tradespeople on their phones. */
export const siteVisitRoutes: FastifyPluginAsync = async (app) => {
  acceptEmptyJsonBodies(app);
  const tradesPerson = { preHandler: [app.authenticate, app.requireRoles('TradesPerson')] };

  app.get('/site/:siteId', { preHandler: [authenticateIfSignedIn(app)] }, async (request): Promise<SiteVisit> => {
    const { key } = (request.query ?? {}) as { key?: unknown };
    return readSiteVisit(app, request.user ?? null, rawSiteId(request), key);
  });

  app.post('/site/:siteId/join', { preHandler: [app.authenticate] }, async (request): Promise<TokenResponse> => {
    const { key } = decodeOr400(JoinSiteRequest, request.body ?? {});
    return joinAsTradesPerson(app, request.user, request.id, rawSiteId(request), key);
  });

  app.post('/site/:siteId/checkin', tradesPerson, async (request, reply): Promise<ActiveCheckIn> => {
    const body = decodeOr400(CheckInRequest, request.body ?? {});
    const answer = await checkIn(app, request.user, request.id, rawSiteId(request), body);
    return reply.code(answer.created ? 201 : 200).send(answer.checkIn);
  });

  app.post('/site/:siteId/checkout', tradesPerson, async (request): Promise<EndedCheckIn> => {
    const { key } = decodeOr400(CheckOutRequest, request.body ?? {});
    return checkOut(app, request.user, request.id, rawSiteId(request), key);
  });
};
