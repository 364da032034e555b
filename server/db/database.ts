import { mkdirSync } from 'node:fs';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { EmbeddedPglite } from './pglite-memory';
import { pglitePool, type PoolActivity } from './pglite-pool';
import { routedPool } from './routed-pool';
import type { Database } from './tables';

export type Db = Kysely<Database>;

export interface DatabaseConfig {
  /** A PostgreSQL server; when absent, an embedded PGlite under `dataDir`. */
  readonly url?: string | undefined;
  readonly dataDir: string;
  /** A PostgreSQL server cancels a statement running longer; 0 or absent for none. PGlite runs each to its end. */
  readonly statementTimeoutMs?: number | undefined;
  readonly onIdleError?: (error: Error) => void;
}

// Timestamps and arrays come back as JS values from both drivers; bigint counts come back as numbers;
// a calendar date (type date) stays its yyyy-mm-dd text, free of any time zone.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * The extensions the migrations create, loaded into every embedded database: trigram indexes for search (013) and
 * the company id beside the trigrams in one GIN index (026).
 */
export const pgliteExtensions = { btree_gin, pg_trgm };

/**
 * An embedded database's PGlite (issue 12: the backup dumps its folder while it holds the pool's one connection) and
 * who is using that connection (its maintenance waits for a quiet moment).
 */
const embedded = new WeakMap<Db, { readonly pglite: EmbeddedPglite; readonly activity: () => PoolActivity }>();

/** Who is using an embedded database's one connection; undefined on a PostgreSQL server. */
export function embeddedActivity(db: Db): (() => PoolActivity) | undefined {
  return embedded.get(db)?.activity;
}

/** The PGlite behind an embedded database; undefined on a PostgreSQL server. */
export function embeddedPglite(db: Db): EmbeddedPglite | undefined {
  return embedded.get(db)?.pglite;
}

export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.url) {
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: routedPool({ url: config.url, statementTimeoutMs: config.statementTimeoutMs, onIdleError: config.onIdleError }) as never }) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const pglite = await EmbeddedPglite.open(config.dataDir, {
    parsers: { 20: (value: string) => Number(value), 1082: (value: string) => value },
    extensions: pgliteExtensions,
  });
  const pool = pglitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
  embedded.set(db, { pglite, activity: pool.activity });
  return db;
}
