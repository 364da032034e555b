import { ProjectSite } from '../domain/project-site';
import { callForJson, type CallOptions } from './client';

export function getProjectSite(companyId: string, siteId: string, options: CallOptions = {}): Promise<ProjectSite> {
  return callForJson(ProjectSite, 'get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}`, options);
}
