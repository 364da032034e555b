import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { LiveEvent } from '../live/bus';
import { requireSiteAccess, siteReaders } from '../sites/access';

const keepAliveMs = 20_000;

/**
 * Issue 8 live updates: a server-sent event stream per company, telling its open screens what to
 * fetch again. Any instance serves it; every instance's changes reach it.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get('/company/:id/live', { preHandler: [app.authenticate] }, async (request, reply) => {
    const companyId = requireSiteAccess(request, (request.params as { id?: unknown }).id, siteReaders);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\n\n');
    const send = (event: LiveEvent) => stream.write(`event: change\ndata: ${JSON.stringify({ topic: event.topic })}\n\n`);
    const unsubscribe = app.live.subscribe(companyId, send);
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), keepAliveMs);
    open.add(stream);
    stream.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      open.delete(stream);
    });
  });
};
