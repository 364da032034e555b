import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool';
import type { Database } from './tables';

export type Db = Kysely<Database>;

export interface DatabaseConfig {
  /** A PostgreSQL server; when absent, an embedded PGlite under `dataDir`. */
  readonly url?: string | undefined;
  readonly dataDir: string;
  readonly onIdleError?: (error: Error) => void;
}

// Dates and arrays come back as JS values from both drivers; bigint counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.url) {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server drops (restart, failover) is replaced on the next query; it must not crash the process.
    pool.on('error', (error) => config.onIdleError?.(error));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const pglite = await PGlite.create(config.dataDir, {
    parsers: { 20: (value: string) => Number(value) },
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) as never }) });
}
