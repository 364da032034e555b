import { ProjectSite, type ProjectSiteUpdate } from '../domain/project-site';
import { callForJson, type CallOptions } from './client';

/** PUT company/{companyId}/projectSites/{projectSiteId}: answers 409 when `version` is no longer current. */
export function updateProjectSite(companyId: string, siteId: string, update: ProjectSiteUpdate, options: CallOptions = {}): Promise<ProjectSite> {
  return callForJson(ProjectSite, 'put', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}`, {
    ...options,
    json: { ...update, company: companyId },
  });
}
