import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenAudience } from '../../server/auth/access-token';
import { loadSigningKey, type SigningKey } from '../../server/auth/signing-key';
import { runCli, type CliApps } from '../../server/cli';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { createTestApp, type TestApp } from './test-app';

const publicUrl = 'https://portal.example.com.au';

interface Claims {
  readonly iss?: string;
  readonly aud?: string;
  readonly iat?: number;
  readonly exp?: number;
}

describe('access token issuer, audience and lifetime', () => {
  let running: TestApp;
  let key: SigningKey;
  let userId: string;

  beforeAll(async () => {
    running = await createTestApp({ publicUrl });
    key = await loadSigningKey(running.app.config, running.app.db);
    userId = (await findOrCreateUserByEmail(running.app.db, 'claims@example.com')).id;
  });
  afterAll(async () => running.close());

  /** A token signed with the portal's own key, its claims chosen by the test: only the claims can make it fail. */
  async function signed(claims: Claims): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = new SignJWT({ roles: ['Unregistered'], company: null }).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).setSubject(userId);
    if (claims.iss !== undefined) token.setIssuer(claims.iss);
    if (claims.aud !== undefined) token.setAudience(claims.aud);
    if (claims.iat !== undefined) token.setIssuedAt(now + claims.iat);
    if (claims.exp !== undefined) token.setExpirationTime(now + claims.exp);
    return token.sign(key.privateKey);
  }

  const profileWith = (token: string) => running.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });

  const issued: Claims = { iss: publicUrl, aud: accessTokenAudience, iat: 0, exp: 3600 };

  it('signs every token for this portal and its API, for one hour', async () => {
    const token = await running.app.auth.tokenForEmail('claims@example.com');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: publicUrl, aud: accessTokenAudience, sub: userId });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect((await profileWith(token)).statusCode).toBe(200);
  });

  it('accepts a token with the issuer, audience and lifetime the portal gives', async () => {
    expect((await profileWith(await signed(issued))).statusCode).toBe(200);
    expect((await profileWith(await signed({ ...issued, iat: -600, exp: 3000 }))).statusCode).toBe(200);
  });

  it.each<[string, Claims]>([
    ['no issuer', { ...issued, iss: undefined }],
    ['another issuer', { ...issued, iss: 'https://elsewhere.example.com' }],
    ['the portal under another scheme', { ...issued, iss: 'http://portal.example.com.au' }],
    ['no audience', { ...issued, aud: undefined }],
    ['another audience', { ...issued, aud: 'sitesafe-portal-mobile' }],
    ['no issued-at time', { ...issued, iat: undefined }],
    ['no expiry', { ...issued, exp: undefined }],
    ['a lifetime one second over an hour', { ...issued, exp: 3601 }],
    ['a lifetime of a day', { ...issued, iat: -60, exp: 24 * 3600 - 60 }],
  ])('answers 401 to a token with %s', async (_name, claims) => {
    const response = await profileWith(await signed(claims));
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('You need to sign in');
  });

  it('tells an expired token of this portal from one it never issued', async () => {
    const expired = await profileWith(await signed({ ...issued, iat: -3700, exp: -100 }));
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toBe('Your session has expired, please sign in again');
  });

  it('keeps the CLI token command working: its token opens the API', async () => {
    const apps: CliApps = {
      accounts: async () => ({ app: running.app, close: async () => {} }),
      everything: async () => ({ app: running.app, close: async () => {} }),
    };
    const out: string[] = [];
    const code = await runCli(['token', 'cli-claims@example.com'], { out: (text) => out.push(text), err: () => {} }, apps);
    expect(code).toBe(0);
    const token = out.join('');
    expect(decodeJwt(token)).toMatchObject({ iss: publicUrl, aud: accessTokenAudience });
    expect((await profileWith(token)).statusCode).toBe(200);
  });
});
