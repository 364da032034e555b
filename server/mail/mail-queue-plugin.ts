import fp from 'fastify-plugin';
import { startMailQueue, type MailQueue } from './mail-queue';

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: Pick<MailQueue, 'enqueue' | 'wake'>;
  }
}

/** Issue 12: every instance runs the mail queue's workers; invitations and review digests are sent through it. */
export const mailQueuePlugin = fp(
  async (app) => {
    const queue = await startMailQueue({ db: app.db, mailer: app.mailer, log: app.log, retry: app.config.mailRetry });
    app.decorate('mailQueue', { enqueue: queue.enqueue, wake: queue.wake });
    app.addHook('preClose', async () => queue.stop());
  },
  { name: 'mail-queue', dependencies: ['db', 'mail'] },
);
