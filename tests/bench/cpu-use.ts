import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';

/**
 * Where a load's CPU goes (issue 11): the portal's process, the local PostgreSQL server's processes and
 * the load generator (this process, autocannon), each as CPU time per answered request. On a machine
 * where all three share the cores, their sum caps the rate: cores / (CPU per request). Read from /proc,
 * so on Linux only; elsewhere, or for a PostgreSQL on another host, the figure is left out.
 */

/** Kernel clock ticks per second (/proc counts CPU time in them); 100 on every common Linux. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU a process has used, in ms; undefined once it has gone (or without /proc). */
function processCpuMs(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces, so fields are counted after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const [user, system] = [Number(fields[11]), Number(fields[12])];
    return Number.isFinite(user) && Number.isFinite(system) ? ((user + system) * 1000) / ticksPerSecond : undefined;
  } catch {
    return undefined;
  }
}

const commandOf = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** The processes of the PostgreSQL server on this machine: the postmaster, its background workers and every backend. */
function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry) && commandOf(entry).startsWith('postgres'))
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU used so far by each process of a group, by pid. */
type Snapshot = ReadonlyMap<number, number>;

function snapshot(pids: readonly number[]): Snapshot {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) used.set(pid, ms);
  }
  return used;
}

/** CPU a group used between two snapshots; a process that started in between counts whole. */
const usedBetween = (before: Snapshot, after: Snapshot) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

export interface CpuPerRequest {
  /** µs of CPU per answered request; undefined where it could not be read. */
  readonly portal: number | undefined;
  readonly postgres: number | undefined;
  readonly load: number | undefined;
  /** The rate these figures allow when the three share this machine's cores (`ceilingOf`). */
  readonly ceiling: number | undefined;
}

export interface CpuGroups {
  readonly portalPid: number | undefined;
  /** Whether the PostgreSQL server runs on this machine (its processes are then counted). */
  readonly localPostgres: boolean;
}

/** Starts counting; the returned function takes the number of requests answered since and gives the CPU per request. */
export function countCpu(groups: CpuGroups): (requests: number) => CpuPerRequest {
  // Each process is read once per instant, so two groups naming one process (the portal run in the
  // bench's own process) count the same ticks rather than two readings a clock tick apart.
  const read = () => {
    const portal = groups.portalPid === undefined ? [] : [groups.portalPid];
    const postgres = groups.localPostgres ? postgresPids() : [];
    const all = snapshot([...new Set([...portal, ...postgres, process.pid])]);
    const of = (pids: readonly number[]): Snapshot => new Map(pids.flatMap((pid) => (all.has(pid) ? [[pid, all.get(pid)!] as const] : [])));
    return { portal: of(portal), postgres: of(postgres), load: of([process.pid]) };
  };
  const before = read();
  return (requests) => {
    const after = read();
    const perRequest = (group: keyof typeof after) =>
      after[group].size === 0 || requests === 0 ? undefined : (usedBetween(before[group], after[group]) * 1000) / requests;
    const figures = { portal: perRequest('portal'), postgres: groups.localPostgres ? perRequest('postgres') : undefined, load: perRequest('load') };
    return { ...figures, ceiling: ceilingOf(availableParallelism(), figures) };
  };
}

/**
 * A load the way every bench figure is taken: a second of warm-up at the same concurrency, then
 * `seconds` of load with the CPU of each group counted over it.
 */
export async function loadWithCpu(
  load: {
    readonly url: string;
    readonly connections: number;
    readonly seconds: number;
    readonly headers?: Record<string, string>;
    /** Each request's own path and query (the url's when absent). */
    readonly nextPath?: () => string;
  },
  groups: CpuGroups,
): Promise<{ readonly result: autocannon.Result; readonly cpu: CpuPerRequest }> {
  const { nextPath } = load;
  const requests = nextPath ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }] : undefined;
  const run = (duration: number) => autocannon({ url: load.url, connections: load.connections, duration, headers: load.headers, ...(requests ? { requests } : {}) });
  await run(1);
  const cpuPerRequest = countCpu(groups);
  const result = await run(load.seconds);
  return { result, cpu: cpuPerRequest(result.requests.total) };
}

/**
 * The rate a request's CPU allows when the portal, its PostgreSQL server and the load generator share `cores`.
 * Only then: PGlite runs on the portal's one thread, and a server elsewhere has cores of its own.
 */
export function ceilingOf(cores: number, cpu: Pick<CpuPerRequest, 'portal' | 'postgres' | 'load'>): number | undefined {
  if (cpu.portal === undefined || cpu.postgres === undefined) return undefined;
  return (cores * 1_000_000) / (cpu.portal + cpu.postgres + (cpu.load ?? 0));
}

/** Whether a PostgreSQL URL names this machine. */
export function isLocalServer(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1' || host === '';
}
