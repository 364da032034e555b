import { roles, type Role } from './role-list';
import type { AccessTokenPayload } from './token';

export const providers = ['google', 'apple'] as const;
export type Provider = (typeof providers)[number];

/** Spec §4 Session: valid only while exp (seconds) * 1000 is later than now. */
export function isTokenLive(payload: Pick<AccessTokenPayload, 'exp'>, now: number): boolean {
  return payload.exp * 1000 > now;
}

const isRole = (value: unknown): value is Role => (roles as readonly unknown[]).includes(value);

/**
 * Spec §3: the claims the portal reads from an access token, or null when they do not have the
 * `AccessTokenPayload` shape. The same rule as that Schema, written by hand so that the first screen
 * reads the stored token without loading effect's Schema (issue 11); a test holds the two together.
 */
export function readAccessTokenClaims(claims: unknown): AccessTokenPayload | null {
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  const { sub, exp, roles: held, company } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof exp !== 'number') return null;
  if (!Array.isArray(held) || !held.every(isRole)) return null;
  if (company !== null && typeof company !== 'string') return null;
  return { sub, exp, roles: [...held], company };
}
