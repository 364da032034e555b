import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Swms } from '../../src/domain/swms';
import type { TradesActivity, TradesPerson } from '../../src/domain/trades';
import { changeTradesProfile, readOwnSwms, readTradesActivity, readTradesPerson } from '../trades/service';

const param = (request: FastifyRequest, name: 'id' | 'swmsId') => (request.params as Record<string, unknown>)[name];

/** Spec §7 GET profile/trades/{id} (issue 5) and the tradesperson's own profile, activity and SWMS (issue 10). */
export const tradesRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/profile/trades/:id', signedIn, async (request): Promise<TradesPerson> => readTradesPerson(app, request, param(request, 'id')));

  app.put('/profile/trades/:id', signedIn, async (request): Promise<TradesPerson> =>
    changeTradesProfile(app, request, param(request, 'id'), request.body, request.log),
  );

  app.get('/profile/trades/:id/activity', signedIn, async (request): Promise<TradesActivity> =>
    readTradesActivity(app, request, param(request, 'id')),
  );

  app.get('/profile/trades/:id/swms/:swmsId', signedIn, async (request): Promise<Swms> =>
    readOwnSwms(app, request, param(request, 'id'), param(request, 'swmsId')),
  );
};
