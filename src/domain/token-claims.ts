import { roles, type Role } from './role-list';

export const providers = ['google', 'apple'] as const;
export type Provider = (typeof providers)[number];

/** The access token claims' shape, written out here so this module stays free of effect; token.ts checks it against its Schema. */
export interface AccessTokenClaims {
  readonly sub: string;
  readonly exp: number;
  readonly roles: readonly Role[];
  readonly company: string | null;
}

/** Spec §4 Session: valid only while exp (seconds) * 1000 is later than now. */
export function isTokenLive(payload: Pick<AccessTokenClaims, 'exp'>, now: number): boolean {
  return payload.exp * 1000 > now;
}

const isRole = (value: unknown): value is Role => (roles as readonly unknown[]).includes(value);

/**
 * Spec §3: the claims the portal reads from an access token, or null when they do not have the
 * `AccessTokenPayload` shape. The same rule as that Schema, written by hand so that the first screen
 * reads the stored token without loading effect's Schema (issue 11); a test holds the two together.
 */
export function readAccessTokenClaims(claims: unknown): AccessTokenClaims | null {
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  const { sub, exp, roles: held, company } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof exp !== 'number') return null;
  if (!Array.isArray(held) || !held.every(isRole)) return null;
  if (company !== null && typeof company !== 'string') return null;
  return { sub, exp, roles: [...held], company };
}
