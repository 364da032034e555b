/**
 * The portal's one formatter for dates and times (spec §9, issue 55 §3), used by the browser and by the server's
 * PDFs and emails. Each format takes an optional `timeZone`: without it the time shows on the viewer's clock; with it
 * (an event at a site: a check-in, a check-out, a SWMS submitted there, the evacuation list) it shows on that zone's
 * clock followed by the zone's abbreviation, '06:51 AEDT', so the reader knows which clock it is.
 */

// Month and weekday names are spelt here: recent CLDR data shortens September to 'Sept' in en-GB and en-AU, and the spec's strings say 'Sep'.
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: string;
  readonly minute: string;
  /** The zone's short name ('AEDT', 'AWST', 'UTC'), '' on the viewer's clock. */
  readonly zoneName: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** h23, not `hour12: false`: en-AU with `hour12: false` writes midnight as '24:00'. */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function wallClock(value: string | Date, timeZone: string | undefined): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: part('hour').padStart(2, '0'),
    minute: part('minute').padStart(2, '0'),
    zoneName: timeZone ? part('timeZoneName') : '',
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

const withZone = (text: string, clock: WallClock) => (clock.zoneName ? `${text} ${clock.zoneName}` : text);

const hoursMinutes = (clock: WallClock) => `${clock.hour}:${clock.minute}`;

/** '21st', '22nd', '23rd', '11th'. */
function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

const weekdayOf = (clock: WallClock) => weekdayNames[new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()] ?? '';

/** Spec §9: English locale, 2-digit day, month, year, hour and minute, e.g. '02/12/2026, 06:54' or '02/12/2026, 06:54 AEDT'. */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const clock = wallClock(value, timeZone);
  return withZone(`${twoDigits(clock.day)}/${twoDigits(clock.month)}/${clock.year}, ${hoursMinutes(clock)}`, clock);
}

/** Hour and minute, e.g. '07:30' or '07:30 AWST'. */
export function formatTime(value: string | Date, timeZone?: string): string {
  const clock = wallClock(value, timeZone);
  return withZone(hoursMinutes(clock), clock);
}

/** Spec §9 activity timestamps, e.g. 'Saturday, 21st November 2026, 14:05' or '…, 14:05 AEDT'. */
export function formatActivity(value: string | Date, timeZone?: string): string {
  const clock = wallClock(value, timeZone);
  return withZone(`${weekdayOf(clock)}, ${ordinal(clock.day)} ${monthNames[clock.month - 1] ?? ''} ${clock.year}, ${hoursMinutes(clock)}`, clock);
}

/** Issue 9 audit lines, e.g. '21 Nov 2026 14:05' or '21 Nov 2026 14:05 AEDT'. */
export function formatShortDateTime(value: string | Date, timeZone?: string): string {
  const clock = wallClock(value, timeZone);
  return withZone(`${clock.day} ${(monthNames[clock.month - 1] ?? '').slice(0, 3)} ${clock.year} ${hoursMinutes(clock)}`, clock);
}

/** Whether two moments fall on the same calendar day, of the viewer's clock or of `timeZone`'s. */
export function isSameDay(a: string | Date, b: string | Date, timeZone?: string): boolean {
  const [left, right] = [wallClock(a, timeZone), wallClock(b, timeZone)];
  return left.year === right.year && left.month === right.month && left.day === right.day;
}

/**
 * A check-out beside its check-in: the time alone when it ended the day it began, else the whole activity
 * timestamp; on `timeZone`'s clock when given, as `formatTime` and `formatActivity` are.
 */
export function formatTimeOut(checkedInAt: string | Date, checkedOutAt: string | Date, timeZone?: string): string {
  return isSameDay(checkedInAt, checkedOutAt, timeZone) ? formatTime(checkedOutAt, timeZone) : formatActivity(checkedOutAt, timeZone);
}

/** A moment for a file name, on `timeZone`'s clock: '2026-12-02-0654'. */
export function fileTimeStamp(value: string | Date, timeZone: string): string {
  const clock = wallClock(value, timeZone);
  return `${clock.year}-${twoDigits(clock.month)}-${twoDigits(clock.day)}-${clock.hour}${clock.minute}`;
}
