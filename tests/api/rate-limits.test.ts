import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { defaultRateLimits, type RateLimits } from '../../server/http/rate-limit-config';
import { countCall, PostgresRateLimitStore, type BucketCount } from '../../server/http/rate-limit-store';
import { pendingCapBytes } from '../../server/storage/pending-uploads';
import { uploadLimitBytes } from '../../server/storage/upload-rules';
import { addSuperUser } from '../../server/users/repository';
import { createTestApp, type TestApp } from './test-app';
import { describeOnPostgres } from '../support/on-postgres';

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

const opened: TestApp[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const started = await createTestApp();
  opened.push(started);
  app = started.app;
});
afterAll(async () => {
  for (const testApp of opened) await testApp.close();
});

/** A request from a client at `address`, as the portal would see it without a proxy. */
const from = (on: FastifyInstance, address: string, options: InjectOptions) => on.inject({ ...options, remoteAddress: address });

const badExchange = (on: FastifyInstance, address: string) =>
  from(on, address, { method: 'POST', url: '/api/auth/token', payload: { code: 'not-a-code' } });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer a limited call gives: 429, Retry-After within the window, and the API's plain-text message. */
function expectTooManyAttempts(answer: Answer, windowSeconds: number) {
  expect(answer.statusCode).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  expect(answer.body).toBe(`Too many attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`);
}

const statuses = (answers: readonly Answer[]) => answers.map((answer) => answer.statusCode);

describe('rate limits at their defaults', () => {
  it('answers 429 with Retry-After once one address has made its allowance of bad token exchanges, and not another address', async () => {
    const { perIp, windowSeconds } = app.config.rateLimits.tokenExchange;
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < perIp + 10; attempt += 1) answers.push(await badExchange(app, '203.0.113.7'));
    expect(statuses(answers.slice(0, perIp))).toEqual(Array(perIp).fill(401));
    expect(statuses(answers.slice(perIp))).toEqual(Array(10).fill(429));
    expectTooManyAttempts(answers[perIp] as Answer, windowSeconds);
    expect((await badExchange(app, '203.0.113.8')).statusCode).toBe(401);
  });

  it('limits invitation lookups per account from any address, and per address before anyone is signed in', async () => {
    const { perIp, perAccount = 0, windowSeconds } = app.config.rateLimits.invitationLookup;
    const token = await app.auth.tokenForEmail('curious@example.com');
    const lookups: Answer[] = [];
    for (let attempt = 0; attempt <= perAccount; attempt += 1) {
      lookups.push(await from(app, `198.51.100.${attempt + 1}`, { url: `/api/user/invite/guess-${attempt}`, headers: bearer(token) }));
    }
    expect(statuses(lookups.slice(0, perAccount))).toEqual(Array(perAccount).fill(404));
    expectTooManyAttempts(lookups[perAccount] as Answer, windowSeconds);
    const someoneElse = await app.auth.tokenForEmail('someone-else@example.com');
    expect((await from(app, '198.51.100.1', { url: '/api/user/invite/guess', headers: bearer(someoneElse) })).statusCode).toBe(404);

    const anonymous: Answer[] = [];
    for (let attempt = 0; attempt <= perIp; attempt += 1) anonymous.push(await from(app, '192.0.2.44', { url: `/api/user/invite/guess-${attempt}` }));
    expect(statuses(anonymous.slice(0, perIp))).toEqual(Array(perIp).fill(401));
    expectTooManyAttempts(anonymous[perIp] as Answer, windowSeconds);
  });

  it('serves one account only its allowance of upload URLs from a burst of 200, within its pending-uploads cap, and stores no file for the rest', async () => {
    const { perAccount = 0, windowSeconds } = app.config.rateLimits.fileUpload;
    const { user } = await addSuperUser(app.db, 'uploader@sitesafe.test');
    const token = await app.auth.tokenForEmail('uploader@sitesafe.test');
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        from(app, `10.1.${Math.floor(index / 100)}.${index % 100}`, {
          method: 'POST',
          url: '/api/file',
          headers: bearer(token),
          payload: { type: 'companyProfile', filename: `logo-${index}.png` },
        }),
      ),
    );
    const admitted = burst.filter((answer) => answer.statusCode !== 429);
    expect(admitted).toHaveLength(perAccount);
    expectTooManyAttempts(burst.find((answer) => answer.statusCode === 429) as Answer, windowSeconds);
    // Of those the rate limit lets through, the pending-uploads cap issues as many unused logo URLs as fit in it.
    const fitting = Math.min(perAccount, Math.floor(pendingCapBytes / uploadLimitBytes.companyProfile));
    expect(admitted.filter((answer) => answer.statusCode === 201)).toHaveLength(fitting);
    expect(new Set(statuses(admitted.filter((answer) => answer.statusCode !== 201)))).toEqual(fitting < perAccount ? new Set([409]) : new Set());
    const stored = await app.db.selectFrom('files').select('id').where('created_by', '=', user.id).execute();
    expect(stored).toHaveLength(fitting);
  });
});

