export const swmsListPath = (companyId: string, search = '') => `/company/${encodeURIComponent(companyId)}/swms${search}`;

export const swmsPath = (companyId: string, swmsId: string) =>
  `/company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}`;

export const sitePath = (companyId: string, siteId: string) =>
  `/company/${encodeURIComponent(companyId)}/projectsites/${encodeURIComponent(siteId)}`;

/** Issue 57: one revision of a SWMS, read only; null is the current revision, the SWMS page itself. */
export const swmsRevisionPath = (companyId: string, swmsId: string, revision: number | null) =>
  revision === null ? swmsPath(companyId, swmsId) : `${swmsPath(companyId, swmsId)}?revision=${revision}`;
