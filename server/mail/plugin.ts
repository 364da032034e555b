import fp from 'fastify-plugin';
import { mailboxMailer, smtpMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Pick<Mailer, 'send'>;
  }
}

export const mailPlugin = fp(
  async (app) => {
    const mailer = app.config.smtpUrl ? smtpMailer(app.config.smtpUrl, app.config.mailFrom) : mailboxMailer(app.db);
    app.decorate('mailer', { send: (mail) => mailer.send(mail) });
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail' },
);
