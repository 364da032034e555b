import { createPrivateKey, createPublicKey, generateKeyPairSync, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenAudience, accessTokenIssuer } from '../../server/auth/access-token';
import { authPlugin } from '../../server/auth/plugin';
import { refreshGraceSeconds } from '../../server/auth/refresh-tokens';
import { hashSecret } from '../../server/auth/secrets';
import { signingKeyName } from '../../server/auth/signing-key';
import { ConfigError, loadConfig } from '../../server/config';
import { HttpError } from '../../server/http/errors';
import { addSuperUser, findOrCreateUserByEmail } from '../../server/users/repository';
import { checkInPath } from '../../src/domain/check-in-page';
import { returnToParam } from '../../src/domain/login-page';
import { createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp();
});
afterAll(async () => shared.close());

/** The shared app, or one of its own when the test needs other settings. */
async function start(overrides?: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  if (!overrides) return shared;
  const testApp = await createTestApp(overrides);
  opened.push(testApp);
  return testApp;
}

/** A browser's cookie jar over app.inject: follows the sign-in redirects as a person's browser would. */
function browser(app: FastifyInstance) {
  const cookies = new Map<string, { value: string; path: string }>();
  const publicUrl = () => app.config.publicUrl;

  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (gone || value === '') cookies.delete(name);
      else cookies.set(name, { value, path });
    }
  };

  async function request(method: 'GET' | 'POST', address: string, form?: Record<string, string>, json?: unknown) {
    const url = new URL(address, publicUrl());
    const cookie = [...cookies]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const response = await app.inject({
      method,
      url: url.pathname + url.search,
      headers: {
        host: url.host,
        'x-forwarded-proto': url.protocol.slice(0, -1),
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : json === undefined ? {} : { payload: json as object }),
    });
    remember(response.headers['set-cookie']);
    return response;
  }

  return { request, cookies };
}

type Browser = ReturnType<typeof browser>;

const location = (response: { headers: Record<string, unknown> }) => String(response.headers.location);

const formFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));

/** Clicks 'Continue with …', picks the account on the development sign-in page, lands back on the portal. */
async function signInThroughDevProvider(app: FastifyInstance, email: string, provider: 'google' | 'apple' = 'google', query = '') {
  const b = browser(app);
  const login = await b.request('GET', `/api/auth/login/${provider}${query}`);
  expect(login.statusCode).toBe(302);
  expect(location(login)).toMatch(new RegExp(`^${app.config.publicUrl}/oidc/auth\\?`));
  const authorise = await b.request('GET', location(login));
  expect(authorise.statusCode).toBe(303);
  const page = await b.request('GET', location(authorise));
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<h1>Development sign-in</h1>');
  const action = /<form method="post" action="([^"]+\/login)"/.exec(page.body)?.[1] ?? '';
  const finished = await b.request('POST', action, { email });
  expect(finished.statusCode).toBe(303);
  const resumed = await b.request('GET', location(finished));
  const callback =
    provider === 'apple'
      ? await b.request('POST', /<form method="post" action="([^"]+)"/.exec(resumed.body)?.[1] ?? '', formFields(resumed.body))
      : await b.request('GET', location(resumed));
  expect(callback.statusCode).toBe(302);
  const landing = new URL(location(callback));
  expect(`${landing.origin}${landing.pathname}`).toBe(`${app.config.publicUrl}/`);
  const code = landing.searchParams.get('code');
  expect(code).toBeTruthy();
  return { browser: b, code: code ?? '', page: page.body, landing };
}

async function exchange(b: Browser, code: string, extra: Record<string, unknown> = {}) {
  return b.request('POST', '/api/auth/token', undefined, { code, ...extra });
}

async function signIn(app: FastifyInstance, email: string, provider: 'google' | 'apple' = 'google') {
  const { browser: b, code } = await signInThroughDevProvider(app, email, provider);
  const response = await exchange(b, code);
  expect(response.statusCode).toBe(200);
  return { browser: b, token: response.json<{ token: string }>().token };
}

async function createCompany(app: FastifyInstance): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('companies')
    .values({
      id,
      name: 'Harbour Build Co',
      abn: String(randomInt(10_000_000_000, 99_999_999_999)),
      builders_reg_number: 'BR-1',
      phone: '0291234567',
      email: 'office@harbourbuild.test',
      address: '1 George St, Sydney NSW 2000',
      postal_address: 'PO Box 1, Sydney NSW 2001',
    })
    .execute();
  return id;
}

async function addCompanyRole(app: FastifyInstance, email: string, companyId: string, role: 'CompanyAdmin' | 'CompanySupervisor') {
  const user = await findOrCreateUserByEmail(app.db, email);
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: user.id, company_id: companyId, role, status: 'active' }).execute();
  return user;
}

