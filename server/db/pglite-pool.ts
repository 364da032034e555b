import type { PGlite } from '@electric-sql/pglite';

interface QueryResultLike {
  rows: unknown[];
  rowCount: number;
  command: string;
}

/** Who is using the one connection: for work that should wait for a quiet moment (server/db/embedded-maintenance.ts). */
export interface PoolActivity {
  /** A caller holds the connection or waits for it. */
  readonly busy: boolean;
  /** How many times the connection has been handed back so far. */
  readonly releases: number;
  /** Milliseconds since the connection was last handed back, 0 while busy. */
  readonly quietMs: number;
}

/**
 * Presents one in-process PGlite database as the `pg` pool Kysely's PostgresDialect expects.
 * PGlite has a single connection, so a client is lent to one caller at a time: a transaction
 * holds it from BEGIN to COMMIT and nothing else interleaves.
 */
export function pglitePool(db: PGlite) {
  let queue: Promise<void> = Promise.resolve();
  let holders = 0;
  let releases = 0;
  let lastRelease = performance.now();

  const client = {
    async query(sql: string, parameters: readonly unknown[] = []): Promise<QueryResultLike> {
      // Without parameters the simple protocol runs, which accepts several statements (migrations).
      const result =
        parameters.length === 0
          ? ((await db.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
          : await db.query(sql, parameters as unknown[]);
      return {
        rows: result.rows,
        rowCount: result.affectedRows ?? result.rows.length,
        command: sql.trim().split(/\s+/, 1)[0]?.toUpperCase() ?? '',
      };
    },
  };

  return {
    async connect() {
      let handBack!: () => void;
      const turn = new Promise<void>((resolve) => (handBack = resolve));
      const previous = queue;
      queue = previous.then(() => turn);
      holders += 1;
      await previous;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        holders -= 1;
        releases += 1;
        lastRelease = performance.now();
        handBack();
      };
      return { ...client, release };
    },
    activity(): PoolActivity {
      return { busy: holders > 0, releases, quietMs: holders > 0 ? 0 : performance.now() - lastRelease };
    },
    async end() {
      await queue;
      await db.close();
    },
  };
}
