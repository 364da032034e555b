import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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

/**
 * Builds the SPA into distDir in a child process, so the build runs on another core while this
 * process opens the database and the blob store.
 */
export function buildWebApp(distDir: string): Promise<void> {
  const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  mkdirSync(distDir, { recursive: true });
  const child = spawn(process.execPath, [viteBin, 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new WebBuildError(`The web app did not build: ${error.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new WebBuildError(`The web app did not build:\n${errors.trim()}`))));
  });
}
