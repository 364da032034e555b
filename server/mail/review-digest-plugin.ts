import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repeating, type RepeatingJob } from '../jobs/repeating';
import { sendDueDigests } from './review-digest';

declare module 'fastify' {
  interface FastifyInstance {
    reviewDigest: RepeatingJob;
  }
}

/** Sends due review digests every `intervalMs`; one round at a time, never keeping the process alive. */
export function startReviewDigestWorker(app: Parameters<typeof sendDueDigests>[0], intervalMs: number): RepeatingJob {
  return repeating(() => sendDueDigests(app, new Date()), { everyMs: intervalMs }, (error) =>
    app.log.warn({ err: error }, 'the review digests could not be looked for; trying again on the next round'),
  );
}

/** Issue 10: the hourly review digest runs in every instance; claiming a recipient's items keeps it to one email. */
export const reviewDigestPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = startReviewDigestWorker(app, app.config.reviewDigestRoundMs);
    app.decorate('reviewDigest', worker);
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'review-digest', dependencies: ['db', 'mail-queue'] },
);
