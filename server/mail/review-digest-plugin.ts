import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDueDigests } from './review-digest';

export interface ReviewDigestWorker {
  /** Stops ticking and waits for a round under way. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewDigest: ReviewDigestWorker;
  }
}

export interface ReviewDigestOptions {
  /** How often due digests are looked for; 30 s unless a test says otherwise. */
  readonly intervalMs?: number;
}

export const reviewDigestIntervalMs = 30_000;

/** Sends due review digests every `intervalMs`; one round at a time, never keeping the process alive. */
export function startReviewDigestWorker(app: Parameters<typeof sendDueDigests>[0], intervalMs: number): ReviewDigestWorker {
  let round: Promise<void> | undefined;
  const tick = () => {
    if (round) return;
    round = sendDueDigests(app, new Date())
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'the review digests could not be looked for; trying again on the next round'),
      )
      .finally(() => {
        round = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}

/** Issue 10: the hourly review digest runs in every instance; claiming a recipient's items keeps it to one email. */
export const reviewDigestPlugin = fp<ReviewDigestOptions>(
  async (app: FastifyInstance, options) => {
    const worker = startReviewDigestWorker(app, options.intervalMs ?? reviewDigestIntervalMs);
    app.decorate('reviewDigest', worker);
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'review-digest', dependencies: ['db', 'mail-queue'] },
);
