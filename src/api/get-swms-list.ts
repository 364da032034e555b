import { SwmsList, type SwmsFilterKey, type SwmsSortKey } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

export interface SwmsListParams {
  readonly search?: string;
  readonly sort?: SwmsSortKey;
  readonly filter?: SwmsFilterKey;
  readonly page?: number;
  readonly pageSize?: number;
  readonly after?: string | undefined;
  readonly before?: string | undefined;
}

/** GET company/{id}/swms: one page of the company's SWMS; search, sort, filter and paging run on the server. */
export function getSwmsList(companyId: string, params: SwmsListParams = {}, options: CallOptions = {}): Promise<SwmsList> {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.sort) query.set('sort', params.sort);
  if (params.filter) query.set('filter', params.filter);
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.pageSize !== undefined) query.set('pageSize', String(params.pageSize));
  if (params.after) query.set('after', params.after);
  else if (params.before) query.set('before', params.before);
  const search = query.size > 0 ? `?${query}` : '';
  return callForJson(SwmsList, 'get', `company/${encodeURIComponent(companyId)}/swms${search}`, options);
}
