import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Who acts, and the request they act in: what an audit event records beside the change (DESIGN.md
 * auditors). Passed down from the route, never looked up from ambient state: Node 20's
 * AsyncLocalStorage turns on promise hooks for every promise of the process, which costs the API 6-8%
 * of its CPU under load.
 */
export interface Actor {
  readonly userId: string;
  /** The id of the request being served (its X-Request-Id); null outside a request (CLI, seed, the midnight check-out). */
  readonly requestId: string | null;
}

/** The signed-in caller of a request, as an actor. */
export const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user.sub, requestId: request.id });

/** Each answer names its request, so a user's report and the audit trail meet. */
export const requestContextPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-context' },
);
