import nodemailer from 'nodemailer';
import type { Db } from '../db/database';

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * A send that hangs gives up after these (nodemailer waits minutes by default), well inside the mail
 * queue's attempt expiry (mail-queue.ts); settings in SMTP_URL's query override them.
 */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** DESIGN.md: nodemailer over SMTP when SMTP_URL is set. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ ...smtpTimeouts, url: smtpUrl });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    },
    async close() {
      transport.close();
    },
  };
}

/** DESIGN.md: without SMTP, messages land in the development mailbox shown at /dev/mailbox. */
export function mailboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db
        .insertInto('mailbox')
        .values({ id: crypto.randomUUID(), recipient: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
        .execute();
    },
    async close() {},
  };
}
