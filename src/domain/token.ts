import { Schema } from 'effect';
import { RoleSchema } from './roles';

/** Spec §3 access token payload; DESIGN.md: { sub, exp, roles, company }. */
export const AccessTokenPayload = Schema.Struct({
  sub: Schema.String,
  exp: Schema.Number,
  roles: Schema.Array(RoleSchema),
  company: Schema.NullOr(Schema.String),
});
export type AccessTokenPayload = typeof AccessTokenPayload.Type;

/** Spec §4 Session: valid only while exp (seconds) * 1000 is later than now. */
export function isTokenLive(payload: Pick<AccessTokenPayload, 'exp'>, now: number): boolean {
  return payload.exp * 1000 > now;
}

export const providers = ['google', 'apple'] as const;
export type Provider = (typeof providers)[number];
export const ProviderSchema = Schema.Literals(providers);

export const TokenRequest = Schema.Struct({
  code: Schema.String,
  inviteCode: Schema.optional(Schema.String),
});
export type TokenRequest = typeof TokenRequest.Type;

export const TokenResponse = Schema.Struct({ token: Schema.String });
export type TokenResponse = typeof TokenResponse.Type;
