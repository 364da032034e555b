import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A lock as a file naming its process, as PostgreSQL's postmaster.pid is: made only if absent, so of several processes
 * one wins, and taken over once the process it names has gone. The data folder's owner (`data-dir/owner-lock.ts`) and
 * the web build (`web-build.ts`) hold theirs so.
 */

/** Makes `file` naming this process, only if it is absent: false when another process made it first. */
export function createPidFile(file: string): boolean {
  try {
    writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The pid `file` names; undefined when it is absent, or not (yet) a pid file. */
export function pidIn(file: string): number | undefined {
  try {
    const pid = Number(JSON.parse(readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs on this host (one this process may not signal counts). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
