import { describe, expect, it } from 'vitest';
import { decode } from '../../../src/domain/decode';
import { AccessTokenPayload } from '../../../src/domain/token';
import { readAccessTokenClaims } from '../../../src/domain/token-claims';

const absent = Symbol('absent');
const candidates = {
  sub: [absent, 'user-1', '', 7, null],
  exp: [absent, 1_795_230_000, 0, '1795230000', null],
  roles: [absent, [], ['SuperUser'], ['CompanyAdmin', 'TradesPerson'], ['Janitor'], ['SuperUser', 'Janitor'], 'SuperUser', [1], null],
  company: [absent, null, 'company-1', 3, false],
} as const;

function* claimSets(): Generator<unknown> {
  for (const sub of candidates.sub)
    for (const exp of candidates.exp)
      for (const roles of candidates.roles)
        for (const company of candidates.company) {
          const claims: Record<string, unknown> = { iat: 1, iss: 'portal' };
          for (const [key, value] of Object.entries({ sub, exp, roles, company })) if (value !== absent) claims[key] = value;
          yield claims;
        }
  yield* [null, undefined, 'claims', 42, [], ['user-1', 1, [], null]];
}

describe('readAccessTokenClaims (issue 11: the first screen reads the token without effect)', () => {
  it('accepts and answers exactly what the AccessTokenPayload schema decodes', () => {
    let accepted = 0;
    for (const claims of claimSets()) {
      const decoded = decode(AccessTokenPayload, claims);
      expect(readAccessTokenClaims(claims), JSON.stringify(claims)).toEqual(decoded.ok ? decoded.value : null);
      if (decoded.ok) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(10);
  });

  it('answers a copy holding only the portal’s claims', () => {
    const roles = ['CompanyAdmin'];
    const claims = readAccessTokenClaims({ sub: 'u', exp: 2, roles, company: 'c', iat: 1 });
    expect(claims).toEqual({ sub: 'u', exp: 2, roles: ['CompanyAdmin'], company: 'c' });
    expect(claims?.roles).not.toBe(roles);
  });
});
