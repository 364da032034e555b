import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

class StartError extends Error {}

let app: FastifyInstance | undefined;

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** The SPA is rebuilt when dist/ is missing or older than its sources. */
async function buildSpaIfStale(config: AppConfig): Promise<void> {
  const index = path.join(config.distDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].filter((entry) => existsSync(entry));
  if (builtAt >= Math.max(...sources.map(newestChange))) return;
  console.log('Building the web app (first start or changed sources)...');
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: config.distDir, emptyOutDir: true } }).catch((error: unknown) => {
    throw new StartError(`The web app did not build: ${error instanceof Error ? error.message : String(error)}`);
  });
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.serveSpa) await buildSpaIfStale(config);
  const portal = await buildApp(config);
  app = portal;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void portal.close().then(() => process.exit(0));
    });
  }
  if (config.seedDemoWhenEmpty && (await isDatabaseEmpty(portal.db))) {
    const summary = await seedDemo(portal.db, portal.storage);
    portal.log.info({ summary }, 'demo data loaded');
  }
  await portal.listen({ port: config.port, host: config.host });
  console.log(`SiteSafe Portal on ${config.publicUrl}`);
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartError) console.error(error.message);
  else console.error(error);
  await app?.close().catch(() => undefined);
  process.exit(1);
});
