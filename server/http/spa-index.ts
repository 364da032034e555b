import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { styleNonce } from './security-headers';

/** Where index.html's csp-nonce meta takes each response's nonce. */
export const cspNoncePlaceholder = '__CSP_NONCE__';

/**
 * Written into the page while the development sign-in is mounted (server/auth/plugin.ts), so the
 * version label says DEV without a request of its own (DESIGN.md; src/app/layout/version-label.ts).
 */
export const devSignInMeta = '<meta name="dev-sign-in" content="mounted" />';

/**
 * The web app's page with this response's CSP nonce written in, and whether anyone may sign in with
 * the development sign-in. The nonce differs on every response, so the page is sent whole each time:
 * no validators a browser could revalidate an old copy with.
 */
export async function sendSpaIndex(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const page = reply.server.config.devIdentityProvider ? html.replace('</head>', `  ${devSignInMeta}\n  </head>`) : html;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(page.replaceAll(cspNoncePlaceholder, styleNonce(reply)));
}
