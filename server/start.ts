import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { AppCommandRunner } from './data-dir/plugin';
import { DataDirBusyError } from './data-dir/owner-lock';
import { seedDemoWhenEmpty } from './seed/demo';
import { printedSteps } from './startup-steps';
import { buildWebApp, isWebBuildStale, WebBuildError } from './web-build';

/** CLI commands sent to this portal run here; the CLI's code loads with the first. */
const runInPortal: AppCommandRunner = async (app, args) => (await import('./cli')).runInPortal(app, args);

let app: FastifyInstance | undefined;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const steps = printedSteps();
  console.log(`Starting SiteSafe Portal (code loaded in ${process.uptime().toFixed(1)} s)`);
  const webBuild =
    config.serveSpa && isWebBuildStale(config.distDir) ? steps.time('web app build', () => buildWebApp(config.distDir)) : undefined;
  // Handled here too, so a build that fails while the database is still opening is reported, not thrown unhandled.
  webBuild?.catch(() => undefined);
  const portal = await buildApp(config, { answerCommands: runInPortal, faultInEmbeddedMemory: true, step: steps.time, webBuild });
  app = portal;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void portal.close().then(() => process.exit(0));
    });
  }
  if (config.seedDemoWhenEmpty) {
    const summary = await steps.time('demo data', () => seedDemoWhenEmpty(portal.db, portal.storage));
    if (summary) portal.log.info({ summary }, 'demo data loaded');
  }
  await steps.time('listen', () => portal.listen({ port: config.port, host: config.host }));
  console.log(`SiteSafe Portal on ${config.publicUrl} (ready in ${steps.elapsed()}, ${process.uptime().toFixed(1)} s since the process started)`);
}

const explained = [ConfigError, DataDirBusyError, WebBuildError];

main().catch(async (error: unknown) => {
  console.error(explained.some((kind) => error instanceof kind) ? (error as Error).message : error);
  await app?.close().catch(() => undefined);
  process.exit(1);
});
