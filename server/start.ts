import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** The SPA is rebuilt when dist/ is missing or older than its sources. */
async function buildSpaIfStale(config: AppConfig): Promise<void> {
  const builtAt = existsSync(path.join(config.distDir, 'index.html')) ? statSync(path.join(config.distDir, 'index.html')).mtimeMs : 0;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].filter((entry) => existsSync(entry));
  if (builtAt >= Math.max(...sources.map(newestChange))) return;
  console.log('Building the web app (first start or changed sources)...');
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: config.distDir, emptyOutDir: true } });
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.serveSpa) await buildSpaIfStale(config);
  const app = await buildApp(config);
  if (config.seedDemoWhenEmpty && (await isDatabaseEmpty(app.db))) {
    const summary = await seedDemo(app.db, app.storage);
    app.log.info({ summary }, 'demo data loaded');
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`SiteSafe Portal on ${config.publicUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

await main();
