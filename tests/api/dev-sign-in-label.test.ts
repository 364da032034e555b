import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSignInMeta } from '../../server/http/spa-index';
import { createTestApp } from './test-app';

const indexHtml = `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />
<title>SiteSafe Portal</title></head><body><div id="root"></div></body></html>`;

/**
 * Issue 13 §3: the version label says DEV whenever the development sign-in is mounted. The server
 * writes that into the page it serves (no request of its own); a production portal never does.
 */
describe('the page tells the web app whether the development sign-in is mounted', () => {
  let distDir: string;

  beforeAll(() => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('carries the dev-sign-in meta, in the head, on every app route while the development sign-in is mounted', async () => {
    const running = await createTestApp({ serveSpa: true, distDir });
    try {
      expect(running.app.config.devIdentityProvider).toBe(true);
      // The development sign-in really is there to use.
      const discovery = await running.app.inject({ url: '/oidc/.well-known/openid-configuration' });
      expect(discovery.statusCode).toBe(200);
      expect(discovery.headers['content-type']).toContain('application/json');
      for (const url of ['/', '/clients', '/company/0b7c9a4e-8d7e-4a39-9a3a-3f1c2b4d5e6f/swms']) {
        const page = await running.app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        const head = page.body.slice(0, page.body.indexOf('</head>'));
        expect(head, url).toContain(devSignInMeta);
        expect(page.body.split(devSignInMeta), 'once').toHaveLength(2);
      }
    } finally {
      await running.close();
    }
  });

  it('never carries it in production, where the development sign-in is not mounted', async () => {
    const production = await createTestApp({ mode: 'production', devIdentityProvider: false, publicUrl: 'https://portal.example.com.au', serveSpa: true, distDir });
    try {
      // No OpenID discovery there: the address is just another app route.
      expect((await production.app.inject({ url: '/oidc/.well-known/openid-configuration' })).headers['content-type']).toContain('text/html');
      for (const url of ['/', '/clients']) {
        const page = await production.app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('<title>SiteSafe Portal</title>');
        expect(page.body, url).not.toContain('dev-sign-in');
      }
    } finally {
      await production.close();
    }
  });
});
