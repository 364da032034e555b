import { calendarDateIn } from '../../domain/trades';

/** The phone's own time zone; the server checks licences and SWMS eligibility by the site's. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const localToday = (): string => calendarDateIn(localTimeZone());
