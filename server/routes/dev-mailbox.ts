import type { FastifyPluginAsync } from 'fastify';
import { Schema } from 'effect';
import { formatDateTime } from '../../src/domain/dates';
import { Email } from '../../src/domain/fields';
import { decodeOr400, notFound } from '../http/errors';
import { escapeHtml } from '../mail/html';
import { latestMessageTo, listMessages, type MailboxMessage } from '../mail/mailbox';

const LatestQuery = Schema.Struct({ to: Email });
const pageLimit = 100;

function messageSection(message: MailboxMessage): string {
  // The stored body is rendered in a sandboxed frame; <base target="_top"> makes its links open in this tab.
  const body = `<base target="_top">${message.html}`;
  return `<article aria-labelledby="m-${message.id}">
<h2 id="m-${message.id}">${escapeHtml(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Sent</dt><dd><time datetime="${message.createdAt}">${escapeHtml(formatDateTime(message.createdAt, 'UTC'))}</time></dd>
</dl>
<iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(body)}"></iframe>
</article>`;
}

function mailboxPage(messages: readonly MailboxMessage[]): string {
  const content = messages.length === 0 ? '<p>No Data Found</p>' : messages.map(messageSection).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px; color: #1f2933; }
article { border: 1px solid #cbd2d9; border-radius: 8px; padding: 16px; margin-bottom: 24px; }
h2 { font-size: 18px; margin: 0 0 8px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 12px; font-size: 14px; }
dt { font-weight: bold; }
dd { margin: 0; }
iframe { width: 100%; height: 520px; border: 1px solid #e4e7eb; border-radius: 4px; }
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>Messages the portal sent while no SMTP server is configured, newest first.</p>
${content}
</body>
</html>
`;
}

/** DESIGN.md development mailbox: never registered in production. */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (_request, reply) => {
    const messages = await listMessages(app.db, pageLimit);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mailboxPage(messages));
  });

  app.get('/latest.json', async (request, reply) => {
    const { to } = decodeOr400(LatestQuery, request.query);
    const message = await latestMessageTo(app.db, to);
    if (!message) throw notFound(`No message to ${to}`);
    return reply.header('cache-control', 'no-store').send(message);
  });
};
