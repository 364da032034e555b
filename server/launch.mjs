// `npm start`: runs server/start.ts as one JavaScript file that esbuild writes once per change of the
// server's sources, so every later start loads it at plain Node speed instead of through tsx.
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'node_modules', '.cache', 'sitesafe-server');
const bundle = path.join(outDir, 'start.mjs');
const sources = ['server', 'src/domain', 'package.json', 'package-lock.json'].map((entry) => path.join(root, entry));

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (builtAt < Math.max(...sources.filter(existsSync).map(newestChange))) {
  await build({
    entryPoints: [path.join(root, 'server', 'start.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The migrations are read beside the code that applies them.
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
}
await import(pathToFileURL(bundle).href);
