import type { Db } from '../db/database';

export interface MailboxMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly createdAt: string;
  readonly links: readonly string[];
}

const linkPattern = /https?:\/\/[^\s<>"']+/g;

function toMessage(row: { id: string; recipient: string; subject: string; html: string; text: string; created_at: Date }): MailboxMessage {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    links: [...new Set(row.text.match(linkPattern) ?? [])],
  };
}

export async function listMessages(db: Db, limit: number): Promise<MailboxMessage[]> {
  const rows = await db.selectFrom('mailbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toMessage);
}

export async function latestMessageTo(db: Db, recipient: string): Promise<MailboxMessage | null> {
  const row = await db
    .selectFrom('mailbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.trim().toLowerCase()))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}
