export const swmsListPath = (companyId: string, search = '') => `/company/${encodeURIComponent(companyId)}/swms${search}`;

export const swmsPath = (companyId: string, swmsId: string) =>
  `/company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}`;

export const sitePath = (companyId: string, siteId: string) =>
  `/company/${encodeURIComponent(companyId)}/projectsites/${encodeURIComponent(siteId)}`;
