import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenLifetimeSeconds, sessionExpired, signAccessToken, signInRequired, verifyAccessToken } from '../../../server/auth/access-token';
import type { SigningKey } from '../../../server/auth/signing-key';

const newKey = (): SigningKey => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicKey: createPublicKey(privateKey), cookieSecret: 'test' };
};
const grant = { roles: ['CompanyAdmin' as const], company: '7f0c1a52-1111-4222-8333-944455556666' };
const publicUrl = 'https://portal.example.test';

afterEach(() => {
  vi.useRealTimers();
});

/** Issue 11: a verified access token is remembered until it expires, and never past that. */
describe('verifying access tokens', () => {
  it('answers a token it verified before with the same claims', async () => {
    const key = newKey();
    const token = await signAccessToken(key, publicUrl, 'user-1', grant);
    const first = await verifyAccessToken(key, publicUrl, token);
    expect(await verifyAccessToken(key, publicUrl, token)).toEqual(first);
    expect(first).toMatchObject({ sub: 'user-1', roles: ['CompanyAdmin'] });
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const key = newKey();
    const token = await signAccessToken(key, publicUrl, 'user-1', grant);
    await verifyAccessToken(key, publicUrl, token);
    vi.setSystemTime(new Date(Date.now() + (accessTokenLifetimeSeconds + 1) * 1000));
    await expect(verifyAccessToken(key, publicUrl, token)).rejects.toThrow(sessionExpired);
  });

  it('does not carry a token verified under one key or issuer over to another', async () => {
    const key = newKey();
    const token = await signAccessToken(key, publicUrl, 'user-1', grant);
    await verifyAccessToken(key, publicUrl, token);
    await expect(verifyAccessToken(newKey(), publicUrl, token)).rejects.toThrow(signInRequired);
    await expect(verifyAccessToken(key, 'https://other.example.test', token)).rejects.toThrow(signInRequired);
  });
});
