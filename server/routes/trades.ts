import type { FastifyPluginAsync } from 'fastify';
import type { TradesPerson } from '../../src/domain/trades';
import { readTradesPerson } from '../trades/service';

/** Spec §7 GET profile/trades/{id} (issue 5). */
export const tradesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/profile/trades/:id', { preHandler: [app.authenticate] }, async (request): Promise<TradesPerson> =>
    readTradesPerson(app, request, (request.params as { id?: unknown }).id),
  );
};
