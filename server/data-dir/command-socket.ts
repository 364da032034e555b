import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';

export interface CommandResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export type CommandRunner = (args: readonly string[]) => Promise<CommandResult>;

const maxRequestBytes = 64 * 1024;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > maxRequestBytes) request.destroy(new Error('Command too long'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * Answers CLI commands on a unix socket only the owner's OS user may open, so `npm run cli` acts on
 * the running portal's own database instead of opening a second one.
 */
export async function serveCommands(socketPath: string, run: CommandRunner): Promise<{ close(): Promise<void> }> {
  rmSync(socketPath, { force: true });
  const server = http.createServer(async (request, response) => {
    let result: CommandResult;
    try {
      const args: unknown = JSON.parse(await readBody(request));
      if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) throw new Error('A command is a list of words');
      result = await run(args);
    } catch (error) {
      result = { code: 1, out: '', err: error instanceof Error ? error.message : String(error) };
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).finally(() => rmSync(socketPath, { force: true })),
  };
}

/** Sends one command to the portal that owns the data folder and answers what it printed. */
export function sendCommand(socketPath: string, args: readonly string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/command', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      readBody(response)
        .then((body) => resolve(JSON.parse(body) as CommandResult))
        .catch(reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(args));
  });
}
