import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/storage/azurite';

export { freePort };

const root = path.resolve(import.meta.dirname, '../..');

export interface PortalProcess {
  readonly port: number;
  readonly baseUrl: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * A package.json script's arguments to node: `start`'s V8 flags (issue 11 §3) and `server/launch.mjs`, which runs the
 * server as the bundle it builds, or `cli`'s, which runs the CLI from that bundle. So a spawned portal or command
 * runs the very code and flags `npm start` and `npm run cli` do.
 */
const scriptArguments = (name: 'start' | 'cli'): string[] => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const script = scripts[name] ?? '';
  const [command, ...args] = script.trim().split(/\s+/);
  if (command !== 'node' || args.some((arg) => /["'$;&|<>]/.test(arg))) throw new Error(`The ${name} script is not a plain node command: ${script}`);
  return args;
};

/** The environment of an API-only portal process for tests: no web build, no demo data unless asked. */
const apiOnly = { SERVE_SPA: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' } as const;

/** Runs the real start script (`npm start` without npm) in a process of its own. */
export function spawnPortal(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null>; output(): string } {
  const child = spawn(process.execPath, scriptArguments('start'), {
    cwd: root,
    env: { ...process.env, ...apiOnly, DATABASE_URL: '', AZURE_STORAGE_CONNECTION_STRING: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Starts a portal on a free port and waits until GET /api/health answers 200. */
export async function startPortal(env: Record<string, string>, timeoutMs = 60_000): Promise<PortalProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, exited, output } = spawnPortal({ PORT: String(port), ...env });
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`The portal exited before it was healthy:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The portal was not healthy within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    port,
    baseUrl,
    child,
    exited,
    output,
    alive: () => !gone,
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs `npm run cli -- ...` as a process of its own. */
export function runCliProcess(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...scriptArguments('cli'), ...args], {
      cwd: root,
      env: { ...process.env, ...apiOnly, DATABASE_URL: '', AZURE_STORAGE_CONNECTION_STRING: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
