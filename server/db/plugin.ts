import fp from 'fastify-plugin';
import { untimed, type TimeStep } from '../startup-steps';
import { embeddedPglite, openDatabase, type Db } from './database';
import { scheduleEmbeddedMaintenance } from './embedded-maintenance';
import { migrate } from './migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export const dbPlugin = fp<{ url?: string | undefined; dataDir: string; statementTimeoutMs?: number; step?: TimeStep }>(async (app, options) => {
  const step = options.step ?? untimed;
  const db = await step(options.url ? 'database connection' : 'embedded database', () =>
    openDatabase({
      url: options.url,
      dataDir: options.dataDir,
      statementTimeoutMs: options.statementTimeoutMs,
      onIdleError: (error) => app.log.warn({ err: error }, 'a database connection closed'),
    }),
  );
  const applied = await step('migrations', () => migrate(db)).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
  app.decorate('db', db);
  // PGlite has no autovacuum: the process that owns its folder vacuums and analyses it (server/db/embedded-maintenance.ts).
  const maintenance = embeddedPglite(db)
    ? scheduleEmbeddedMaintenance(db, {
        maintained: (done) => app.log.info(done, 'the embedded database vacuumed and analysed'),
        failed: (error) => app.log.warn({ err: error }, 'the embedded database could not be vacuumed'),
      })
    : undefined;
  app.addHook('onClose', async () => {
    await maintenance?.stop();
    await db.destroy();
  });
}, { name: 'db' });
