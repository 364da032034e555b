import { describe, expect, it } from 'vitest';
import { newSearches, newThreeWordSearches } from '../../bench/new-searches';

describe('newSearches: the bench’s stream of first searches', () => {
  const keyOf = (search: string) => JSON.stringify([...new Set(search.toLowerCase().split(' '))].sort());
  const pieceOfAWord = (piece: string, shortest: number) => piece.length >= shortest && ['parramatta', 'st', 'client'].some((word) => word.includes(piece) && word !== piece);

  it('is new to the portal for many thousands of requests, each time the same words and three pieces of them', () => {
    const stream = newSearches('parramatta st client', 0);
    expect(stream.distinct).toBeGreaterThan(20_000);
    const seen = new Set<string>();
    for (let call = 0; call < 20_000; call++) {
      const search = stream.next();
      const words = search.split(' ');
      expect(words.slice(0, 3)).toEqual(['parramatta', 'st', 'client']);
      expect(words).toHaveLength(6);
      // Every piece is part of a word, so a site matching the words matches it too.
      for (const piece of words.slice(3)) expect(pieceOfAWord(piece, 2), piece).toBe(true);
      seen.add(keyOf(search));
    }
    expect(seen.size).toBe(20_000);
  });

  it('has a three-word stream of pieces of at least three letters, new for thousands of requests', () => {
    const stream = newThreeWordSearches('Parramatta St Client', 0);
    expect(stream.distinct).toBeGreaterThan(10_000);
    const seen = new Set<string>();
    for (let call = 0; call < 10_000; call++) {
      const words = stream.next().split(' ');
      expect(new Set(words).size).toBe(3);
      for (const piece of words) expect(pieceOfAWord(piece, 3), piece).toBe(true);
      seen.add(keyOf(words.join(' ')));
    }
    expect(seen.size).toBe(10_000);
  });
});
