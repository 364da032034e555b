import type { PGlite } from '@electric-sql/pglite';

interface QueryResultLike {
  rows: unknown[];
  rowCount: number;
  command: string;
}

/**
 * Presents one in-process PGlite database as the `pg` pool Kysely's PostgresDialect expects.
 * PGlite has a single connection, so a client is lent to one caller at a time: a transaction
 * holds it from BEGIN to COMMIT and nothing else interleaves.
 */
export function pglitePool(db: PGlite) {
  let queue: Promise<void> = Promise.resolve();

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
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const previous = queue;
      queue = previous.then(() => turn);
      await previous;
      return { ...client, release };
    },
    async end() {
      await queue;
      await db.close();
    },
  };
}
