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

export interface DbPluginOptions {
  readonly url?: string | undefined;
  readonly dataDir: string;
  readonly statementTimeoutMs?: number;
  readonly step?: TimeStep;
  /** A process that serves requests faults in an embedded database's memory before it listens (`faultInIfFilled`). */
  readonly faultInMemory?: boolean;
}

export const dbPlugin = fp<DbPluginOptions>(async (app, options) => {
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
  const pglite = embeddedPglite(db);
  if (pglite && options.faultInMemory) {
    const bytes = await step('embedded memory', () => pglite.faultInIfFilled());
    if (bytes > 0) app.log.info({ bytes }, 'the embedded database memory faulted in');
  }
  // PGlite has no autovacuum: the process that owns its folder vacuums and analyses it (server/db/embedded-maintenance.ts).
  const maintenance = pglite
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
