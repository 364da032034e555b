import { companySortKeys, defaultCompanySort, defaultPageSize, type CompanySortKey } from './company';
import { noCursor, readPageCursor, writePageCursor, type PageCursor } from './page-cursor';

export interface ClientListQuery {
  readonly search: string;
  readonly sort: CompanySortKey;
  readonly page: number;
  /** How the page was reached from its neighbour (issue 11); none for page 1 or a typed page number. */
  readonly cursor: PageCursor;
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
    cursor: Number.isInteger(page) && page > 1 ? readPageCursor(params) : noCursor,
  };
}

export function paramsFromQuery(query: ClientListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.sort !== defaultCompanySort) params.set('sort', query.sort);
  if (query.page > 1) {
    params.set('page', String(query.page));
    writePageCursor(params, query.cursor);
  }
  return params;
}

export const sameQuery = (a: ClientListQuery, b: ClientListQuery) =>
  a.search === b.search && a.sort === b.sort && a.page === b.page && a.cursor.after === b.cursor.after && a.cursor.before === b.cursor.before;
