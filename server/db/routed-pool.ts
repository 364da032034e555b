import pg from 'pg';
import { parse } from 'pg-connection-string';
import { prepareReads } from './prepared-reads';

/**
 * Marks a read whose one plan PostgreSQL should keep for any values (issue 11). A search's plan reads
 * its few matches through trigram and key indexes. Planned afresh for each term, PostgreSQL prices
 * reading every name and counter as cheaper, and that took three times as long, planning included.
 */
export const genericPlanMark = '/* generic plan */';

export interface RoutedPoolConfig {
  readonly url: string;
  /** The server cancels a statement running longer (`statement_timeout`, a startup option); 0 or absent for none. */
  readonly statementTimeoutMs?: number | undefined;
  readonly onIdleError?: ((error: Error) => void) | undefined;
}

/**
 * The portal's statements are pages, counts and changes by key that run in a millisecond or two; PostgreSQL's JIT
 * compiles a statement's expressions again on every execution once its estimated cost passes `jit_above_cost`
 * (100,000 by default), whatever it then reads. A million SWMS' search is priced at about 80,000 when freshly
 * analysed and past 100,000 after a bulk review's churn: it then takes 52-75 ms a call, most of it compiling, against
 * 1.2-1.8. So the portal's connections never JIT (a startup option: no round trip).
 */
const noJit = '-c jit=off';

/** The part of a pool Kysely's PostgresDialect uses. */
export interface RoutedPool {
  connect(): Promise<RoutedClient>;
  end(): Promise<void>;
}

type Route = 'standard' | 'generic';

/**
 * A connection as Kysely sees it: it binds to a connection of one of the two pools on its first
 * statement and keeps it until released. A transaction opens with BEGIN, which carries no mark, so
 * all of it runs on one standard connection (a marked read inside it too).
 */
export class RoutedClient {
  #bound: Promise<pg.PoolClient> | undefined;
  readonly #pools: Record<Route, pg.Pool>;

  constructor(pools: Record<Route, pg.Pool>) {
    this.#pools = pools;
  }

  query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    this.#bound ??= this.#pools[text.includes(genericPlanMark) ? 'generic' : 'standard'].connect();
    return this.#bound.then((client) => client.query(text, values));
  }

  release(): void {
    const bound = this.#bound;
    this.#bound = undefined;
    bound?.then(
      (client) => client.release(),
      () => undefined,
    );
  }
}

/**
 * Two pools on one server. Reads carrying `genericPlanMark` run on connections opened with
 * plan_cache_mode = force_generic_plan (a startup option, so it costs no round trip); every other
 * statement runs on connections with the server's default. Neither JITs (`noJit`), and both carry the statement
 * timeout, after the url's own options, so it is the one that holds. The mode decides only which plan runs, never
 * what a statement answers. Kysely asks for a connection before it knows the statement, hence
 * `RoutedClient`. Both pools prepare reads (`prepareReads`).
 */
export function routedPool(config: RoutedPoolConfig): RoutedPool {
  // The url read as pg reads it, so that startup options the url names itself (`?options=...`) are kept beside the
  // pool's: pg lets a url's options replace a pool's, and the url's would have dropped `noJit` and the plan mode.
  const { options: urlOptions, ...connection } = parse(config.url);
  const open = (max: number, poolOptions: string) => {
    const options = urlOptions ? `${urlOptions} ${poolOptions}` : poolOptions;
    // While the server is down a call waits at most this long for a connection, then answers 503.
    const pool = new pg.Pool({ ...(connection as pg.PoolConfig), max, connectionTimeoutMillis: 5000, options });
    // A connection the server drops (restart, failover) errors whether it is idle or lent to a query: the
    // query fails and is answered 503, the pool discards the client, and the process lives on.
    pool.on('error', (error) => config.onIdleError?.(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => config.onIdleError?.(error));
      prepareReads(client);
    });
    return pool;
  };
  // A search takes about a millisecond of the server's time: a few connections keep it busy.
  const timeout = config.statementTimeoutMs ? ` -c statement_timeout=${Math.floor(config.statementTimeoutMs)}` : '';
  const pools: Record<Route, pg.Pool> = {
    standard: open(10, `${noJit}${timeout}`),
    generic: open(4, `${noJit}${timeout} -c plan_cache_mode=force_generic_plan`),
  };
  return {
    connect: () => Promise.resolve(new RoutedClient(pools)),
    end: async () => {
      await Promise.all([pools.standard.end(), pools.generic.end()]);
    },
  };
}
