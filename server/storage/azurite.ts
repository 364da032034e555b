import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { BlobServiceClient, RestError } from '@azure/storage-blob';

const azuriteBlobEntry = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');

export const devAccountName = 'devstoreaccount1';

// Azurite shuts itself down when this server goes away, even on a crash: no orphan outlives it.
const childScript = `
process.once('disconnect', () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
});
require(process.argv[1]);
`;

export interface RunningAzurite {
  readonly connectionString: string;
  readonly blobEndpoint: string;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.connected) child.disconnect();
  const gone = exited(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/**
 * Waits until this child's Azurite answers a request signed with its own key. A port found free can be taken by another
 * Azurite first (tests start several at once): that one refuses our key (403), so this start fails and is tried again
 * on another port, instead of handing out a connection string no request can use.
 */
async function waitUntilAnswering(child: ChildProcess, endpoint: string, connectionString: string, output: () => string): Promise<void> {
  const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
  const deadline = Date.now() + 20_000;
  let exitedEarly = false;
  child.once('exit', () => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`Azurite exited before answering: ${output().trim()}`);
    try {
      await service.getProperties({ abortSignal: AbortSignal.timeout(1000) });
      return;
    } catch (error) {
      if (error instanceof RestError && error.statusCode === 403) throw new Error(`Another server answers on ${endpoint}: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Azurite did not answer on ${endpoint} within 20 seconds`);
}

async function launch(location: string): Promise<RunningAzurite> {
  const port = await freePort();
  const args = ['--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', location];
  const flags = ['--skipApiVersionCheck', '--loose', '--silent', '--disableTelemetry'];
  // Browsers reach the account through the portal's /blob proxy: with the emulator's published key anyone
  // could sign their own SAS, so each start gives the account a secret key of its own.
  const accountKey = randomBytes(64).toString('base64');
  const child = spawn(process.execPath, ['-e', childScript, azuriteBlobEntry, ...args, ...flags], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NODE_OPTIONS: '', AZURITE_ACCOUNTS: `${devAccountName}:${accountKey}` },
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const blobEndpoint = `http://127.0.0.1:${port}/${devAccountName}`;
  const connectionString = `DefaultEndpointsProtocol=http;AccountName=${devAccountName};AccountKey=${accountKey};BlobEndpoint=${blobEndpoint};`;
  try {
    await waitUntilAnswering(child, blobEndpoint, connectionString, () => output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { blobEndpoint, connectionString, stop: () => stopChild(child) };
}

/** Starts Azurite's blob service on a free loopback port, keeping its data under `location`. */
export async function startAzurite(location: string): Promise<RunningAzurite> {
  mkdirSync(location, { recursive: true });
  // A port found free can be taken before Azurite binds it: one more try on another port.
  return launch(location).catch(() => launch(location));
}
