import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { styleNonce } from './security-headers';

/** Where index.html's csp-nonce meta takes each response's nonce. */
export const cspNoncePlaceholder = '__CSP_NONCE__';

/**
 * The web app's page with this response's CSP nonce written in. The nonce differs on every response,
 * so the page is sent whole each time: no validators a browser could revalidate an old copy with.
 */
export async function sendSpaIndex(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(html.replaceAll(cspNoncePlaceholder, styleNonce(reply)));
}
