/**
 * A tradesperson's pages, as the features that link to them write their addresses: the trades feature itself, the
 * check-in page (which sends a new tradesperson to the profile form first) and a SWMS's overview (its submitter); and
 * the API's reads of a tradesperson, as the API calls write them.
 */
const segment = encodeURIComponent;

export const tradesHomePath = (id: string) => `/trades/${segment(id)}`;

/** The API's reads of a tradesperson (`GET /api/{this}`): their details, and their own recent check-ins and SWMS. */
export const tradesPersonApiPath = (id: string) => `profile/trades/${segment(id)}`;
export const tradesActivityApiPath = (id: string) => `${tradesPersonApiPath(id)}/activity`;

/** The profile form; `from` is where saving returns to (the check-in page that sent the user there). */
export const tradesEditPath = (id: string, from?: string) => `/trades/${segment(id)}/edit${from ? `?${new URLSearchParams({ from })}` : ''}`;
