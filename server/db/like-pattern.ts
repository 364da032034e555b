import { sql } from 'kysely';

/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards (and its escape) taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * `pattern` lower-cased by PostgreSQL (so exactly as `lower()` wrote the searched column), once per
 * statement. Under a generic plan a bare `lower($1)` is not a constant, and the trigram recheck of
 * every candidate row would lower-case the pattern again: a quarter of a site search's time.
 */
export const loweredOnce = (pattern: string) => sql<string>`(SELECT lower(${pattern}))`;
