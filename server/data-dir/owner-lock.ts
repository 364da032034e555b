import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPidFile, pidIn, processRuns } from '../pid-file';

export const lockFileName = 'portal.pid';
const maxSocketPathLength = 100;

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another portal process (pid ${ownerPid}). ` +
        'Only one process may open the embedded database: stop that process first, or set DATA_DIR to another folder. ' +
        'CLI commands (npm run cli -- ...) run through the portal while it is up.',
    );
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  release(): void;
}

/** Where the process that owns the data folder answers CLI commands: inside it when the path fits a socket address. */
export function commandSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'portal.sock');
  if (Buffer.byteLength(inside) <= maxSocketPathLength) return inside;
  return path.join(os.tmpdir(), `portal-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

// Folders this process holds; a lock file naming this pid but not listed here was left by an earlier process that had the same pid.
const heldHere = new Set<string>();

function isAlive(pid: number, dataDir: string): boolean {
  if (pid === process.pid) return heldHere.has(path.resolve(dataDir));
  return processRuns(pid);
}

/** The pid of a live process holding the data folder, if any; a lock left by a crashed process does not count. */
export function liveOwner(dataDir: string): number | undefined {
  const pid = pidIn(path.join(dataDir, lockFileName));
  return pid !== undefined && isAlive(pid, dataDir) ? pid : undefined;
}

/**
 * Makes this process the one owner of the embedded database and blob store under dataDir, as
 * PostgreSQL's postmaster.pid does: a second opener is refused at once, a lock left by a dead
 * process is taken over.
 */
export function claimDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, lockFileName);
  if (!createPidFile(file)) {
    const owner = liveOwner(dataDir);
    if (owner !== undefined) throw new DataDirBusyError(dataDir, owner);
    rmSync(file, { force: true });
    if (!createPidFile(file)) throw new DataDirBusyError(dataDir, liveOwner(dataDir) ?? 0);
  }
  heldHere.add(path.resolve(dataDir));
  let held = true;
  return {
    dataDir,
    release() {
      if (!held) return;
      held = false;
      heldHere.delete(path.resolve(dataDir));
      if (pidIn(file) === process.pid) rmSync(file, { force: true });
    },
  };
}
