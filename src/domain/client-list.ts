import { companySortKeys, defaultCompanySort, defaultPageSize, type CompanySortKey } from './company';

export interface ClientListQuery {
  readonly search: string;
  readonly sort: CompanySortKey;
  readonly page: number;
}

export const clientListPageSize = defaultPageSize;

const isSortKey = (value: string | null): value is CompanySortKey => companySortKeys.some((key) => key === value);

/** The list's query lives in the address (?q=&sort=&page=), so Back and a shared link keep it. */
export function queryFromParams(params: URLSearchParams): ClientListQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    sort: isSortKey(sort) ? sort : defaultCompanySort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFromQuery(query: ClientListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.sort !== defaultCompanySort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export const sameQuery = (a: ClientListQuery, b: ClientListQuery) => a.search === b.search && a.sort === b.sort && a.page === b.page;
