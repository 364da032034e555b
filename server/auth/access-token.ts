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

/** Issue 12 §6: a token of this portal, for this API, living no longer than an hour; anything else answers 401. */
export async function verifyAccessToken(key: SigningKey, publicUrl: string, token: string): Promise<AccessTokenPayload> {
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
  return payload.value;
}
