import { createServer } from 'vite';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { AppCommandRunner } from './data-dir/plugin';
import { seedDemoWhenEmpty } from './seed/demo';

/** CLI commands sent to this portal run here; the CLI's code loads with the first. */
const runInPortal: AppCommandRunner = async (app, args) => (await import('./cli')).runInPortal(app, args);

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;

async function main(): Promise<void> {
  const config = loadConfig(process.env, { port: apiPort, serveSpa: false, publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${port}` });
  const app = await buildApp(config, { answerCommands: runInPortal, faultInEmbeddedMemory: true });
  if (config.seedDemoWhenEmpty) {
    const summary = await seedDemoWhenEmpty(app.db, app.storage);
    if (summary) app.log.info({ summary }, 'demo data loaded');
  }
  await app.listen({ port: apiPort, host: config.host });

  process.env.API_ORIGIN = `http://127.0.0.1:${apiPort}`;
  const vite = await createServer({ server: { port, strictPort: true } });
  await vite.listen();
  vite.printUrls();
  console.log(`SiteSafe Portal (development) on ${config.publicUrl}, API on http://127.0.0.1:${apiPort}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.all([vite.close(), app.close()]).then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