/** A second app on the same database and key, with routes behind the guards under test. */
/** Another instance's guarded routes on the same database (elsewhere: its own settings, e.g. another machine's data folder). */
async function guardedRoutes(base: FastifyInstance, elsewhere: Partial<FastifyInstance['config']> = {}) {
  const app = Fastify({ logger: false });
  app.decorate('config', { ...base.config, devIdentityProvider: false, ...elsewhere });
  app.decorate('db', base.db);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof HttpError ? reply.code(error.statusCode).type('text/plain').send(error.message) : reply.code(500).send('unexpected'),
  );
  await app.register(fastifyCookie);
  await app.register(authPlugin);
  app.get('/me', { preHandler: [app.authenticate] }, async (request) => request.user);
  app.get('/clients', { preHandler: [app.authenticate, app.requireRoles('SuperUser')] }, async () => 'clients');
  app.get<{ Params: { companyId: string } }>('/company/:companyId', { preHandler: [app.authenticate] }, async (request) => {
    app.requireOwnCompany(request, request.params.companyId);
    return 'company';
  });
  await app.ready();
  opened.push({ close: () => app.close() });
  return app;
}

async function storedSigningKey(app: FastifyInstance): Promise<string> {
  return (await app.db.selectFrom('server_keys').select('secret').where('name', '=', signingKeyName).executeTakeFirstOrThrow()).secret;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sign-in through the development identity provider', () => {
  it('signs an unknown email in with Google as an Unregistered user, end to end', async () => {
    const { app } = await start();
    const { browser: b, code } = await signInThroughDevProvider(app, 'Stranger@Example.com');
    const response = await exchange(b, code);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const payload = decodeJwt(token);
    expect(Object.keys(payload).sort()).toEqual(['aud', 'company', 'exp', 'iat', 'iss', 'roles', 'sub']);
    expect(payload).toMatchObject({ roles: ['Unregistered'], company: null });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', String(payload.sub)).executeTakeFirstOrThrow();
    expect(user.email.toLowerCase()).toBe('stranger@example.com');
    const identity = await app.db.selectFrom('identities').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: `${app.config.publicUrl}/oidc`, subject: 'stranger@example.com' });
    const audit = await app.db.selectFrom('audit_events').selectAll().where('actor_user_id', '=', user.id).execute();
    expect(audit.map((event) => event.action)).toContain('auth.signIn');
  });

  it('signs in with Apple through a form_post answer, the way Apple replies', async () => {
    const { app } = await start();
    const { token } = await signIn(app, 'apple-user@example.com', 'apple');
    expect(decodeJwt(token)).toMatchObject({ roles: ['Unregistered'], company: null });
  });

  it('lists every account with a role on the sign-in page and signs a super user in with that role', async () => {
    const { app } = await start();
    await addSuperUser(app.db, 'super@sitesafe.test');
    const companyId = await createCompany(app);
    await addCompanyRole(app, 'admin@harbourbuild.test', companyId, 'CompanyAdmin');
    const { page } = await signInThroughDevProvider(app, 'someone@example.com');
    expect(page).toMatch(/<button class="account" type="submit" name="email" value="super@sitesafe.test">[\s\S]*?Super User/);
    expect(page).toMatch(/value="admin@harbourbuild.test">[\s\S]*?Admin, Harbour Build Co/);
    expect(page).toMatch(/<label for="email">Email<\/label>/);
    expect(page).toContain('<link rel="stylesheet" href="/oidc/dev-sign-in.css">');
    expect((await app.inject({ url: '/oidc/dev-sign-in.css' })).body).toContain('prefers-color-scheme: dark');
    const superUser = decodeJwt((await signIn(app, 'super@sitesafe.test')).token);
    expect(superUser).toMatchObject({ roles: ['SuperUser'], company: null });
    const admin = decodeJwt((await signIn(app, 'ADMIN@harbourbuild.test', 'apple')).token);
    expect(admin).toMatchObject({ roles: ['CompanyAdmin'], company: companyId });
  });

  it('asks again for a valid email instead of failing', async () => {
    const { app } = await start();
    const b = browser(app);
    const authorise = await b.request('GET', location(await b.request('GET', '/api/auth/login/google')));
    const page = await b.request('GET', location(authorise));
    const action = /action="([^"]+\/login)"/.exec(page.body)?.[1] ?? '';
    const retry = await b.request('POST', action, { email: 'not-an-email' });
    expect(retry.statusCode).toBe(400);
    expect(retry.body).toContain('role="alert"');
    expect(retry.body).toContain('aria-invalid="true"');
  });

  it('a one-time code works once and never after it expires', async () => {
    const { app } = await start();
    const { browser: b, code } = await signInThroughDevProvider(app, 'once@example.com');
    expect((await exchange(b, code)).statusCode).toBe(200);
    const reused = await exchange(b, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.body).toBe('Sign-in code is invalid or expired');
    const second = await signInThroughDevProvider(app, 'once@example.com');
    await app.db.updateTable('auth_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('code_hash', '=', hashSecret(second.code)).execute();
    expect((await exchange(second.browser, second.code)).statusCode).toBe(401);
    expect((await exchange(b, 'made-up')).statusCode).toBe(401);
  });

  it('hands an invitation code to the invitations hook before issuing the token', async () => {
    const { app } = await start();
    const seen: string[] = [];
    const invitations = app.auth.onInviteCode;
    app.auth.onInviteCode = async (_userId, inviteCode) => {
      seen.push(inviteCode);
    };
    try {
      const { browser: b, code } = await signInThroughDevProvider(app, 'invited@example.com');
      expect((await exchange(b, code, { inviteCode: 'invite-123' })).statusCode).toBe(200);
      expect(seen).toEqual(['invite-123']);
    } finally {
      app.auth.onInviteCode = invitations;
    }
  });

  it('sends a failed or forged answer back to the portal with signInError, never an error page', async () => {
    const { app } = await start();
    const b = browser(app);
    const noSignIn = await b.request('GET', '/api/auth/callback/google?code=abc&state=xyz');
    expect(location(noSignIn)).toBe(`${app.config.publicUrl}/?signInError=1`);
    await b.request('GET', '/api/auth/login/google');
    const forged = await b.request('GET', `/api/auth/callback/google?code=abc&state=forged&iss=${encodeURIComponent(`${app.config.publicUrl}/oidc`)}`);
    expect(forged.statusCode).toBe(302);
    expect(location(forged)).toBe(`${app.config.publicUrl}/?signInError=1`);
    const denied = await b.request('POST', '/api/auth/callback/apple', { error: 'access_denied' });
    expect(location(denied)).toBe(`${app.config.publicUrl}/?signInError=1`);
  });
});

