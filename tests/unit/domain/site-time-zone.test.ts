import { describe, expect, it } from 'vitest';
import { australianStates, defaultViewerTimeZone, isTimeZoneName, siteTimeZone, siteTimeZoneLabels, siteTimeZones, stateOfPostcode, stateTimeZones } from '../../../src/domain/site-time-zone';

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

describe('stateOfPostcode (issue 55 §3: the site form has no state field)', () => {
  it.each([
    ['2000', 'NSW'],
    ['2599', 'NSW'],
    ['2600', 'ACT'],
    ['2618', 'ACT'],
    ['2619', 'NSW'],
    ['2900', 'ACT'],
    ['2920', 'ACT'],
    ['2921', 'NSW'],
    ['0200', 'ACT'],
    ['0800', 'NT'],
    ['3000', 'VIC'],
    ['8001', 'VIC'],
    ['4000', 'QLD'],
    ['9726', 'QLD'],
    ['5000', 'SA'],
    ['6000', 'WA'],
    ['7000', 'TAS'],
  ] as const)('postcode %s is in %s', (postcode, state) => {
    expect(stateOfPostcode(postcode)).toBe(state);
  });

  it('answers null for a postcode no state has, or for anything else', () => {
    for (const postcode of ['0100', '0500', '', '600', 'abcd']) expect(stateOfPostcode(postcode), postcode).toBeNull();
  });

  it('gives each state its capital’s zone', () => {
    for (const state of australianStates) expect(siteTimeZones).toContain(stateTimeZones[state]);
    expect(siteTimeZone('2601')).toBe('Australia/Sydney');
    expect(siteTimeZone('2898')).toBe('Australia/Lord_Howe');
  });

  it('offers only zones the runtime knows, each with a label', () => {
    for (const zone of siteTimeZones) {
      expect(() => new Intl.DateTimeFormat('en-AU', { timeZone: zone })).not.toThrow();
      expect(siteTimeZoneLabels[zone]).toBeTruthy();
    }
  });
});

describe('a viewer time zone', () => {
  it.each(['Australia/Perth', 'UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT-10'])('takes %s', (zone) => {
    expect(isTimeZoneName(zone)).toBe(true);
  });
  it.each(['', 'Mars/Olympus_Mons', '+10:00', 'Australia/Perth; DROP', 'x'.repeat(65), '../etc/passwd'])('refuses %j', (zone) => {
    expect(isTimeZoneName(zone)).toBe(false);
  });
  it('defaults to Sydney, one of the site zones', () => {
    expect(siteTimeZones).toContain(defaultViewerTimeZone);
  });
});
