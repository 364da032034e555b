import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { everyTopic, type LiveTopic } from '../../src/domain/live';
import type { Db } from '../db/database';

const liveChannel = 'portal_live';

export interface LiveEvent {
  readonly companyId: string;
  readonly topic: LiveTopic | typeof everyTopic;
}

type LiveListener = (event: LiveEvent) => void;

export interface LiveBus {
  /** Tells every instance that something of the company changed; a lost hint never fails the change. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(companyId: string, listener: LiveListener): () => void;
  close(): Promise<void>;
}

function subscribers() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver: (event: LiveEvent) => emitter.emit(event.companyId, event),
    deliverToAll: () => {
      for (const companyId of emitter.eventNames()) emitter.emit(companyId, { companyId: String(companyId), topic: everyTopic });
    },
    subscribe(companyId: string, listener: LiveListener) {
      emitter.on(companyId, listener);
      return () => void emitter.off(companyId, listener);
    },
  };
}

/** The embedded database has one owner process, so its changes are heard in that process alone. */
export function localLiveBus(): LiveBus {
  const local = subscribers();
  return {
    publish: async (event) => void local.deliver(event),
    subscribe: local.subscribe,
    close: async () => undefined,
  };
}

function parseEvent(payload: string | undefined): LiveEvent | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<LiveEvent>;
    return typeof value.companyId === 'string' && typeof value.topic === 'string' ? (value as LiveEvent) : undefined;
  } catch {
    return undefined;
  }
}

const firstRetryMs = 250;
const lastRetryMs = 5000;

/**
 * Instances on one PostgreSQL hear each other through LISTEN/NOTIFY on one dedicated connection,
 * which comes back by itself after the database restarts; then every open screen refetches, since
 * hints sent meanwhile were lost.
 */
export async function postgresLiveBus(db: Db, url: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const local = subscribers();
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = firstRetryMs;
  let closed = false;
  let everConnected = false;

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, lastRetryMs);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      if (error && !closed) log.warn({ err: error }, 'live updates lost their database connection; reconnecting');
      void client.end().catch(() => undefined);
      reconnectLater();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      const event = parseEvent(message.payload);
      if (event) local.deliver(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${liveChannel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) return void (await client.end().catch(() => undefined));
    listener = client;
    retryMs = firstRetryMs;
    if (everConnected) local.deliverToAll();
    everConnected = true;
  }

  await connect();

  return {
    async publish(event) {
      await sql`SELECT pg_notify(${liveChannel}, ${JSON.stringify(event)})`.execute(db).catch((error: unknown) => {
        log.warn({ err: error }, 'a live update could not be sent');
      });
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => undefined);
    },
  };
}
