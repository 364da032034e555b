import { describe, expect, it } from 'vitest';
import { siteTimeZone } from '../../../src/domain/site-time-zone';

describe('siteTimeZone', () => {
  it.each([
    ['2000', 'Australia/Sydney'],
    ['2600', 'Australia/Sydney'],
    ['2880', 'Australia/Broken_Hill'],
    ['0800', 'Australia/Darwin'],
    ['0872', 'Australia/Darwin'],
    ['3000', 'Australia/Melbourne'],
    ['8001', 'Australia/Melbourne'],
    ['4000', 'Australia/Brisbane'],
    ['9726', 'Australia/Brisbane'],
    ['5000', 'Australia/Adelaide'],
    ['6000', 'Australia/Perth'],
    ['6160', 'Australia/Perth'],
    ['7000', 'Australia/Hobart'],
  ])('places postcode %s in %s', (postcode, zone) => {
    expect(siteTimeZone(postcode)).toBe(zone);
  });

  it('reads a postcode with spaces around it', () => {
    expect(siteTimeZone(' 6000 ')).toBe('Australia/Perth');
  });

  it('keeps the ACT and Jervis Bay PO box ranges (0200-0299) on Sydney time', () => {
    expect(siteTimeZone('0200')).toBe('Australia/Sydney');
    expect(siteTimeZone('0299')).toBe('Australia/Sydney');
  });

  it('falls back to Sydney for anything that is not a four-digit postcode', () => {
    for (const postcode of ['', 'abcd', '600', '60000', '6000a']) expect(siteTimeZone(postcode), postcode).toBe('Australia/Sydney');
  });

  it('answers only zones the runtime knows', () => {
    for (const postcode of ['2000', '2880', '0800', '3000', '4000', '5000', '6000', '7000']) {
      expect(() => new Intl.DateTimeFormat('en-AU', { timeZone: siteTimeZone(postcode) })).not.toThrow();
    }
  });
});
