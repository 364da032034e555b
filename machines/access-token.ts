import { jwtDecode } from 'jwt-decode';
import { readAccessTokenClaims } from '../src/domain/token-claims';
import type { AccessTokenPayload } from '../src/domain/token';

/** Spec §3: the access token's payload, or null when the token is not a readable JWT of that shape. */
export function decodeAccessToken(token: string | null): AccessTokenPayload | null {
  if (!token) return null;
  try {
    return readAccessTokenClaims(jwtDecode(token));
  } catch {
    return null;
  }
}
