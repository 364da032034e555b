import { Schema } from 'effect';
import { ProjectSite, type BulkStatusInput, type BulkStatusMatchingInput } from '../domain/project-site';
import { callForJson, type CallOptions } from './client';

const UpdatedSites = Schema.Array(ProjectSite);

/**
 * PATCH company/{companyId}/projectSites (spec §4 bulk Change Status): named ids, or every site matching
 * the list's search and status less some ids. Answers the sites with supervisorDetails.
 */
export function updateProjectSiteStatuses(
  companyId: string,
  body: BulkStatusInput | BulkStatusMatchingInput,
  options: CallOptions = {},
): Promise<readonly ProjectSite[]> {
  return callForJson(UpdatedSites, 'patch', `company/${encodeURIComponent(companyId)}/projectSites`, { ...options, json: body });
}
