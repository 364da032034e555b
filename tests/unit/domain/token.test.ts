import { describe, expect, test } from 'vitest';
import { isTokenLive } from '../../../src/domain/token';

describe('isTokenLive (spec §4: valid while exp * 1000 is later than now)', () => {
  const exp = 1_795_230_000;

  test('is live a millisecond before expiry', () => {
    expect(isTokenLive({ exp }, exp * 1000 - 1)).toBe(true);
  });

  test('is not live at the exact expiry instant', () => {
    expect(isTokenLive({ exp }, exp * 1000)).toBe(false);
  });

  test('is not live after expiry', () => {
    expect(isTokenLive({ exp }, exp * 1000 + 1)).toBe(false);
  });
});
