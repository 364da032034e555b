import { ProjectSite, type ProjectSiteInput } from '../domain/project-site';
import { callForJson, type CallOptions } from './client';

/** POST company/{companyId}/projectSites: the form fields plus company (spec §7). */
export function createProjectSite(companyId: string, input: ProjectSiteInput, options: CallOptions = {}): Promise<ProjectSite> {
  return callForJson(ProjectSite, 'post', `company/${encodeURIComponent(companyId)}/projectSites`, {
    ...options,
    json: { ...input, company: companyId },
  });
}
