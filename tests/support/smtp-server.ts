import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';

interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly raw: string;
}

interface SmtpServer {
  listen(port: number, host: string, callback: () => void): void;
  close(callback: () => void): void;
  server: { address(): AddressInfo };
}

interface SmtpServerModule {
  SMTPServer: new (options: {
    authOptional: boolean;
    disabledCommands: string[];
    logger: boolean;
    onData(stream: Readable, session: { envelope: { mailFrom: { address: string }; rcptTo: { address: string }[] } }, callback: (error?: Error) => void): void;
  }) => SmtpServer;
}

// smtp-server ships no type declarations; the shape used here is declared above.
const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as SmtpServerModule;

export interface TestSmtpServer {
  readonly url: string;
  /** Every message accepted, in order. */
  readonly received: ReceivedMail[];
  /** Messages being received but not yet accepted (see `hold`). */
  readonly held: () => number;
  /** Stops listening: a send then finds no server (connection refused). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Keeps each message unanswered until the returned function is called. */
  hold(): () => void;
}

/** A real SMTP server on loopback, on a free port, keeping every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let holding: Promise<void> = Promise.resolve();
  let held = 0;
  const listen = async (port: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          held += 1;
          void holding.then(() => {
            held -= 1;
            received.push({
              from: session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  let server: SmtpServer | undefined = await listen(0);
  const port = server.server.address().port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held: () => held,
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(resolve));
    },
    async start() {
      server ??= await listen(port);
    },
    hold() {
      let release!: () => void;
      holding = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in a raw message. */
export const unquote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
