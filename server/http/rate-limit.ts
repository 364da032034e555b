import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';
import type { LimitedCall } from './rate-limit-config';
import { PostgresRateLimitStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Issue 12: the call is counted per client address and, once the caller is signed in, per account. */
    limit?: LimitedCall;
  }
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The 429 answer's body, in the API's plain-text message shape. */
function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds <= 60 ? plural(Math.max(1, retryAfterSeconds), 'second') : plural(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `Too many attempts. Try again in ${wait}.`;
}

const tooManyAttempts = (retryAfterSeconds: number) => new HttpError(429, tooManyAttemptsMessage(retryAfterSeconds));

/** Counted after the route's own preHandlers (authenticate first), when request.user is known. */
function perAccountLimit(app: FastifyInstance, call: LimitedCall, max: number, timeWindow: number): preHandlerAsyncHookHandler {
  const count = app.createRateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => `${call}:account:${request.user.sub}` });
  return async (request, reply) => {
    if (!request.user) return;
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', String(counted.ttlInSeconds));
    throw tooManyAttempts(counted.ttlInSeconds);
  };
}

/**
 * Issue 12: @fastify/rate-limit on the routes whose config names a `limit`, counted in the database
 * so that every instance shares the counts. The client address is request.ip (TRUST_PROXY decides
 * whose X-Forwarded-For it believes); IPv6 addresses count per /64, as one client usually holds one.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    // Added before the plugin's own onRoute hook, which reads the per-address options set here.
    app.addHook('onRoute', (route) => {
      const call = route.config?.limit;
      if (!call) return;
      const { perIp, perAccount, windowSeconds } = app.config.rateLimits[call];
      const timeWindow = windowSeconds * 1000;
      route.config = { ...route.config, rateLimit: { max: perIp, timeWindow, keyGenerator: (request) => `${call}:ip:${normalizeIP(request.ip)}` } };
      if (perAccount !== undefined) route.preHandler = [...[route.preHandler ?? []].flat(), perAccountLimit(app, call, perAccount, timeWindow)];
    });
    await app.register(fastifyRateLimit, {
      global: false,
      store: class extends PostgresRateLimitStore {
        constructor() {
          super(app.db);
        }
      },
      errorResponseBuilder: (_request, context) => tooManyAttempts(Math.ceil(context.ttl / 1000)),
    });
  },
  { name: 'rate-limits', dependencies: ['db'] },
);