describe('a sign-in started by the drawn check-in page (issue 11)', () => {
  const gate = checkInPath(randomUUID(), 'k'.repeat(32));
  const started = (returnTo: string) => `?${returnToParam}=${encodeURIComponent(returnTo)}`;

  it('comes back to that check-in page, beside the code, with either provider', async () => {
    const { app } = await start();
    for (const provider of ['google', 'apple'] as const) {
      const { landing, browser: b, code } = await signInThroughDevProvider(app, 'gate-visitor@example.com', provider, started(gate));
      expect(landing.searchParams.get(returnToParam), provider).toBe(gate);
      expect((await exchange(b, code)).statusCode, provider).toBe(200);
    }
  });

  it('follows only a check-in page of this portal with its key, written afresh', async () => {
    const { app } = await start();
    const notFollowed = ['/clients', '//evil.example/site/x/check-in?key=1', 'https://evil.example/site/x/check-in?key=1', '/site/x/check-in', '/site/x/check-in?key=', '/\\evil.example/site/x/check-in?key=1'];
    for (const returnTo of notFollowed) {
      const { landing } = await signInThroughDevProvider(app, 'gate-visitor@example.com', 'google', started(returnTo));
      expect(landing.searchParams.has(returnToParam), returnTo).toBe(false);
    }
    const { landing } = await signInThroughDevProvider(app, 'gate-visitor@example.com', 'google', started(`${gate}&then=/clients#top`));
    expect(landing.searchParams.get(returnToParam)).toBe(gate);
  });

  it('goes back to that page with signInError when the sign-in fails', async () => {
    const { app } = await start();
    const b = browser(app);
    await b.request('GET', `/api/auth/login/google${started(gate)}`);
    const forged = await b.request('GET', `/api/auth/callback/google?code=abc&state=forged&iss=${encodeURIComponent(`${app.config.publicUrl}/oidc`)}`);
    expect(location(forged)).toBe(`${app.config.publicUrl}/?signInError=1&${returnToParam}=${encodeURIComponent(gate)}`);
  });
});

