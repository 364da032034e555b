import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface BucketCount {
  /** Calls counted in the bucket's current window, this one included. */
  readonly current: number;
  /** Milliseconds until the window ends. */
  readonly ttl: number;
}

/**
 * Counts one call in its bucket in a single statement, so instances on one database never lose a
 * count; a bucket whose window has ended starts a new one. The database's clock times every instance.
 */
export async function countCall(db: Db, bucket: string, windowMs: number): Promise<BucketCount> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    INSERT INTO rate_limits AS counted (bucket, hits, resets_at)
    VALUES (${bucket}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN counted.resets_at <= now() THEN 1 ELSE counted.hits + 1 END,
      resets_at = CASE WHEN counted.resets_at <= now() THEN excluded.resets_at ELSE counted.resets_at END
    RETURNING counted.hits, ceil(extract(epoch FROM counted.resets_at - now()) * 1000)::integer AS ttl_ms`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`The rate-limit bucket ${bucket} was not counted`);
  return { current: row.hits, ttl: Math.max(0, row.ttl_ms) };
}

/** Buckets whose window has ended are only kept until the next pruning. */
export async function pruneEndedBuckets(db: Db): Promise<number> {
  const pruned = await db.deleteFrom('rate_limits').where('resets_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}

/** @fastify/rate-limit's store on the portal's database: every instance on one PostgreSQL shares the counts. */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  private prunedAt = Date.now();

  constructor(
    private readonly db: Db,
    private readonly pruneEveryMs = 60_000,
  ) {}

  incr(bucket: string, callback: (error: Error | null, result?: BucketCount) => void, timeWindow: number): void {
    this.count(bucket, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Buckets are named by the portal (call, then address or account), so every route shares this one store. */
  child(): FastifyRateLimitStore {
    return this;
  }

  private async count(bucket: string, windowMs: number): Promise<BucketCount> {
    const counted = await countCall(this.db, bucket, windowMs);
    if (Date.now() - this.prunedAt >= this.pruneEveryMs) {
      this.prunedAt = Date.now();
      await pruneEndedBuckets(this.db);
    }
    return counted;
  }
}
