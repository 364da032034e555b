import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Waits until every queued email has had its first try (issue 12: mail is sent by the queue, after the call). */
export async function mailQueueSettled(app: FastifyInstance, timeout = 15_000): Promise<void> {
  const waiting = async () => (await app.db.selectFrom('mail_deliveries').select('id').where('status', '=', 'sending').execute()).length;
  await expect.poll(waiting, { timeout, interval: 50 }).toBe(0);
}
