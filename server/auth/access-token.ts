import { errors, jwtVerify, SignJWT } from 'jose';
import { decode } from '../../src/domain/decode';
import { AccessTokenPayload } from '../../src/domain/token';
import { unauthorised } from '../http/errors';
import type { RolesAndCompany } from '../users/repository';
import type { SigningKey } from './signing-key';

export const accessTokenLifetimeSeconds = 60 * 60;
/** The API is the only audience: a token the portal signs for anything else never opens it. */
export const accessTokenAudience = 'sitesafe-portal-api';

export const signInRequired = 'You need to sign in';
export const sessionExpired = 'Your session has expired, please sign in again';

/** The portal that signed a token: the origin browsers reach it on (PUBLIC_URL). */
export const accessTokenIssuer = (publicUrl: string) => new URL(publicUrl).origin;

export async function signAccessToken(key: SigningKey, publicUrl: string, userId: string, grant: RolesAndCompany): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: grant.roles, company: grant.company })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(accessTokenIssuer(publicUrl))
    .setAudience(accessTokenAudience)
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + accessTokenLifetimeSeconds)
    .sign(key.privateKey);
}

/**
 * Issue 11: checking an ES256 signature was a tenth of the API's CPU under load, and a browser sends the
 * same token with every call for up to an hour. A token that verified is remembered, by this process
 * and for this signing key and issuer only, until it expires (a signature cannot become wrong later);
 * an expired one is checked again and so answers 401 as before. Bounded: the oldest go first.
 */
const maxRemembered = 10_000;
const remembered = new WeakMap<SigningKey, Map<string, { readonly payload: AccessTokenPayload; readonly exp: number }>>();

function rememberedFor(key: SigningKey): Map<string, { readonly payload: AccessTokenPayload; readonly exp: number }> {
  const byKey = remembered.get(key) ?? new Map();
  remembered.set(key, byKey);
  return byKey;
}

export async function verifyAccessToken(key: SigningKey, publicUrl: string, token: string): Promise<AccessTokenPayload> {
  const cache = rememberedFor(key);
  const cacheKey = `${accessTokenIssuer(publicUrl)} ${token}`;
  const known = cache.get(cacheKey);
  if (known && known.exp > Date.now() / 1000) return known.payload;
  cache.delete(cacheKey);
  const { payload, exp } = await verifyOnce(key, publicUrl, token);
  if (cache.size >= maxRemembered) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, { payload, exp });
  return payload;
}

/** Issue 12 §6: a token of this portal, for this API, living no longer than an hour; anything else answers 401. */
async function verifyOnce(key: SigningKey, publicUrl: string, token: string): Promise<{ payload: AccessTokenPayload; exp: number }> {
  const verified = await jwtVerify(token, key.publicKey, {
    algorithms: ['ES256'],
    issuer: accessTokenIssuer(publicUrl),
    audience: accessTokenAudience,
    requiredClaims: ['sub', 'iat', 'exp'],
  }).catch((error: unknown) => {
    throw unauthorised(error instanceof errors.JWTExpired ? sessionExpired : signInRequired);
  });
  const { iat = 0, exp = 0 } = verified.payload;
  if (exp - iat > accessTokenLifetimeSeconds) throw unauthorised(signInRequired);
  const payload = decode(AccessTokenPayload, verified.payload);
  if (!payload.ok) throw unauthorised(signInRequired);
  return { payload: payload.value, exp };
}
