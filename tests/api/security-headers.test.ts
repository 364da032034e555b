import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { blobOrigins, portalDirectives } from '../../server/http/security-headers';
import { seedDemo } from '../../server/seed/demo';
import { siteByNumber } from './site-visit-fixtures';
import { createTestApp, type TestApp } from './test-app';

const indexHtml = `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />
<title>SiteSafe Portal</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`;

type Headers = Record<string, string | string[] | number | undefined>;

/** The policy's directives by name, each with its sources. */
function policy(headers: Headers): Map<string, string[]> {
  const header = String(headers['content-security-policy'] ?? '');
  expect(header, 'a Content-Security-Policy header').not.toBe('');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const styleNonceOf = (headers: Headers) => policy(headers).get('style-src')?.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);

function expectCommonHeaders(headers: Headers, url: string) {
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['x-frame-options'], url).toBe('DENY');
  expect(headers['referrer-policy'], url).toBe('no-referrer');
  expect(headers['strict-transport-security'], `${url}: HSTS only in production`).toBeUndefined();
}

describe('security headers', () => {
  let running: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("portal")');
    running = await createTestApp({ serveSpa: true, distDir });
  });
  afterAll(async () => {
    await running.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('gives the web app a strict policy: scripts from the portal only, inline styles only with the nonce its page carries', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/index.html', '/clients', '/site/0b7c9a4e-8d7e-4a39-9a3a-3f1c2b4d5e6f/check-in?key=x']) {
      const response = await running.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      const directives = policy(response.headers);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src'), url).toEqual(["'self'"]);
      expect(directives.get('script-src-attr')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:3000']);
      expect(directives.get('connect-src')).toEqual(["'self'", 'http://localhost:3000']);
      expect([...directives.values()].flat().filter((source) => source.startsWith("'unsafe-")), url).toEqual([]);
      const nonce = styleNonceOf(response.headers) ?? '';
      expect(directives.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(response.body).not.toContain('__CSP_NONCE__');
      expect(response.headers['content-encoding'], 'written per response, never a stored compressed copy').toBeUndefined();
      expect(response.headers.etag, 'nothing to revalidate a copy with an old nonce against').toBeUndefined();
      expect(response.headers['last-modified']).toBeUndefined();
      expectCommonHeaders(response.headers, url);
      nonces.add(nonce);
    }
    expect(nonces.size, 'a fresh nonce on every response').toBe(4);
  });

  it('sends the same headers on the API, static assets and unknown paths', async () => {
    for (const url of ['/api/health', '/assets/index-Ab12Cd34.js', '/logo-missing.svg', '/api/nothing-here']) {
      const response = await running.app.inject({ url });
      expectCommonHeaders(response.headers, url);
      expect(policy(response.headers).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy(response.headers).get('script-src'), url).toEqual(["'self'"]);
    }
    const unauthorised = await running.app.inject({ url: '/api/profile' });
    expect(unauthorised.statusCode).toBe(401);
    expectCommonHeaders(unauthorised.headers, '/api/profile');
    // The API answers JSON and files, never a page with an inline style: no nonce, no inline styles at all.
    for (const response of [unauthorised, await running.app.inject({ url: '/api/health' })]) {
      expect(policy(response.headers).get('style-src')).toEqual(["'self'"]);
      expect(policy(response.headers).get('default-src')).toEqual(["'self'"]);
    }
  });

  it('puts every header of the page policy on API answers, with the same values bar the policy itself, and follows a changed file origin', async () => {
    const helmetHeaders = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const page = await running.app.inject({ url: '/' });
    const answers = [await running.app.inject({ url: '/api/health' }), await running.app.inject({ url: '/api/health' }), await running.app.inject({ url: '/api/profile' })];
    for (const name of helmetHeaders) expect(page.headers[name], name).toBeDefined();
    for (const answer of answers) {
      for (const name of helmetHeaders.slice(1)) expect(answer.headers[name], name).toBe(page.headers[name]);
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(policy(answer.headers)).toEqual(new Map([...policy(page.headers)].map(([name, sources]) => [name, name === 'style-src' ? ["'self'"] : sources])));
    }

    // As test-app does once the app listens: the configuration's public address changes under a running app.
    const config = running.app.config as { publicUrl: string };
    const publicUrl = config.publicUrl;
    try {
      config.publicUrl = 'http://portal.example.test:8080';
      const moved = await running.app.inject({ url: '/api/health' });
      expect(policy(moved.headers).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://portal.example.test:8080']);
      expect(policy(moved.headers).get('connect-src')).toEqual(["'self'", 'http://portal.example.test:8080']);
    } finally {
      config.publicUrl = publicUrl;
    }
    expect(policy((await running.app.inject({ url: '/api/health' })).headers).get('img-src')).toEqual(["'self'", 'data:', 'blob:', publicUrl]);
  });

  it('serves the development sign-in pages under the same policy, their styles from a file', async () => {
    const login = await running.app.inject({ url: '/api/auth/login/google' });
    const authorise = await running.app.inject({
      url: new URL(String(login.headers.location)).pathname + new URL(String(login.headers.location)).search,
      headers: { cookie: [login.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ') },
    });
    expect(authorise.statusCode).toBe(303);
    const cookie = [authorise.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
    const page = await running.app.inject({ url: new URL(String(authorise.headers.location), running.app.config.publicUrl).pathname, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Development sign-in</h1>');

    const expired = await running.app.inject({ url: '/oidc/interaction/no-such-sign-in' });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('Sign-in could not continue');

    for (const response of [page, expired]) {
      expectCommonHeaders(response.headers, 'development sign-in');
      const directives = policy(response.headers);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(response.body).not.toMatch(/<style|style=|<script/);
      const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(response.body)?.[1] ?? '';
      const css = await running.app.inject({ url: stylesheet });
      expect(css.statusCode, stylesheet).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toContain('.account-email');
      expectCommonHeaders(css.headers, stylesheet);
    }
  });

  it('allows inline styles on the development mailbox only, where stored email HTML needs them', async () => {
    const mailbox = await running.app.inject({ url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(200);
    const directives = policy(mailbox.headers);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expectCommonHeaders(mailbox.headers, '/dev/mailbox');
  });

  it('sends PDFs and files from the blob store with nosniff, so a renamed upload is never read as a page', async () => {
    const { app } = running;
    await seedDemo(app.db, app.storage);
    const site = await siteByNumber(app, 'HB-1053');
    const token = await app.auth.tokenForEmail('admin@harbourbuild.demo');
    const poster = await app.inject({ url: `/api/company/${site.company_id}/projectSites/${site.id}/poster.pdf`, headers: { authorization: `Bearer ${token}` } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('application/pdf');
    expectCommonHeaders(poster.headers, 'poster.pdf');

    await app.storage.putFile('security-headers/page.pdf', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'text/html');
    const readUrl = new URL(app.storage.readUrl('security-headers/page.pdf'));
    const file = await app.inject({ url: readUrl.pathname + readUrl.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expectCommonHeaders(file.headers, 'blob file');
    // A document policy would stop Chrome's PDF viewer drawing the file; the file is never a page of ours.
    expect(file.headers['content-security-policy']).toBeUndefined();
  });

  it('names the blob store’s public origin, where browsers upload and read files, in img-src and connect-src', () => {
    const azure = 'DefaultEndpointsProtocol=https;AccountName=sitesafefiles;AccountKey=a2V5;EndpointSuffix=core.windows.net';
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://portal.example.com.au', ...env });
    expect(blobOrigins(config({}))).toEqual(['https://portal.example.com.au']);
    expect(blobOrigins(config({ AZURE_STORAGE_CONNECTION_STRING: azure }))).toEqual(['https://sitesafefiles.blob.core.windows.net']);
    expect(blobOrigins(config({ AZURE_STORAGE_CONNECTION_STRING: azure, BLOB_PUBLIC_URL: 'https://files.example.com.au/store/' }))).toEqual([
      'https://files.example.com.au',
    ]);
    const directives = portalDirectives(config({ AZURE_STORAGE_CONNECTION_STRING: azure }));
    const evaluated = (name: string) =>
      [...(directives[name] as Iterable<string | ((...args: never[]) => string)>)].map((source) => (typeof source === 'string' ? source : '…'));
    expect(evaluated('img-src')).toEqual(["'self'", 'data:', 'blob:', '…']);
    expect(directives['upgrade-insecure-requests'], 'an https portal upgrades stray http addresses').toEqual([]);
    expect(portalDirectives(config({ PUBLIC_URL: 'http://192.168.1.20:3000' }))['upgrade-insecure-requests']).toBeUndefined();
  });

  it('adds Strict-Transport-Security in production only', async () => {
    const production = await createTestApp({ mode: 'production', devIdentityProvider: false, publicUrl: 'https://portal.example.com.au' });
    try {
      const response = await production.app.inject({ url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(policy(response.headers).get('img-src')).toContain('https://portal.example.com.au');
    } finally {
      await production.close();
    }
    const development = await running.app.inject({ url: '/api/health' });
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });
});
