import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPidFile, pidIn, processRuns } from './pid-file';

export class WebBuildError extends Error {}

const sourceEntries = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export function isWebBuildStale(distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  return builtAt < Math.max(...sourceEntries.filter((entry) => existsSync(entry)).map(newestChange));
}

/** Makes a whole build of the SPA in `outDir` (vite, in a child process; a unit test passes its own). */
export type BuildInto = (outDir: string) => Promise<void>;

/**
 * Vite builds the SPA into outDir in a child process, so the build runs on another core while this
 * process opens the database and the blob store.
 */
export const viteBuild: BuildInto = (outDir) => {
  const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  mkdirSync(outDir, { recursive: true });
  // Vite takes React's development build from a NODE_ENV=development it inherits (a 524 KB entry in place of 312): the
  // portal serves its build to every browser, whatever NODE_ENV the portal itself runs under.
  const child = spawn(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new WebBuildError(`The web app did not build: ${error.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new WebBuildError(`The web app did not build:\n${errors.trim()}`))));
  });
};

/** Whether the process that made the build's lock is gone, so the lock may be taken over. */
function lockAbandoned(lock: string): boolean {
  const pid = pidIn(lock);
  if (pid !== undefined) return !processRuns(pid);
  // Not (yet) a pid file: being written this instant, or left half-written by a crash long ago.
  try {
    return Date.now() - statSync(lock).mtimeMs > 60_000;
  } catch {
    return false;
  }
}

/** The names a build's own `assets/` held when it was published, beside its index.html (not an asset: never cached). */
export const ownAssetsFile = 'own-assets.json';

function ownAssets(build: string): readonly string[] {
  try {
    const names: unknown = JSON.parse(readFileSync(path.join(build, ownAssetsFile), 'utf8'));
    if (Array.isArray(names)) return names.filter((name): name is string => typeof name === 'string' && path.basename(name) === name);
  } catch {
    // A build published before the list was written, or none: all its assets count as its own.
  }
  return existsSync(path.join(build, 'assets')) ? readdirSync(path.join(build, 'assets')) : [];
}

/**
 * A page opened before a deploy still asks for the chunks its build named, from whichever instance answers. So a
 * new build also carries the previous build's own assets (hashed names, so none can clash), and a page left open
 * across one deploy opens its next screen instead of offering a reload (spec §9). Assets two builds old go.
 */
function carryPreviousAssets(previous: string, staging: string): void {
  const assets = path.join(staging, 'assets');
  mkdirSync(assets, { recursive: true });
  const own = readdirSync(assets);
  writeFileSync(path.join(staging, ownAssetsFile), JSON.stringify(own));
  const ownNames = new Set(own);
  for (const name of ownAssets(previous)) {
    const from = path.join(previous, 'assets', name);
    if (!ownNames.has(name) && existsSync(from)) copyFileSync(from, path.join(assets, name));
  }
}

/** Puts a whole build in distDir's place: the old one is moved aside first, and a build published meanwhile wins. */
function publish(staging: string, distDir: string): void {
  carryPreviousAssets(distDir, staging);
  const aside = `${distDir}.old-${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  try {
    renameSync(distDir, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    renameSync(staging, distDir);
  } catch (error) {
    if (!existsSync(path.join(distDir, 'index.html'))) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  rmSync(aside, { recursive: true, force: true });
}

/**
 * Builds the SPA into distDir when it is stale. Several portals may start at once on one DIST_DIR (instances on one
 * host, the browser tests' portals): one builds, in a folder of its own that then takes distDir's place whole, while
 * the others wait for it (they open their databases meanwhile) instead of each building again into the folder the
 * others read. A lock left by a process that died is taken over.
 */
export async function buildWebApp(distDir: string, buildInto: BuildInto = viteBuild, pollMs = 200): Promise<void> {
  const lock = `${distDir}.building`;
  mkdirSync(path.dirname(distDir), { recursive: true });
  for (;;) {
    if (createPidFile(lock)) {
      try {
        if (!isWebBuildStale(distDir)) return;
        const staging = `${distDir}.staging-${process.pid}`;
        rmSync(staging, { recursive: true, force: true });
        try {
          await buildInto(staging);
          publish(staging, distDir);
        } finally {
          rmSync(staging, { recursive: true, force: true });
        }
        return;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    while (existsSync(lock) && !lockAbandoned(lock)) await new Promise((resolve) => setTimeout(resolve, pollMs));
    // Two waiters may both find a lock abandoned, and the second then removes the lock the first just took: both
    // build, and `publish` keeps whichever build is first in place.
    if (existsSync(lock)) rmSync(lock, { force: true });
    else if (!isWebBuildStale(distDir)) return;
  }
}
