import { format } from 'date-fns';

/** Spec §9: English locale, 2-digit day, month, year, hour and minute. */
export function formatDateTime(value: string | Date): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
  }).format(new Date(value));
}

/** Spec §9 activity timestamps, e.g. 'Saturday, 21st November 2026, 14:05'. */
export function formatActivity(value: string | Date): string {
  return format(new Date(value), 'EEEE, do MMMM yyyy, HH:mm');
}