describe('refresh and sign-out', () => {
  const refreshCookie = (b: Browser) => b.cookies.get('portal_refresh')?.value ?? '';

  it('sets the refresh cookie httpOnly, SameSite=Strict, on /api/auth, for 30 days', async () => {
    const { app } = await start();
    const { browser: b, code } = await signInThroughDevProvider(app, 'cookie@example.com');
    const response = await exchange(b, code);
    const cookie = [response.headers['set-cookie']].flat().find((line) => line?.startsWith('portal_refresh=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks the cookies Secure when the portal is served over https', async () => {
    const { app } = await start({ publicUrl: 'https://portal.example.test' });
    const { browser: b, code } = await signInThroughDevProvider(app, 'secure@example.com', 'apple');
    const cookie = [(await exchange(b, code)).headers['set-cookie']].flat().find((line) => line?.startsWith('portal_refresh=')) ?? '';
    expect(cookie).toMatch(/; Secure/);
  });

  it('rotates the refresh token and answers a fresh access token', async () => {
    const { app } = await start();
    const { browser: b, token } = await signIn(app, 'rotate@example.com');
    const first = refreshCookie(b);
    const refreshed = await b.request('POST', '/api/auth/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json<{ token: string }>().token)).toMatchObject({ roles: ['Unregistered'] });
    expect(refreshCookie(b)).not.toBe(first);
    const rows = await app.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', String(decodeJwt(token).sub)).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.family)).size).toBe(1);
    expect(rows.filter((row) => row.rotated_at !== null)).toHaveLength(1);
  });

  it('accepts the JSON content type the SPA sends on every call, even without a body', async () => {
    const { app } = await start();
    const { browser: b } = await signIn(app, 'json@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'content-type': 'application/json', cookie: `portal_refresh=${refreshCookie(b)}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again after the grace window', async () => {
    const { app } = await start();
    const { browser: b, token } = await signIn(app, 'reuse@example.com');
    const stolen = refreshCookie(b);
    expect((await b.request('POST', '/api/auth/refresh')).statusCode).toBe(200);
    const current = refreshCookie(b);
    const afterGrace = new Date(Date.now() - (refreshGraceSeconds + 1) * 1000);
    await app.db.updateTable('refresh_tokens').set({ rotated_at: afterGrace }).where('token_hash', '=', hashSecret(stolen)).execute();
    const replay = await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { portal_refresh: stolen } });
    expect(replay.statusCode).toBe(401);
    const legitimate = await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { portal_refresh: current } });
    expect(legitimate.statusCode).toBe(401);
    const live = await app.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', String(decodeJwt(token).sub))
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    const recorded = await app.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id', 'chain'])
      .where('action', '=', 'auth.refreshReuse')
      .where('entity_id', '=', String(decodeJwt(token).sub))
      .execute();
    expect(recorded).toEqual([{ action: 'auth.refreshReuse', entity_id: String(decodeJwt(token).sub), chain: 'platform' }]);
  });

  it('answers 401 without a refresh cookie or with an unknown one', async () => {
    const { app } = await start();
    const none = await app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.body).toBe('Your session has ended, please sign in again');
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { portal_refresh: 'unknown' } });
    expect(unknown.statusCode).toBe(401);
    expect([unknown.headers['set-cookie']].flat().join()).toMatch(/portal_refresh=;/);
  });

  it('signs out: revokes the family, clears the cookie, records it, 204', async () => {
    const { app } = await start();
    const { browser: b, token } = await signIn(app, 'leaving@example.com');
    const kept = refreshCookie(b);
    const logout = await b.request('POST', '/api/auth/logout');
    expect(logout.statusCode).toBe(204);
    expect([logout.headers['set-cookie']].flat().join()).toMatch(/portal_refresh=;/);
    expect(b.cookies.has('portal_refresh')).toBe(false);
    const after = await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { portal_refresh: kept } });
    expect(after.statusCode).toBe(401);
    const events = await app.db.selectFrom('audit_events').select('action').where('actor_user_id', '=', String(decodeJwt(token).sub)).execute();
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(['auth.signIn', 'auth.signOut']));
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});

