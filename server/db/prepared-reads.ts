import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements one connection keeps prepared at most; past it, reads run unprepared as before. */
const maxPreparedPerConnection = 500;
const maxPreparedLength = 8000;

/**
 * Marks a read whose one plan PostgreSQL should keep for any values (see `prepareReads`). A search's
 * plan reads its few matches through trigram and key indexes; planned afresh for each term, PostgreSQL
 * prices reading every name and counter as cheaper, which took three times as long, planning included.
 */
export const genericPlanMark = '/* generic plan */';

/** A SELECT, or a WITH whose parts only read. */
export function isRead(text: string): boolean {
  if (/^\s*select\b/i.test(text)) return true;
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text);
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
 *
 * A read carrying `genericPlanMark` runs with plan_cache_mode = force_generic_plan and every other
 * statement with the server's default: the connection switches only when the kind changes, with a SET
 * queued just before the statement (node-postgres runs a client's queries in order, so it costs no
 * wait). BEGIN, ROLLBACK and COMMIT carry no mark, so a transaction starts and ends in the default
 * mode and a rollback cannot leave the connection in another mode than it believes. After a failed SET
 * the next statement sets it again. The mode decides only which plan runs, never what a statement answers.
 */
export function prepareReads(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const prepared = new Set<string>();
  const refused = new Set<string>();
  let mode: 'default' | 'generic' | 'unknown' = 'default';
  const switchTo = (wanted: 'default' | 'generic') => {
    if (mode === wanted) return;
    mode = wanted;
    original(wanted === 'generic' ? 'SET plan_cache_mode = force_generic_plan' : 'RESET plan_cache_mode').catch(() => {
      mode = 'unknown';
    });
  };
  const patched = (...args: unknown[]): unknown => {
    const [text, values] = args;
    if (typeof text === 'string') switchTo(text.includes(genericPlanMark) ? 'generic' : 'default');
    if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2 || text.length > maxPreparedLength || !isRead(text)) {
      return original(...args);
    }
    const name = `r${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
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
