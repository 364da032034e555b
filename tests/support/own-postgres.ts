import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './portal-process';

const run = promisify(execFile);

function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

/** A PostgreSQL server of the test's own, in a temporary folder: it may be stopped and restarted at will. */
export interface OwnPostgres {
  readonly url: string;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-own-pg-'));
  const dataDir = path.join(root, 'data');
  const asPostgres = (tool: string, args: string[]) =>
    // initdb and pg_ctl refuse to run as root, and CI runs as root.
    process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  if (process.getuid?.() === 0) chownSync(root, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`;
  const pgCtl = (args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'server.log'), '-o', options, '-w', '-t', '60', ...args]);
  await pgCtl(['start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async (mode = 'fast') => void (await pgCtl(['stop', '-m', mode])),
    start: async () => void (await pgCtl(['start'])),
    restart: async (mode = 'fast') => void (await pgCtl(['restart', '-m', mode])),
    async destroy() {
      await pgCtl(['stop', '-m', 'immediate']).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
