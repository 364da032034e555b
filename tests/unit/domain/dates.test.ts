import { describe, expect, test } from 'vitest';
import { formatActivity, formatDateTime, formatShortDateTime, isSameDay } from '../../../src/domain/dates';

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
