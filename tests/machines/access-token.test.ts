import { describe, expect, test } from 'vitest';
import { decodeAccessToken } from '../../machines/access-token';
import { adminPayload, fakeJwt, tokens } from './session-fixtures';

describe('decodeAccessToken', () => {
  test('reads the spec §3 payload of a JWT', () => {
    expect(decodeAccessToken(tokens.live)).toEqual(adminPayload);
  });

  test('drops claims the portal does not use', () => {
    expect(decodeAccessToken(fakeJwt({ ...adminPayload, iat: 1, iss: 'portal' }))).toEqual(adminPayload);
  });

  test('answers null for a missing, malformed or wrongly shaped token', () => {
    expect(decodeAccessToken(null)).toBeNull();
    expect(decodeAccessToken('')).toBeNull();
    expect(decodeAccessToken('not-a-jwt')).toBeNull();
    expect(decodeAccessToken(fakeJwt({ sub: 'u', exp: 1, roles: ['Janitor'], company: null }))).toBeNull();
    expect(decodeAccessToken(fakeJwt({ sub: 'u', roles: [], company: null }))).toBeNull();
  });
});
