import { describe, expect, test } from 'vitest';
import { checkInPathFromLink } from '../../../src/features/trades/check-in-link';

const origin = 'https://portal.example.com.au';

describe('checkInPathFromLink (issue 10 §5: only this portal’s check-in links are followed)', () => {
  test.for([
    ['a poster link of this portal', `${origin}/site/site-4/check-in?key=k-1`, '/site/site-4/check-in?key=k-1'],
    ['with spaces around it, as pasted', `  ${origin}/site/site-4/check-in?key=k-1\n`, '/site/site-4/check-in?key=k-1'],
    ['a path of this portal', '/site/site-4/check-in?key=k-1', '/site/site-4/check-in?key=k-1'],
    ['another site of the internet', 'https://evil.example/site/site-4/check-in?key=k-1', null],
    ['a protocol-relative link elsewhere', '//evil.example/site/site-4/check-in?key=k-1', null],
    ['another page of this portal', `${origin}/company/acme/swms`, null],
    ['a script', 'javascript:alert(1)', null],
    ['plain text', 'hello', null],
    ['nothing', '   ', null],
  ] as const)('%s', ([, text, expected]) => {
    expect(checkInPathFromLink(text, origin)).toBe(expected);
  });
});
