import { ProjectSiteList, type SiteFilterKey, type SiteSortKey } from '../domain/project-site';
import { callForJson, type CallOptions } from './client';

export interface ProjectSiteListParams {
  readonly search?: string;
  readonly sort?: SiteSortKey;
  readonly filter?: SiteFilterKey;
  readonly page?: number;
  readonly pageSize?: number;
  readonly after?: string | undefined;
  readonly before?: string | undefined;
}

/** GET company/{id}/projectSites: one page; search, sort, filter and paging run on the server. */
export function getProjectSites(companyId: string, params: ProjectSiteListParams = {}, options: CallOptions = {}): Promise<ProjectSiteList> {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.sort) query.set('sort', params.sort);
  if (params.filter) query.set('filter', params.filter);
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.pageSize !== undefined) query.set('pageSize', String(params.pageSize));
  if (params.after) query.set('after', params.after);
  else if (params.before) query.set('before', params.before);
  const search = query.size > 0 ? `?${query}` : '';
  return callForJson(ProjectSiteList, 'get', `company/${encodeURIComponent(companyId)}/projectSites${search}`, options);
}
