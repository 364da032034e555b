import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { countCpu, isLocalServer, loadWithCpu } from './cpu-use';

/**
 * How fast this machine is at the time of a run, measured the same way each time with none of the
 * portal's code: a bare Fastify answer of about 10 KB under the bench's load, and a prepared one-row
 * statement on the PostgreSQL server. This machine's speed changes by a third or more from hour to hour
 * (it shares its host), so two runs' figures compare only beside these.
 */
export interface MachineSpeed {
  /** Bare Fastify answers a second at 32 connections, and µs of its process's CPU for each. */
  readonly bareRate: number;
  readonly bareCpu: number | undefined;
  /** Prepared `SELECT $1` statements a second on 8 connections, and µs of the server's CPU for each (a local server only). */
  readonly statementRate: number;
  readonly statementCpu: number | undefined;
}

const body = JSON.stringify({ items: Array.from({ length: 21 }, (_, i) => ({ _id: i, text: 'x'.repeat(480) })) });

/** The bare server: run as `node --import tsx machine-speed.ts serve`, it tells its parent its port. */
async function serve() {
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.(typeof address === 'object' && address ? address.port : 0);
}

async function bareFastify(seconds: number) {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  try {
    const [port] = (await once(child, 'message')) as [number];
    const { result, cpu } = await loadWithCpu({ url: `http://127.0.0.1:${port}/`, connections: 32, seconds }, { portalPid: child.pid, localPostgres: false });
    return { rate: result.requests.average, cpu: cpu.portal };
  } finally {
    child.kill();
  }
}

async function oneRowStatements(databaseUrl: string, localServer: boolean, seconds: number) {
  const clients = Array.from({ length: 8 }, () => new pg.Client({ connectionString: databaseUrl }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const statement = { name: 'machine_speed', text: 'SELECT $1::int AS n', values: [1] };
    await Promise.all(clients.map((client) => client.query(statement)));
    const cpu = countCpu({ portalPid: undefined, localPostgres: localServer });
    const until = performance.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          await client.query(statement);
          done += 1;
        }
      }),
    );
    return { rate: done / seconds, cpu: cpu(done).postgres };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

export async function machineSpeed(databaseUrl: string, localServer: boolean, seconds = 3): Promise<MachineSpeed> {
  const bare = await bareFastify(seconds);
  const statements = await oneRowStatements(databaseUrl, localServer, seconds);
  return { bareRate: bare.rate, bareCpu: bare.cpu, statementRate: statements.rate, statementCpu: statements.cpu };
}

if (process.argv[2] === 'serve') await serve();

const fixed = (value: number) => value.toLocaleString('en-AU', { maximumFractionDigits: 0 });

/** The machine's speed at `when` of a run, which a bench's figures depend on as much as on the code. */
export async function printMachineSpeed(serverUrl: string, when: string): Promise<void> {
  const speed = await machineSpeed(serverUrl, isLocalServer(serverUrl)).catch((error: unknown) => {
    console.log(`Machine speed: not measured (${String(error)})`);
  });
  if (!speed) return;
  const each = (cpu: number | undefined, of: string) => (cpu === undefined ? '' : `, ${fixed(cpu)} µs of ${of} CPU each`);
  console.log(
    `Machine speed ${when}: bare Fastify (no portal code, a 10 KB answer) ${fixed(speed.bareRate)} req/s at 32 connections${each(speed.bareCpu, 'its')}; ` +
      `PostgreSQL ${fixed(speed.statementRate)} prepared one-row SELECTs a second on 8 connections${each(speed.statementCpu, 'the server’s')}.` +
      (when === 'at the start' ? ` This machine's speed changes by a third or more from hour to hour, and within a run: compare two runs beside these.` : ''),
  );
}
