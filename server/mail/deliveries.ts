import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MailDeliveriesTable } from '../db/tables';
import type { OutgoingMail } from './mailer';

type Queries = Kysely<Database>;

export interface DeliveryOrigin {
  readonly kind: MailDeliveriesTable['kind'];
  /** The invitation code the email carries, so the invited-employees list can show its status. */
  readonly inviteId?: string;
}

/** The email as it waits to be delivered; written in the transaction that causes it. */
export async function insertDelivery(db: Queries, mail: OutgoingMail, origin: DeliveryOrigin): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_deliveries')
    .values({ id, kind: origin.kind, invite_id: origin.inviteId ?? null, recipient: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    .execute();
  return id;
}

/** Counts an attempt and answers the email, unless it was delivered or given up already. */
export async function startAttempt(db: Queries, id: string): Promise<OutgoingMail | undefined> {
  const row = await db
    .updateTable('mail_deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('status', 'in', ['sending', 'retrying'])
    .returning(['recipient', 'subject', 'html', 'text'])
    .executeTakeFirst();
  return row ? { to: row.recipient, subject: row.subject, html: row.html, text: row.text } : undefined;
}

/** Delivered: the message (an invitation link is a secret) is not kept. */
export async function markSent(db: Queries, id: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'sent', sent_at: now, updated_at: now, last_error: null, html: '', text: '' })
    .where('id', '=', id)
    .execute();
}

export async function markRetrying(db: Queries, id: string, error: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'retrying', last_error: error, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['sending', 'retrying'])
    .execute();
}

/** Every retry failed: the status says so and the message is not kept (a resend issues a new one). */
export async function markGivenUp(db: Queries, id: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'failed', updated_at: new Date(), html: '', text: '' })
    .where('id', '=', id)
    .where('status', 'in', ['sending', 'retrying'])
    .execute();
}

/** A resend voids the older codes: their emails still waiting are not sent (their links would not work). */
export async function withdrawInvitationEmails(db: Queries, userRoleId: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'failed', last_error: 'replaced by a newer invitation', updated_at: new Date(), html: '', text: '' })
    .where('invite_id', 'in', (eb) => eb.selectFrom('invites').select('id').where('user_role_id', '=', userRoleId))
    .where('status', 'in', ['sending', 'retrying'])
    .execute();
}
