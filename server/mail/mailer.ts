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

/** DESIGN.md: nodemailer over SMTP when SMTP_URL is set. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
