import { jwtDecode } from 'jwt-decode';
import { decode } from '../src/domain/decode';
import { AccessTokenPayload } from '../src/domain/token';

/** Spec §3: the access token's payload, or null when the token is not a readable JWT of that shape. */
export function decodeAccessToken(token: string | null): AccessTokenPayload | null {
  if (!token) return null;
  let claims: unknown;
  try {
    claims = jwtDecode(token);
  } catch {
    return null;
  }
  const decoded = decode(AccessTokenPayload, claims);
  return decoded.ok ? decoded.value : null;
}
