import { describe, expect, test } from 'vitest';
import { serverOnlyPaths, withFreshNonce } from '../../../src/app/offline/offline-shell';

const keptNonce = 'a2VwdC1ub25jZS0xMjM0NQ==';
const keptPolicy = `default-src 'self';script-src 'self';style-src 'self' 'nonce-${keptNonce}';worker-src 'self'`;
const keptPage = `<!doctype html><html><head><meta property="csp-nonce" nonce="${keptNonce}" /></head><body><div id="root"></div></body></html>`;

const keptShell = () =>
  new Response(keptPage, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': keptPolicy, 'x-frame-options': 'DENY' } });

const nonceIn = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

describe('the shell the service worker sends with no signal', () => {
  test('carries a nonce of its own, the same in its policy and its page', async () => {
    const shell = await withFreshNonce(keptShell());
    const nonce = nonceIn(shell.headers.get('content-security-policy'));
    expect(nonce).toBeDefined();
    expect(nonce).not.toBe(keptNonce);
    const page = await shell.text();
    expect(page).toContain(`nonce="${nonce}"`);
    expect(page).not.toContain(keptNonce);
  });

  test('keeps the rest of the policy and the other headers as the portal sent them', async () => {
    const shell = await withFreshNonce(keptShell());
    const nonce = nonceIn(shell.headers.get('content-security-policy')) ?? '';
    expect(shell.headers.get('content-security-policy')).toBe(keptPolicy.replace(keptNonce, nonce));
    expect(shell.headers.get('x-frame-options')).toBe('DENY');
    expect(shell.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shell.status).toBe(200);
  });

  test('differs each time it is sent', async () => {
    const nonces = await Promise.all([1, 2, 3].map(async () => nonceIn((await withFreshNonce(keptShell())).headers.get('content-security-policy'))));
    expect(new Set(nonces).size).toBe(3);
  });

  test('leaves the server’s own addresses to the browser', () => {
    const isServers = (path: string) => serverOnlyPaths.some((pattern) => pattern.test(path));
    expect(['/api/health', '/oidc/auth', '/oidc', '/dev/mailbox', '/blob/portal-files/a.jpg'].every(isServers)).toBe(true);
    expect(['/', '/trades/1', '/site/2/swms/new', '/site/2/check-in', '/oidcs', '/developers'].some(isServers)).toBe(false);
  });
});
