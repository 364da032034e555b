import { describe, expect, it } from 'vitest';
import { midnightAfter, midnightStarting, nextCalendarDate, startOfSiteDay } from '../../../server/site-visits/midnight';

const iso = (date: Date) => date.toISOString();

describe('midnightStarting: the instant a calendar date begins on a site clock', () => {
  it('is 16:00 UTC the day before in Perth (UTC+8, no daylight saving)', () => {
    expect(iso(midnightStarting('2026-11-21', 'Australia/Perth'))).toBe('2026-11-20T16:00:00.000Z');
    expect(iso(midnightStarting('2026-06-21', 'Australia/Perth'))).toBe('2026-06-20T16:00:00.000Z');
  });

  it('follows Sydney daylight saving: UTC+11 in summer, UTC+10 in winter', () => {
    expect(iso(midnightStarting('2026-11-21', 'Australia/Sydney'))).toBe('2026-11-20T13:00:00.000Z');
    expect(iso(midnightStarting('2026-06-21', 'Australia/Sydney'))).toBe('2026-06-20T14:00:00.000Z');
  });

  it('is right on the days the clocks change (they change at 2 or 3 am, after midnight)', () => {
    // Daylight saving starts on Sunday 4 October 2026 and ends on Sunday 5 April 2026 in NSW.
    expect(iso(midnightStarting('2026-10-04', 'Australia/Sydney'))).toBe('2026-10-03T14:00:00.000Z');
    expect(iso(midnightStarting('2026-10-05', 'Australia/Sydney'))).toBe('2026-10-04T13:00:00.000Z');
    expect(iso(midnightStarting('2026-04-05', 'Australia/Sydney'))).toBe('2026-04-04T13:00:00.000Z');
    expect(iso(midnightStarting('2026-04-06', 'Australia/Sydney'))).toBe('2026-04-05T14:00:00.000Z');
  });

  it('handles half-hour zones: Adelaide and Broken Hill (UTC+10:30 in summer), Darwin (UTC+9:30)', () => {
    expect(iso(midnightStarting('2027-01-15', 'Australia/Adelaide'))).toBe('2027-01-14T13:30:00.000Z');
    expect(iso(midnightStarting('2027-01-15', 'Australia/Broken_Hill'))).toBe('2027-01-14T13:30:00.000Z');
    expect(iso(midnightStarting('2027-01-15', 'Australia/Darwin'))).toBe('2027-01-14T14:30:00.000Z');
    expect(iso(midnightStarting('2027-01-15', 'Australia/Brisbane'))).toBe('2027-01-14T14:00:00.000Z');
  });
});

describe('midnightAfter: when an open check-in ends', () => {
  it('ends a check-in at the first midnight after it began, on the site clock', () => {
    expect(iso(midnightAfter(new Date('2031-03-14T00:30:00Z'), 'Australia/Perth'))).toBe('2031-03-14T16:00:00.000Z');
    expect(iso(midnightAfter(new Date('2031-03-13T22:00:00Z'), 'Australia/Sydney'))).toBe('2031-03-14T13:00:00.000Z');
  });

  it('puts one instant on different days in different zones', () => {
    // 14:30 UTC is 22:30 in Perth but already 01:30 the next day in Sydney.
    const at = new Date('2031-03-14T14:30:00Z');
    expect(iso(midnightAfter(at, 'Australia/Perth'))).toBe('2031-03-14T16:00:00.000Z');
    expect(iso(midnightAfter(at, 'Australia/Sydney'))).toBe('2031-03-15T13:00:00.000Z');
  });

  it('gives a check-in made at midnight the whole day', () => {
    expect(iso(midnightAfter(new Date('2031-03-14T16:00:00Z'), 'Australia/Perth'))).toBe('2031-03-15T16:00:00.000Z');
    expect(iso(midnightAfter(new Date('2031-03-15T15:59:59.999Z'), 'Australia/Perth'))).toBe('2031-03-15T16:00:00.000Z');
  });

  it('spans a night the clocks go forward (23 hours) or back (25 hours)', () => {
    expect(iso(midnightAfter(new Date('2026-10-03T20:00:00Z'), 'Australia/Sydney'))).toBe('2026-10-04T13:00:00.000Z');
    expect(iso(midnightAfter(new Date('2026-04-04T20:00:00Z'), 'Australia/Sydney'))).toBe('2026-04-05T14:00:00.000Z');
  });
});

describe('startOfSiteDay and nextCalendarDate', () => {
  it('answers the midnight that began the site’s current day', () => {
    expect(iso(startOfSiteDay('Australia/Perth', new Date('2031-03-15T01:30:00Z')))).toBe('2031-03-14T16:00:00.000Z');
    expect(iso(startOfSiteDay('Australia/Sydney', new Date('2031-03-15T01:30:00Z')))).toBe('2031-03-14T13:00:00.000Z');
    expect(iso(startOfSiteDay('Australia/Sydney', new Date('2031-03-14T12:59:59Z')))).toBe('2031-03-13T13:00:00.000Z');
  });

  it('steps over month, year and leap-day ends', () => {
    expect(nextCalendarDate('2026-12-31')).toBe('2027-01-01');
    expect(nextCalendarDate('2028-02-28')).toBe('2028-02-29');
    expect(nextCalendarDate('2027-02-28')).toBe('2027-03-01');
  });
});
