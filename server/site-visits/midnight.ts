import { calendarDateIn } from '../../src/domain/trades';

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  const parts = wallClock(timeZone).formatToParts(new Date(whole));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - whole;
}

const utcMidnight = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
};

/** The calendar date after `date` (both yyyy-mm-dd). */
export function nextCalendarDate(date: string): string {
  return new Date(utcMidnight(date) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant a calendar date begins in a time zone. Australian clocks change at 2 or 3 am, so
 * midnight always exists once; the second step corrects a guess made across a change.
 */
export function midnightStarting(date: string, timeZone: string): Date {
  const wall = utcMidnight(date);
  const guess = wall - zoneOffsetMs(timeZone, wall);
  return new Date(wall - zoneOffsetMs(timeZone, guess));
}

/** Midnight at the start of today, site time: the on-site list counts check-ins since then. */
export const startOfSiteDay = (timeZone: string, now: Date): Date => midnightStarting(calendarDateIn(timeZone, now), timeZone);

/** Issue 10 §2: a check-in still open is ended at the first midnight, site time, after it began. */
export const midnightAfter = (checkedInAt: Date, timeZone: string): Date =>
  midnightStarting(nextCalendarDate(calendarDateIn(timeZone, checkedInAt)), timeZone);
