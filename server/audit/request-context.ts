import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';

const current = new AsyncLocalStorage<{ readonly requestId: string }>();

/** The id of the request being served, for the audit events it writes; null outside a request (CLI, seed). */
export function currentRequestId(): string | null {
  return current.getStore()?.requestId ?? null;
}

/** Runs each request inside its own context, so code deep in a service can name the request it serves. */
export const requestContextPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      current.run({ requestId: request.id }, done);
    });
  },
  { name: 'request-context' },
);
