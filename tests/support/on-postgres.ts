import { describe, it } from 'vitest';

/** TEST_DATABASE_URL names a PostgreSQL server to test on (CI sets it); without it only the embedded PGlite is tested. */
const postgresUrl = process.env.TEST_DATABASE_URL;

const needsPostgres = 'needs PostgreSQL: set TEST_DATABASE_URL=postgres://… (CI sets it)';

/**
 * A describe block that runs on PostgreSQL only. Without a server it holds one skipped test whose name says
 * why, so a run on PGlite alone shows what it left out instead of leaving it out in silence.
 */
export function describeOnPostgres(name: string, ...args: [body: () => void] | [options: { timeout?: number }, body: () => void]): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  if (postgresUrl) describe(name, options, body);
  else describe(name, () => it.skip(needsPostgres, () => {}));
}
