import { format } from 'date-fns';

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

/** Spec §9 activity timestamps, e.g. 'Saturday, 21st November 2026, 14:05'. */
export function formatActivity(value: string | Date): string {
  return format(new Date(value), 'EEEE, do MMMM yyyy, HH:mm');
}
