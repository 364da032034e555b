import { CompanyList, type CompanySortKey } from '../domain/company';
import type { PageCursor } from '../domain/page-cursor';
import { callForJson, type CallOptions } from './client';

export interface CompanyListRequest {
  readonly search: string;
  readonly sort: CompanySortKey;
  readonly page: number;
  readonly pageSize: number;
  readonly cursor?: PageCursor;
}

/** Spec §7 GET company: searched, sorted and paged by the server (issue 3 item 1). */
export function getCompanies(request: CompanyListRequest, options: CallOptions = {}): Promise<CompanyList> {
  const query = new URLSearchParams({ sort: request.sort, page: String(request.page), pageSize: String(request.pageSize) });
  const search = request.search.trim();
  if (search) query.set('search', search);
  if (request.cursor?.after) query.set('after', request.cursor.after);
  else if (request.cursor?.before) query.set('before', request.cursor.before);
  return callForJson(CompanyList, 'get', `company?${query.toString()}`, options);
}
