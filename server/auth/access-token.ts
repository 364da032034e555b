import { errors, jwtVerify, SignJWT } from 'jose';
import { decode } from '../../src/domain/decode';
import { AccessTokenPayload } from '../../src/domain/token';
import { unauthorised } from '../http/errors';
import type { RolesAndCompany } from '../users/repository';
import type { SigningKey } from './signing-key';

export const accessTokenLifetimeSeconds = 60 * 60;

export const signInRequired = 'You need to sign in';
export const sessionExpired = 'Your session has expired, please sign in again';

export async function signAccessToken(key: SigningKey, userId: string, grant: RolesAndCompany): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: grant.roles, company: grant.company })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + accessTokenLifetimeSeconds)
    .sign(key.privateKey);
}

export async function verifyAccessToken(key: SigningKey, token: string): Promise<AccessTokenPayload> {
  const verified = await jwtVerify(token, key.publicKey, { algorithms: ['ES256'] }).catch((error: unknown) => {
    throw unauthorised(error instanceof errors.JWTExpired ? sessionExpired : signInRequired);
  });
  const payload = decode(AccessTokenPayload, verified.payload);
  if (!payload.ok) throw unauthorised(signInRequired);
  return payload.value;
}
