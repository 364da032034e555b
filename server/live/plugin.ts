import fp from 'fastify-plugin';
import type { LiveTopic } from '../../src/domain/live';
import { localLiveBus, postgresLiveBus, type LiveBus } from './bus';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveBus;
  }
  interface FastifyContextConfig {
    /** A successful change through this route is announced to the company's open screens. */
    liveTopic?: LiveTopic;
  }
}

const companyIdOf = (params: unknown) => {
  const { id, companyId } = (params ?? {}) as { id?: unknown; companyId?: unknown };
  return typeof companyId === 'string' ? companyId : typeof id === 'string' ? id : undefined;
};

/** Live updates: a route marked with a liveTopic announces each successful change to every instance. */
export const livePlugin = fp(
  async (app) => {
    const bus = app.config.databaseUrl ? await postgresLiveBus(app.db, app.config.databaseUrl, app.log) : localLiveBus();
    app.decorate('live', bus);
    app.addHook('onResponse', (request, reply, done) => {
      const topic = request.routeOptions.config.liveTopic;
      const companyId = companyIdOf(request.params);
      if (!topic || !companyId || reply.statusCode >= 300) return done();
      bus.publish({ companyId, topic }).then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    });
    app.addHook('onClose', () => bus.close());
  },
  { name: 'live', dependencies: ['db'] },
);
