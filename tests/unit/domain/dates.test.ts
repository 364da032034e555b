import { describe, expect, test } from 'vitest';
import { fileTimeStamp, formatActivity, formatDateTime, formatShortDateTime, formatTime, formatTimeOut, isSameDay } from '../../../src/domain/dates';

describe('formatActivity (spec §9 activity timestamps)', () => {
  test('shows weekday, ordinal day, month, year and 24-hour time', () => {
    // 21 November 2026 is a Saturday.
    expect(formatActivity(new Date(2026, 10, 21, 14, 5))).toBe('Saturday, 21st November 2026, 14:05');
  });

  test.for([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [22, '22nd'],
    [23, '23rd'],
  ] as const)('day %i reads %s', ([day, ordinal]) => {
    expect(formatActivity(new Date(2026, 0, day, 9, 0))).toContain(`, ${ordinal} January 2026, 09:00`);
  });
});

describe('formatDateTime (spec §9: en-AU, 2-digit parts)', () => {
  test('shows day/month/year and 24-hour time', () => {
    expect(formatDateTime(new Date(2026, 1, 3, 7, 9))).toBe('03/02/2026, 07:09');
  });
});

describe('formatShortDateTime (issue 9 audit lines)', () => {
  test('shows day, short English month, year and 24-hour time', () => {
    // CLDR spells September 'Sept' in en-GB and en-AU; the audit lines keep 'Sep'.
    expect(formatShortDateTime(new Date(2026, 8, 5, 7, 9))).toBe('5 Sep 2026 07:09');
  });
});

describe('isSameDay', () => {
  test('compares calendar days, not 24-hour spans', () => {
    expect(isSameDay(new Date(2026, 10, 21, 0, 1), new Date(2026, 10, 21, 23, 59))).toBe(true);
    expect(isSameDay(new Date(2026, 10, 21, 23, 59), new Date(2026, 10, 22, 0, 1))).toBe(false);
  });
});

describe('a time at a site shows on its zone’s clock with the zone’s abbreviation (issue 55 §3)', () => {
  // 1 December 2026 19:51 UTC: 06:51 on 2 December in Sydney (daylight time), 03:51 in Perth.
  const checkedIn = '2026-12-01T19:51:00.000Z';

  test.for([
    ['Australia/Sydney', '06:51 AEDT'],
    ['Australia/Melbourne', '06:51 AEDT'],
    ['Australia/Brisbane', '05:51 AEST'],
    ['Australia/Adelaide', '06:21 ACDT'],
    ['Australia/Perth', '03:51 AWST'],
    ['Australia/Hobart', '06:51 AEDT'],
    ['Australia/Darwin', '05:21 ACST'],
    ['Australia/Broken_Hill', '06:21 ACDT'],
    ['Australia/Lord_Howe', '06:51 LHDT'],
  ] as const)('%s: %s', ([zone, shown]) => {
    expect(formatTime(checkedIn, zone)).toBe(shown);
  });

  test('winter shows standard time', () => {
    expect(formatTime('2026-07-01T00:00:00.000Z', 'Australia/Sydney')).toBe('10:00 AEST');
  });

  test('every spec §9 format carries the zone and its calendar day', () => {
    expect(formatDateTime(checkedIn, 'Australia/Sydney')).toBe('02/12/2026, 06:51 AEDT');
    expect(formatActivity(checkedIn, 'Australia/Sydney')).toBe('Wednesday, 2nd December 2026, 06:51 AEDT');
    expect(formatActivity(checkedIn, 'Australia/Perth')).toBe('Wednesday, 2nd December 2026, 03:51 AWST');
    expect(formatShortDateTime(checkedIn, 'UTC')).toBe('1 Dec 2026 19:51 UTC');
  });

  test('midnight reads 00:00, not 24:00', () => {
    expect(formatTime('2026-12-01T13:00:00.000Z', 'Australia/Sydney')).toBe('00:00 AEDT');
    expect(formatDateTime('2026-12-01T00:00:00.000Z', 'UTC')).toBe('01/12/2026, 00:00 UTC');
    expect(formatTime(new Date(2026, 11, 1, 0, 0))).toBe('00:00');
  });

  test('without a zone the viewer’s clock shows, unlabelled', () => {
    expect(formatTime(new Date(2026, 11, 2, 6, 51))).toBe('06:51');
  });

  test('a check-out shows its time alone on the day, of the site’s calendar, that the check-in began', () => {
    // 12:30 and 13:30 UTC are 23:30 and 00:30 in Sydney: two days there, one in UTC.
    expect(formatTimeOut('2026-12-01T12:30:00.000Z', '2026-12-01T13:30:00.000Z', 'Australia/Sydney')).toBe('Wednesday, 2nd December 2026, 00:30 AEDT');
    expect(formatTimeOut('2026-12-01T12:30:00.000Z', '2026-12-01T13:30:00.000Z', 'UTC')).toBe('13:30 UTC');
    expect(isSameDay('2026-12-01T12:30:00.000Z', '2026-12-01T13:30:00.000Z', 'Australia/Perth')).toBe(true);
  });

  test('a file name stamp is the site’s date and time', () => {
    expect(fileTimeStamp(checkedIn, 'Australia/Sydney')).toBe('2026-12-02-0651');
  });
});
