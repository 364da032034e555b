import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { embeddedPglite } from '../db/database';
import type { Database } from '../db/tables';
import { bossConnection, transactionConnection } from './boss-connection';
import { insertDelivery, markGivenUp, markRetrying, markSent, startAttempt, type DeliveryOrigin } from './deliveries';
import type { Mailer, OutgoingMail } from './mailer';

const deliveryQueue = 'mail';
const givenUpQueue = 'mail-given-up';

interface MailRetryPolicy {
  readonly limit: number;
  readonly delaySeconds: number;
}

/** Issue 12: retried after about 10 to 20 s, then twice as long each time; 12 retries span roughly 11 to 23 hours. */
const mailRetryPolicy: MailRetryPolicy = { limit: 12, delaySeconds: 10 };

/** An attempt ends by its own SMTP timeouts (mailer.ts) long before pg-boss would count it lost and retry it. */
const attemptExpirySeconds = 120;

/** Each instance sends this many emails at once. */
const workersPerInstance = 2;

interface DeliveryJob {
  readonly deliveryId: string;
}

export interface MailQueue {
  /** Writes the email and its delivery job in `db`, the caller's transaction; call `wake` after it commits. */
  enqueue(db: Kysely<Database>, mail: OutgoingMail, origin: DeliveryOrigin): Promise<string>;
  /** This instance's workers look for jobs now rather than at their next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export interface MailQueueOptions {
  readonly db: Kysely<Database>;
  readonly mailer: Pick<Mailer, 'send'>;
  readonly log: FastifyBaseLogger;
  readonly retry?: MailRetryPolicy | undefined;
}

// Any fixed number, like the migrations' lock: instances starting together take turns.
const installLockKey = 7_340_218;

/**
 * pg-boss checks whether its schema exists before it takes its own lock, so two instances starting
 * on an empty PostgreSQL both try to create it and one fails. They take turns here; the embedded
 * database has one owner process, and its one connection must stay free for pg-boss itself.
 */
async function oneInstanceAtATime(db: Kysely<Database>, install: () => Promise<void>): Promise<void> {
  if (embeddedPglite(db)) return install();
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${installLockKey})`.execute(connection);
    try {
      await install();
    } finally {
      await sql`SELECT pg_advisory_unlock(${installLockKey})`.execute(connection);
    }
  });
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Issue 12: email that cannot be lost. pg-boss keeps each delivery job in PostgreSQL (PGlite when
 * embedded) and every instance runs workers; a job is claimed by one worker alone (FOR UPDATE SKIP
 * LOCKED), a failed send is retried with exponential backoff, and after the last retry the job moves
 * to the given-up queue, which marks the delivery failed.
 */
export async function startMailQueue(options: MailQueueOptions): Promise<MailQueue> {
  const { db, mailer, log } = options;
  const retry = options.retry ?? mailRetryPolicy;
  const connection = bossConnection(db);
  const boss = new PgBoss({ db: connection, schedule: false });
  boss.on('error', (error) => {
    if (!connection.closed) log.warn({ err: error }, 'the mail queue could not reach the database; it tries again');
  });
  await oneInstanceAtATime(db, async () => {
    await boss.start();
    await boss.createQueue(givenUpQueue);
    await boss.createQueue(deliveryQueue, { name: deliveryQueue, deadLetter: givenUpQueue });
  });

  const deliver = async (deliveryId: string) => {
    const mail = await startAttempt(db, deliveryId);
    if (!mail) return;
    try {
      await mailer.send(mail);
    } catch (error) {
      log.warn({ err: error, deliveryId, to: mail.to }, 'an email could not be sent; it is tried again later');
      await markRetrying(db, deliveryId, describe(error));
      throw error;
    }
    await markSent(db, deliveryId);
  };

  const workerIds: string[] = [];
  for (let n = 0; n < workersPerInstance; n += 1) {
    workerIds.push(await boss.work<DeliveryJob>(deliveryQueue, { batchSize: 1 }, async ([job]) => job && deliver(job.data.deliveryId)));
  }
  await boss.work<DeliveryJob>(givenUpQueue, async ([job]) => {
    if (!job) return;
    log.error({ deliveryId: job.data.deliveryId }, 'an email could not be sent after every retry; it is marked not sent');
    await markGivenUp(db, job.data.deliveryId);
  });

  return {
    async enqueue(trx, mail, origin) {
      const deliveryId = await insertDelivery(trx, mail, origin);
      const jobId = await boss.send(deliveryQueue, { deliveryId } satisfies DeliveryJob, {
        id: deliveryId,
        db: transactionConnection(trx),
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: true,
        expireInSeconds: attemptExpirySeconds,
        deadLetter: givenUpQueue,
      });
      if (!jobId) throw new Error('the mail queue did not take the email');
      return deliveryId;
    },
    wake() {
      for (const id of workerIds) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 15_000, close: false });
      await connection.close();
    },
  };
}
