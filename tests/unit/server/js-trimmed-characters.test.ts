import { describe, expect, it } from 'vitest';
import { jsTrimmedCharacters } from '../../../server/sites/repository';

describe('jsTrimmedCharacters (the site list writes supervisor names in SQL as the portal writes them)', () => {
  it('holds exactly the characters String.prototype.trim removes', () => {
    const trimmed: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      if (`${character}a${character}`.trim() === 'a') trimmed.push(character);
    }
    expect([...jsTrimmedCharacters].sort()).toStrictEqual(trimmed.sort());
  });
});
