import { Schema } from 'effect';
import { text, textLimits } from './fields';
import { RoleSchema } from './roles';
import { providers, type AccessTokenClaims } from './token-claims';

export { isTokenLive, providers, type Provider } from './token-claims';

/** Spec §3 access token payload; DESIGN.md: { sub, exp, roles, company }. */
export const AccessTokenPayload = Schema.Struct({
  sub: Schema.String,
  exp: Schema.Number,
  roles: Schema.Array(RoleSchema),
  company: Schema.NullOr(Schema.String),
});
export type AccessTokenPayload = typeof AccessTokenPayload.Type;

// Compile-time check that the hand-written claims shape and the Schema's type stay the same both ways.
const claimsMatchSchema: [AccessTokenClaims, AccessTokenPayload] extends [AccessTokenPayload, AccessTokenClaims] ? true : never = true;
void claimsMatchSchema;

export const ProviderSchema = Schema.Literals(providers);

export const TokenRequest = Schema.Struct({
  code: text(textLimits.code),
  inviteCode: Schema.optional(text(textLimits.code)),
});
export type TokenRequest = typeof TokenRequest.Type;

export const TokenResponse = Schema.Struct({ token: Schema.String });
export type TokenResponse = typeof TokenResponse.Type;
