const company = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;

export const sitePaths = {
  list: (companyId: string) => `${company(companyId)}/projectsites`,
  add: (companyId: string) => `${company(companyId)}/projectsites/add`,
  details: (companyId: string, siteId: string) => `${company(companyId)}/projectsites/${encodeURIComponent(siteId)}`,
  edit: (companyId: string, siteId: string) => `${company(companyId)}/projectsites/${encodeURIComponent(siteId)}/edit`,
  employee: (companyId: string, employeeId: string) => `${company(companyId)}/employees/${encodeURIComponent(employeeId)}`,
  swms: (companyId: string, swmsId: string) => `${company(companyId)}/swms/${encodeURIComponent(swmsId)}`,
  evacuation: (companyId: string, siteId: string) => `${company(companyId)}/projectsites/${encodeURIComponent(siteId)}/evacuation`,
  tradesPerson: (userId: string) => `/trades/${encodeURIComponent(userId)}`,
} as const;
