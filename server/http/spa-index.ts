import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginPageFile, signedInHintCookie } from '../../src/domain/login-page';
import { styleNonce } from './security-headers';

/** Where index.html's csp-nonce meta takes each response's nonce. */
export const cspNoncePlaceholder = '__CSP_NONCE__';

/**
 * Written into the page while the development sign-in is mounted (server/auth/plugin.ts), so the
 * version label says DEV without a request of its own (DESIGN.md; src/app/layout/version-label.ts).
 */
export const devSignInMeta = '<meta name="dev-sign-in" content="mounted" />';

/**
 * Issue 11: a signed-out visitor's `GET /` (no query: `/?code=` is a sign-in coming back) gets the
 * build's copy of the page with the login page drawn in (src/domain/login-page.ts), so it shows before
 * the app's code has arrived. A build without that copy (the development server's) sends the plain page.
 */
async function pageFor(request: FastifyRequest, reply: FastifyReply, distDir: string): Promise<string> {
  if (request.url !== '/') return readFile(path.join(distDir, 'index.html'), 'utf8');
  // Which page `/` answers depends on the cookie: a cache between may not give one browser's to another.
  reply.header('vary', 'Cookie');
  if (request.cookies[signedInHintCookie] === undefined) {
    try {
      return await readFile(path.join(distDir, loginPageFile), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return readFile(path.join(distDir, 'index.html'), 'utf8');
}

/**
 * The web app's page with this response's CSP nonce written in, and whether anyone may sign in with
 * the development sign-in. The nonce differs on every response, so the page is sent whole each time:
 * no validators a browser could revalidate an old copy with.
 */
export async function sendSpaIndex(request: FastifyRequest, reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  const html = await pageFor(request, reply, distDir);
  const page = reply.server.config.devIdentityProvider ? html.replace('</head>', `  ${devSignInMeta}\n  </head>`) : html;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(page.replaceAll(cspNoncePlaceholder, styleNonce(reply)));
}
