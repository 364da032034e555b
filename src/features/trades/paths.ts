import { isSafeReturnTo } from '../../../machines/sign-in-redirect.machine';

const segment = encodeURIComponent;

export const tradesHomePath = (id: string) => `/trades/${segment(id)}`;

/** The profile form; `from` is where saving returns to (the check-in page that sent the user there). */
export const tradesEditPath = (id: string, from?: string) => `/trades/${segment(id)}/edit${from ? `?${new URLSearchParams({ from })}` : ''}`;

/** Issue 10 §4: the SWMS builder for a site (helper H4's page). */
export const newSwmsPath = (siteId: string) => `/site/${segment(siteId)}/swms/new`;

/** Only a same-origin path is followed back. */
export const safeFrom = (from: string | null): string | null => (isSafeReturnTo(from) ? from : null);