describe('access tokens and guards', () => {
  it('verifies a live token and refuses a missing, expired or tampered one with 401', async () => {
    const { app } = await start();
    const guarded = await guardedRoutes(app);
    const token = await app.auth.tokenForEmail('reader@example.com');
    const ok = await guarded.inject({ url: '/me', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ roles: ['Unregistered'], company: null });

    const missing = await guarded.inject({ url: '/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toMatch(/text\/plain/);
    expect(missing.body).toBe('You need to sign in');

    const key = createPrivateKey(await storedSigningKey(app));
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ roles: ['SuperUser'], company: null })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(accessTokenIssuer(app.config.publicUrl))
      .setAudience(accessTokenAudience)
      .setSubject(randomUUID())
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(key);
    const expiredAnswer = await guarded.inject({ url: '/me', headers: bearer(expired) });
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.body).toBe('Your session has expired, please sign in again');

    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), roles: ['SuperUser'] })).toString('base64url');
    expect((await guarded.inject({ url: '/me', headers: bearer(`${header}.${forgedPayload}.${signature}`) })).statusCode).toBe(401);
    expect((await guarded.inject({ url: '/me', headers: bearer('not-a-jwt') })).statusCode).toBe(401);
    expect((await guarded.inject({ url: '/me', headers: { authorization: `Basic ${token}` } })).statusCode).toBe(401);
  });

  it('refuses a role outside the allowed ones with 403', async () => {
    const { app } = await start();
    const guarded = await guardedRoutes(app);
    await addSuperUser(app.db, 'boss@example.com');
    const unregistered = await guarded.inject({ url: '/clients', headers: bearer(await app.auth.tokenForEmail('nobody@example.com')) });
    expect(unregistered.statusCode).toBe(403);
    expect(unregistered.body).toBe('You are not authorised to view this page');
    expect((await guarded.inject({ url: '/clients', headers: bearer(await app.auth.tokenForEmail('BOSS@example.com')) })).statusCode).toBe(200);
  });

  it('lets company users into their own company only, and out at once when it is deleted', async () => {
    const { app } = await start();
    const guarded = await guardedRoutes(app);
    const own = await createCompany(app);
    const other = await createCompany(app);
    await addCompanyRole(app, 'supervisor@harbourbuild.test', own, 'CompanySupervisor');
    const token = await app.auth.tokenForEmail('supervisor@harbourbuild.test');
    expect(decodeJwt(token)).toMatchObject({ roles: ['CompanySupervisor'], company: own });
    expect((await guarded.inject({ url: `/company/${own}`, headers: bearer(token) })).statusCode).toBe(200);
    const elsewhere = await guarded.inject({ url: `/company/${other}`, headers: bearer(token) });
    expect(elsewhere.statusCode).toBe(403);
    await app.db.updateTable('companies').set({ deleted_at: new Date() }).where('id', '=', own).execute();
    const gone = await guarded.inject({ url: `/company/${own}`, headers: bearer(token) });
    expect(gone.statusCode).toBe(401);
    expect(gone.body).toBe('Your company no longer has access');
  });

  it('keeps one generated signing key in the database, shared by every instance on it', async () => {
    const { app } = await start();
    const otherMachine = mkdtempSync(path.join(os.tmpdir(), 'portal-other-instance-'));
    opened.push({ close: async () => rmSync(otherMachine, { recursive: true, force: true }) });
    const guarded = await guardedRoutes(app, { dataDir: otherMachine });
    expect((await guarded.inject({ url: '/me', headers: bearer(await app.auth.tokenForEmail('same-key@example.com')) })).statusCode).toBe(200);
    expect(await app.db.selectFrom('server_keys').select('name').where('name', '=', signingKeyName).execute()).toHaveLength(1);
    expect(readdirSync(app.config.dataDir).filter((name) => name.endsWith('.pem'))).toEqual([]);
  });

  it('carries a key file written by an earlier version into the database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-legacy-key-'));
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(path.join(dataDir, 'jwt-es256.pem'), pem, { mode: 0o600 });
    const { app } = await start({ dataDir });
    opened.push({ close: async () => rmSync(dataDir, { recursive: true, force: true }) });
    expect(await storedSigningKey(app)).toBe(pem);
    const { payload } = await jwtVerify(await app.auth.tokenForEmail('legacy@example.com'), createPublicKey(pem), { algorithms: ['ES256'] });
    expect(payload.roles).toEqual(['Unregistered']);
  });
});

describe('bad requests', () => {
  it('answers 400, never 500, to bad token bodies and unknown providers', async () => {
    const { app } = await start();
    const post = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': type }, payload });
    for (const payload of ['{}', '{"code":5}', '[]', 'null', '{"code":"x","inviteCode":7}', '{not json', '']) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
    }
    expect((await post('code=abc', 'text/plain')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await post('code=abc', 'text/plain')).statusCode).toBeLessThan(500);
    const facebook = await app.inject({ url: '/api/auth/login/facebook' });
    expect(facebook.statusCode).toBe(400);
    expect(facebook.body).toBe('Sign-in is offered with Google or Apple only');
  });

  it('answers 400 when neither Google nor the development provider is configured', async () => {
    const { app } = await start({ devIdentityProvider: false });
    const response = await app.inject({ url: '/api/auth/login/google' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Sign-in with Google is not configured');
    expect((await app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  it('refuses a production start without Google or Apple, saying why', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/NODE_ENV=production needs Google .*or Apple .*sign-in configured/);
    expect(() => loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).not.toThrow();
  });
});
