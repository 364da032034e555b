import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements one connection keeps prepared at most; past it, reads run unprepared as before. */
const maxPreparedPerConnection = 500;
const maxPreparedLength = 8000;

/** A SELECT, or a WITH whose parts only read. */
export function isRead(text: string): boolean {
  if (/^\s*select\b/i.test(text)) return true;
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text);
}

/**
 * The prepared name of each read text seen (null: not a read), shared by every connection: the same
 * few texts come back on every request, and hashing and scanning a list's few-KB text each time was
 * 2% of the portal's time on a list request. Bounded: a process that meets more texts starts afresh.
 */
const namesByText = new Map<string, string | null>();
const maxRememberedTexts = 2000;

function preparedName(text: string): string | null {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = text.length <= maxPreparedLength && isRead(text) ? `r${createHash('sha1').update(text).digest('base64url').slice(0, 22)}` : null;
    if (namesByText.size >= maxRememberedTexts) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Issue 11: a list page's SELECT plans in about 0.5 ms and runs in 0.3 ms, so planning was most of
 * the database's time. Each read the app sends is prepared once per connection under a name taken
 * from its text (node-postgres then only binds and executes it), and PostgreSQL may keep one plan for
 * it. Kysely builds the same text for the same query shape, so the set of names stays small.
 * A read may open with a WITH (the searches work out their matches once that way); a WITH that writes
 * (INSERT, UPDATE or DELETE in it) stays unprepared, as every write does. A statement whose result
 * shape changed under it (a migration applied by another instance) is retried once unprepared and
 * never prepared again on this connection.
 */
export function prepareReads(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const prepared = new Set<string>();
  const refused = new Set<string>();
  const patched = (...args: unknown[]): unknown => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? preparedName(text) : null;
    if (name === null) return original(...args);
    if (refused.has(name) || (!prepared.has(name) && prepared.size >= maxPreparedPerConnection)) return original(text, values);
    prepared.add(name);
    return original({ name, text, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '0A000') throw error;
      refused.add(name);
      return original(text, values);
    });
  };
  client.query = patched as typeof client.query;
}
