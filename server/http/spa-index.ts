import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkInPageFile, checkInSiteId, type CheckInPageCopies, type DrawnVisitor } from '../../src/domain/check-in-page';
import { loginPageFile, signedInHintCookie } from '../../src/domain/login-page';
import { drawnCheckInSite, fillDrawnPage } from './check-in-drawn';
import { styleNonce } from './security-headers';

/** Where index.html's csp-nonce meta takes each response's nonce. */
export const cspNoncePlaceholder = '__CSP_NONCE__';

/**
 * Written into the page while the development sign-in is mounted (server/auth/plugin.ts), so the
 * version label says DEV without a request of its own (DESIGN.md; src/app/layout/version-label.ts).
 */
export const devSignInMeta = '<meta name="dev-sign-in" content="mounted" />';

/** The build's copy of the page named `file`, or undefined in a build without it (the development server's). */
async function copyOf(distDir: string, file: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(distDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/**
 * Issue 11: the page as the portal draws it, where it can (src/domain/login-page.ts, src/domain/check-in-page.ts):
 * - a signed-out visitor's `GET /` (no query: `/?code=` is a sign-in coming back) gets the login page drawn in, so it
 *   shows before the app's code has arrived;
 * - the check-in page a QR code opens gets its site drawn in beside `#root` (`drawnCheckInSite`), until the app takes over,
 *   with a working sign-in below it for a browser without a session.
 * Anything else, or a build without the copy, gets the plain page.
 */
async function pageFor(request: FastifyRequest, reply: FastifyReply, address: URL, distDir: string): Promise<string> {
  const plain = () => readFile(path.join(distDir, 'index.html'), 'utf8');
  const signedOut = request.cookies[signedInHintCookie] === undefined;
  if (request.url === '/') {
    // Which page `/` answers depends on the cookie: a cache between may not give one browser's to another.
    reply.header('vary', 'Cookie');
    return (signedOut ? await copyOf(distDir, loginPageFile) : undefined) ?? plain();
  }
  const siteId = checkInSiteId(address.pathname);
  if (siteId === undefined) return plain();
  // The check-in page draws its sign-in for a browser without a session, and its loading state for any other.
  reply.header('vary', 'Cookie');
  const copies = await copyOf(distDir, checkInPageFile);
  const page = copies === undefined ? undefined : await drawnCheckInSite(reply.server.db, siteId, address.searchParams.get('key') ?? '', request.log);
  if (copies === undefined || page === undefined) return plain();
  const visitor: DrawnVisitor = signedOut ? 'signedOut' : 'returning';
  return fillDrawnPage(JSON.parse(copies) as CheckInPageCopies, visitor, page);
}

/**
 * The address of a request target an app route may have, or undefined: `//x` and `/\x` name another host to a URL
 * parser (and to a browser's router), and a target that is not a path (`*`, an absolute URL) is no page of the app.
 */
function appAddress(target: string): URL | undefined {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  try {
    return new URL(target, 'http://portal.invalid');
  } catch {
    return undefined;
  }
}

/**
 * The web app's page with this response's CSP nonce written in, and whether anyone may sign in with
 * the development sign-in. The nonce differs on every response, so the page is sent whole each time:
 * no validators a browser could revalidate an old copy with.
 */
export async function sendSpaIndex(request: FastifyRequest, reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  const address = appAddress(request.url);
  if (address === undefined) return reply.code(404).type('text/plain').send('Not found');
  const html = await pageFor(request, reply, address, distDir);
  const page = reply.server.config.devIdentityProvider ? html.replace('</head>', `  ${devSignInMeta}\n  </head>`) : html;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(page.replaceAll(cspNoncePlaceholder, styleNonce(reply)));
}
