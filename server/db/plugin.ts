import fp from 'fastify-plugin';
import { openDatabase, type Db } from './database';
import { migrate } from './migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export const dbPlugin = fp<{ url?: string | undefined; dataDir: string }>(async (app, options) => {
  const db = await openDatabase({
    url: options.url,
    dataDir: options.dataDir,
    onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection closed'),
  });
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
  app.decorate('db', db);
  app.addHook('onClose', async () => db.destroy());
});
