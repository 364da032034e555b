const segment = encodeURIComponent;

/** The tradesperson's profile form; saving it comes back to `from` (this check-in page). */
export const profileEditPath = (userId: string, from: string) => `/trades/${segment(userId)}/edit?${new URLSearchParams({ from })}`;

/** Issue 10 §4: the SWMS builder for this site (helper H4's page). */
export const newSwmsPath = (siteId: string) => `/site/${segment(siteId)}/swms/new`;