describe('rate limits set in the configuration', () => {
  let tight: FastifyInstance;
  const oncePerMinute = { perIp: 1, perAccount: 100, windowSeconds: 60 };
  const rateLimits: RateLimits = {
    signInStart: oncePerMinute,
    signInCallback: oncePerMinute,
    tokenExchange: oncePerMinute,
    refresh: { perIp: 2, windowSeconds: 2 },
    invitationLookup: oncePerMinute,
    invitationAccept: oncePerMinute,
    fileUpload: oncePerMinute,
  };

  beforeAll(async () => {
    const started = await createTestApp({ rateLimits, trustProxy: ['127.0.0.1'] });
    opened.push(started);
    tight = started.app;
  });

  it('limits sign-in start, callback, token exchange, refresh, invitation lookup and accept, and upload URLs', async () => {
    const token = await tight.auth.tokenForEmail('everywhere@example.com');
    const calls: Record<keyof RateLimits, InjectOptions> = {
      signInStart: { url: '/api/auth/login/google' },
      signInCallback: { url: '/api/auth/callback/google?code=abc&state=xyz' },
      tokenExchange: { method: 'POST', url: '/api/auth/token', payload: { code: 'not-a-code' } },
      refresh: { method: 'POST', url: '/api/auth/refresh' },
      invitationLookup: { url: '/api/user/invite/guess', headers: bearer(token) },
      invitationAccept: { method: 'POST', url: '/api/user/accept', headers: bearer(token), payload: { inviteCode: 'guess' } },
      fileUpload: { method: 'POST', url: '/api/file', headers: bearer(token), payload: { type: 'photo', filename: 'a.png' } },
    };
    expect(Object.keys(calls).sort()).toEqual(Object.keys(defaultRateLimits).sort());
    for (const [call, options] of Object.entries(calls)) {
      const { perIp, windowSeconds } = rateLimits[call as keyof RateLimits];
      const allowed: Answer[] = [];
      for (let attempt = 0; attempt < perIp; attempt += 1) allowed.push(await from(tight, '203.0.113.50', options));
      for (const answer of allowed) expect(answer.statusCode, call).not.toBe(429);
      expectTooManyAttempts(await from(tight, '203.0.113.50', options), windowSeconds);
    }
  });

  it('counts each client behind a trusted proxy by its X-Forwarded-For address', async () => {
    const behindProxy = (client: string) =>
      from(tight, '127.0.0.1', { method: 'POST', url: '/api/auth/token', payload: { code: 'not-a-code' }, headers: { 'x-forwarded-for': client } });
    expect((await behindProxy('198.51.100.70')).statusCode).toBe(401);
    expect((await behindProxy('198.51.100.70')).statusCode).toBe(429);
    expect((await behindProxy('198.51.100.71')).statusCode).toBe(401);
  });

  it('starts a new window once the last one has ended', async () => {
    const refresh = () => from(tight, '203.0.113.90', { method: 'POST', url: '/api/auth/refresh' });
    expect(statuses([await refresh(), await refresh()])).toEqual([401, 401]);
    const limited = await refresh();
    expectTooManyAttempts(limited, 2);
    await new Promise((resolve) => setTimeout(resolve, Number(limited.headers['retry-after']) * 1000 + 100));
    expect((await refresh()).statusCode).toBe(401);
  });
});

describe('RATE_LIMITS', () => {
  it('changes single limits and keeps the other defaults', () => {
    const { rateLimits } = loadConfig({ RATE_LIMITS: 'tokenExchange.perIp=5, fileUpload.perAccount=90,fileUpload.windowSeconds=120' });
    expect(rateLimits.tokenExchange).toEqual({ ...defaultRateLimits.tokenExchange, perIp: 5 });
    expect(rateLimits.fileUpload).toEqual({ perIp: defaultRateLimits.fileUpload.perIp, perAccount: 90, windowSeconds: 120 });
    expect(rateLimits.refresh).toEqual(defaultRateLimits.refresh);
  });

  it('refuses an unknown call or field, a limit of 0, and a per-account limit on a call made before sign-in', () => {
    for (const wrong of ['tokenExchange.perIp=0', 'signIn.perIp=5', 'refresh.max=5', 'refresh.perIp=many', 'toString.perIp=5']) {
      expect(() => loadConfig({ RATE_LIMITS: wrong }), wrong).toThrow(ConfigError);
    }
    expect(() => loadConfig({ RATE_LIMITS: 'tokenExchange.perAccount=5' })).toThrow(/tokenExchange is made before anyone is signed in/);
  });
});

describe('the shared store', () => {
  it('prunes buckets whose window has ended', async () => {
    await countCall(app.db, 'prune-test:ended', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const store = new PostgresRateLimitStore(app.db, 0);
    const counted = await new Promise<BucketCount | undefined>((resolve, reject) =>
      store.incr('prune-test:live', (error, result) => (error ? reject(error) : resolve(result)), 60_000),
    );
    expect(counted?.current).toBe(1);
    const buckets = await app.db.selectFrom('rate_limits').select('bucket').where('bucket', 'like', 'prune-test:%').execute();
    expect(buckets.map((row) => row.bucket)).toEqual(['prune-test:live']);
  });

  describeOnPostgres('two instances on one PostgreSQL', () => {
    it('share the count: bad token exchanges from one address alternating between them meet one limit', async () => {
      const other = await createTestApp({ databaseUrl: app.config.databaseUrl });
      opened.push(other);
      const { perIp } = app.config.rateLimits.tokenExchange;
      const answers: Answer[] = [];
      for (let attempt = 0; attempt < perIp + 10; attempt += 1) answers.push(await badExchange(attempt % 2 === 0 ? app : other.app, '203.0.113.120'));
      expect(statuses(answers.slice(0, perIp))).toEqual(Array(perIp).fill(401));
      expect(statuses(answers.slice(perIp))).toEqual(Array(10).fill(429));
    });
  });
});
