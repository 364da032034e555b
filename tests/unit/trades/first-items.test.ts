import { describe, expect, it } from 'vitest';
import { firstShown, shownItems } from '../../../src/features/trades/first-items';

/** A tradesperson's home lists their first few SWMS and check-ins, and all of them once asked (first-items.ts). */
describe('the entries a home list shows', () => {
  const twenty = Array.from({ length: 20 }, (_, index) => index);

  it('shows the first five, newest first as the server sends them, until asked for all', () => {
    expect(firstShown).toBe(5);
    expect(shownItems(twenty, false)).toEqual([0, 1, 2, 3, 4]);
    expect(shownItems(twenty, true)).toEqual(twenty);
  });

  it('shows a short list whole', () => {
    expect(shownItems([0, 1, 2], false)).toEqual([0, 1, 2]);
    expect(shownItems([], false)).toEqual([]);
  });
});
