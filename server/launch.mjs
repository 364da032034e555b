// `npm start`: runs server/start.ts as one JavaScript file that esbuild writes once per change of the
// server's sources, so every later start loads it at plain Node speed instead of through tsx. `npm run cli`
// (`launch.mjs --cli <command>`) runs server/cli-main.ts from the same build: about 0.6 s sooner than through tsx,
// and the very code the portal runs.
//
// Several portals may start at once from one checkout (instances on one host, the browser tests' portals),
// so a build is never written where another process could read it half-written: each build is made in a
// folder of its own and then renamed, whole, to the name of the sources' newest change. Two processes that
// build at once each make a whole build; the first rename wins and the other's is dropped.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { argv, pid } from 'node:process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'sitesafe-server');
const sources = ['server', 'src/domain', 'package.json', 'package-lock.json'].map((entry) => path.join(root, entry));

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const built = `build-${Math.trunc(Math.max(...sources.filter(existsSync).map(newestChange)))}`;
const current = path.join(cacheDir, built);
const cli = argv[2] === '--cli';
// The CLI reads its command from argv after the script's name, as it would from its own entry file.
if (cli) argv.splice(2, 1);
const entry = path.join(current, cli ? 'cli.mjs' : 'start.mjs');

if (!existsSync(entry)) {
  const staging = path.join(cacheDir, `${built}.${pid}.staging`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await build({
    entryPoints: { start: path.join(root, 'server', 'start.ts'), cli: path.join(root, 'server', 'cli-main.ts') },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The map names the sources relative to the build's folder, which sits where the staging folder does.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The migrations and the functions' files are read beside the code that applies them.
  for (const folder of ['migrations', 'functions']) cpSync(path.join(root, 'server', 'db', folder), path.join(staging, folder), { recursive: true });
  try {
    renameSync(staging, current);
  } catch (error) {
    // Another process published this build first (the target exists and is not empty): use theirs.
    if (!existsSync(entry)) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  // Earlier builds go once no portal can still be starting from one (it reads its migrations and functions after loading its code):
  // ten minutes after they were published. A staging folder stays while another process may still be writing it; one
  // an hour old was left by a crash.
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    const other = path.join(cacheDir, name);
    const keepFor = name.endsWith('.staging') ? 3_600_000 : 600_000;
    if (name !== built && statSync(other).mtimeMs < now - keepFor) rmSync(other, { recursive: true, force: true });
  }
}
await import(pathToFileURL(entry).href);
