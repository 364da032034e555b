import { sql, type RawBuilder } from 'kysely';

/** A timestamptz column as UTC text: to the microsecond (US) or to the millisecond (MS). */
export const utcText = (column: string, fraction: 'US' | 'MS'): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"'`)})`;

/** A time as JavaScript's toISOString writes it, to the millisecond (to_char's MS truncates as Date does). */
export const isoMillisText = (column: string): RawBuilder<string> => utcText(column, 'MS');
