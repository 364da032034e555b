import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12 §6 for the development identity provider (oidc-provider, on Koa in proxy mode): it must not
 * believe X-Forwarded-Host, -Proto or -For from anyone. It sees the portal as the rest of the portal
 * does: the scheme and host of PUBLIC_URL (every link and the refresh cookie's Secure flag are built
 * from it) and the client address only as TRUST_PROXY lets Fastify believe it.
 */
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.66' };

const setCookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
const cookieHeader = (lines: readonly string[]) => lines.map((line) => line.split(';')[0]).join('; ');
const isSecure = (line: string) => line.split(';').some((attribute) => attribute.trim().toLowerCase() === 'secure');

interface Discovery {
  readonly issuer: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
  readonly jwks_uri: string;
}

async function discovery(app: FastifyInstance, options: Omit<InjectOptions, 'url'>): Promise<Discovery> {
  const response = await app.inject({ ...options, url: '/oidc/.well-known/openid-configuration' });
  expect(response.statusCode).toBe(200);
  return response.json<Discovery>();
}

const endpointsOf = (document: Discovery) => [document.issuer, document.authorization_endpoint, document.token_endpoint, document.jwks_uri];

/** 'Continue with Google', then the provider's authorization endpoint as the browser would call it. */
async function authorise(app: FastifyInstance, options: Omit<InjectOptions, 'url'>) {
  const login = await app.inject({ url: '/api/auth/login/google' });
  expect(login.statusCode).toBe(302);
  const target = new URL(String(login.headers.location));
  const headers = { ...(options.headers ?? {}), cookie: cookieHeader(setCookies(login)) };
  return { login, authorised: await app.inject({ ...options, headers, url: target.pathname + target.search }) };
}

describe('the development identity provider and X-Forwarded-* headers', () => {
  describe('with TRUST_PROXY unset, on http', () => {
    let running: TestApp;
    beforeAll(async () => (running = await createTestApp()));
    afterAll(async () => running.close());

    it('builds its endpoints on PUBLIC_URL, whatever Host and X-Forwarded-Host a client sends', async () => {
      const { app } = running;
      const publicUrl = app.config.publicUrl;
      for (const document of [await discovery(app, {}), await discovery(app, { remoteAddress: '198.51.100.9', headers: forged })]) {
        for (const endpoint of endpointsOf(document)) expect(endpoint.startsWith(`${publicUrl}/oidc`), endpoint).toBe(true);
      }
    });

    it('sets no Secure cookie and redirects within the portal when a client claims X-Forwarded-Proto https', async () => {
      const { app } = running;
      const { authorised } = await authorise(app, { remoteAddress: '198.51.100.9', headers: forged });
      expect(authorised.statusCode).toBe(303);
      expect(new URL(String(authorised.headers.location), app.config.publicUrl).origin).toBe(new URL(app.config.publicUrl).origin);
      const cookies = setCookies(authorised);
      expect(cookies.length).toBeGreaterThan(0);
      for (const line of cookies) expect(isSecure(line), line).toBe(false);
    });
  });

  describe('with an https PUBLIC_URL behind a proxy named in TRUST_PROXY', () => {
    const publicUrl = 'https://portal.example.com.au';
    let running: TestApp;
    beforeAll(async () => (running = await createTestApp({ publicUrl, trustProxy: ['172.30.0.2'] })));
    afterAll(async () => running.close());

    const fromProxy = { remoteAddress: '172.30.0.2', headers: { host: 'portal.example.com.au', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' } };

    it('builds https endpoints on PUBLIC_URL, for the proxy and for the portal’s own in-process discovery alike', async () => {
      const { app } = running;
      for (const endpoint of endpointsOf(await discovery(app, fromProxy))) expect(endpoint.startsWith(`${publicUrl}/oidc`), endpoint).toBe(true);
      const { login } = await authorise(app, fromProxy);
      expect(String(login.headers.location).startsWith(`${publicUrl}/oidc/auth?`)).toBe(true);
    });

    it('sets its cookies Secure, as the portal’s own are on an https PUBLIC_URL, and takes no host the proxy passes on', async () => {
      const { app } = running;
      const { authorised } = await authorise(app, { ...fromProxy, headers: { ...fromProxy.headers, 'x-forwarded-host': 'evil.example' } });
      expect(authorised.statusCode).toBe(303);
      const cookies = setCookies(authorised);
      expect(cookies.length).toBeGreaterThan(0);
      for (const line of cookies) expect(isSecure(line), line).toBe(true);
      expect(new URL(String(authorised.headers.location), publicUrl).origin).toBe(publicUrl);
      for (const endpoint of endpointsOf(await discovery(app, { ...fromProxy, headers: { ...fromProxy.headers, 'x-forwarded-host': 'evil.example' } }))) {
        expect(endpoint.startsWith(`${publicUrl}/oidc`), endpoint).toBe(true);
      }
    });
  });
});
