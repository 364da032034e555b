import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPageFile, signedInHintCookie } from '../../src/domain/login-page';
import { createTestApp, type TestApp } from './test-app';

const page = (root: string) => `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />
<title>SiteSafe Portal</title></head><body><div id="root">${root}</div></body></html>`;
const plainPage = page('');
const loginPage = page('<main class="login"><h1>Sign in</h1></main>');

/**
 * Issue 11: a signed-out visitor's `GET /` is the build's copy of the page with the login page drawn
 * in; everything else (a browser holding a session, a sign-in coming back with ?code=, any other
 * route) is the plain page. Both carry the response's CSP nonce; neither is cached.
 */
describe('the page GET / answers', () => {
  let distDir: string;
  let running: TestApp;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), plainPage);
    writeFileSync(path.join(distDir, loginPageFile), loginPage);
    running = await createTestApp({ serveSpa: true, distDir });
  });
  afterAll(async () => {
    await running.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, signedIn = false) => running.app.inject({ url, ...(signedIn ? { cookies: { [signedInHintCookie]: '1' } } : {}) });

  it('draws the login page in for a signed-out visitor, with the response’s nonce, never cached', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await running.app.inject({ method, url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Cookie');
      if (method === 'HEAD') continue;
      expect(response.body).toContain('<div id="root"><main class="login">');
      expect(response.body).not.toContain('__CSP_NONCE__');
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
      expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    }
  });

  it('sends the plain page to a browser holding a session, to a sign-in coming back, and on every other route', async () => {
    for (const [url, signedIn] of [['/', true], ['/?code=abc', false], ['/?code=abc', true], ['/clients', false], ['/profile', true]] as const) {
      const response = await get(url, signedIn);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, `${url} ${signedIn}`).toContain('<div id="root"></div>');
      expect(response.headers.vary, url).toBe(url === '/' ? 'Cookie' : undefined);
      expect(response.body, url).not.toContain('__CSP_NONCE__');
    }
  });

  it('never serves the copy as a file of its own, where its nonce placeholder would show', async () => {
    const response = await get(`/${loginPageFile}`);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('__CSP_NONCE__');
  });

  it('sends the plain page at / from a build without the copy', async () => {
    unlinkSync(path.join(distDir, loginPageFile));
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    writeFileSync(path.join(distDir, loginPageFile), loginPage);
  });
});
