import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

const checkTimeoutMs = 3000;

async function check(probe: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n', 1)[0] || error.name : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** DESIGN.md: GET /api/health answers 200 only when the database and the blob store both answer. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (request, reply) => {
    const [database, storage] = await Promise.all([
      check(() => sql`select 1`.execute(app.db)),
      check(() => app.storage.ping()),
    ]);
    if (!database && !storage) return { status: 'ok', database: 'ok', storage: 'ok' };
    const failures = [database && `database: ${database}`, storage && `storage: ${storage}`].filter(Boolean);
    request.log.warn({ failures }, 'health check failed');
    return reply.code(503).type('text/plain').send(`Unhealthy: ${failures.join('; ')}`);
  });
};
