import { ProjectSite } from '../domain/project-site';
import type { SiteStatus } from '../domain/site-status';
import { callForJson, type CallOptions } from './client';

/** PATCH company/{companyId}/projectSites/{projectSiteId}/status: the details page's Change Status menu. */
export function updateProjectSiteStatus(companyId: string, siteId: string, status: SiteStatus, options: CallOptions = {}): Promise<ProjectSite> {
  return callForJson(ProjectSite, 'patch', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/status`, {
    ...options,
    json: { status },
  });
}
