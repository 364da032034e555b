/** Spec §9: English locale, 2-digit day, month, year, hour and minute; on a site's clock when `timeZone` is given (issue 10). */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

/** en-AU hour and minute, e.g. '07:30'; on a site's clock when `timeZone` is given. */
export function formatTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false, ...(timeZone ? { timeZone } : {}) }).format(new Date(value));
}

// en-US names: recent CLDR data shortens September to 'Sept' in en-GB and en-AU, and the spec's strings say 'Sep'.
const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long' });
const shortMonthName = new Intl.DateTimeFormat('en-US', { month: 'short' });

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '14:05' on the browser's clock. */
export const clockTime = (date: Date): string => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** '21st', '22nd', '23rd', '11th'. */
function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

/** Spec §9 activity timestamps, e.g. 'Saturday, 21st November 2026, 14:05'. */
export function formatActivity(value: string | Date): string {
  const date = new Date(value);
  return `${weekdayName.format(date)}, ${ordinal(date.getDate())} ${monthName.format(date)} ${date.getFullYear()}, ${clockTime(date)}`;
}

/** Issue 9 audit lines, e.g. '21 Nov 2026 14:05'. */
export function formatShortDateTime(value: string | Date): string {
  const date = new Date(value);
  return `${date.getDate()} ${shortMonthName.format(date)} ${date.getFullYear()} ${clockTime(date)}`;
}

/** Whether two moments fall on the same day of the browser's calendar. */
export const isSameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
