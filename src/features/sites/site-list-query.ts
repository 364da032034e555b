import type { SelectionQuery } from '../../../machines/bulk-selection.machine';
import type { ProjectSiteListParams } from '../../api/get-project-sites';
import {
  defaultSitePageSize,
  defaultSiteSort,
  maxSitePageSize,
  maxSiteSearchLength,
  siteSortKeys,
  type SiteFilterKey,
  type SiteSortKey,
} from '../../domain/project-site';
import { siteStatuses, type SiteStatus } from '../../domain/site-status';
import { noCursor, readPageCursor, writePageCursor, type PageCursor } from '../../domain/page-cursor';

/** The list's state as the address bar keeps it: search, sort, status filter and page (pageSize for long lists). */
export interface SiteListQuery {
  readonly search: string;
  readonly sort: SiteSortKey;
  readonly status: SiteStatus | null;
  readonly page: number;
  readonly pageSize: number;
  /** How the page was reached from its neighbour (issue 11); none for page 1 or a typed page number. */
  readonly cursor: PageCursor;
}

export const isSortKey = (value: string | null): value is SiteSortKey => (siteSortKeys as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is SiteStatus => (siteStatuses as readonly (string | null)[]).includes(value);

function wholeNumber(value: string | null, fallback: number, maximum: number): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 && number <= maximum ? number : fallback;
}

/** Anything unreadable in the address falls back to the default, so a hand-edited link still lists sites. */
export function readSiteListQuery(params: URLSearchParams): SiteListQuery {
  const sort = params.get('sort');
  const status = params.get('status');
  return {
    search: (params.get('search') ?? '').slice(0, maxSiteSearchLength),
    sort: isSortKey(sort) ? sort : defaultSiteSort,
    status: isStatus(status) ? status : null,
    page: wholeNumber(params.get('page'), 1, 1_000_000),
    pageSize: wholeNumber(params.get('pageSize'), defaultSitePageSize, maxSitePageSize),
    cursor: wholeNumber(params.get('page'), 1, 1_000_000) > 1 ? readPageCursor(params) : noCursor,
  };
}

/** Defaults stay out of the address so the plain list keeps a plain link. */
export function siteListSearchParams(query: SiteListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.sort !== defaultSiteSort) params.set('sort', query.sort);
  if (query.status) params.set('status', query.status);
  if (query.page > 1) {
    params.set('page', String(query.page));
    writePageCursor(params, query.cursor);
  }
  if (query.pageSize !== defaultSitePageSize) params.set('pageSize', String(query.pageSize));
  return params;
}

const filterKeyOf = (status: SiteStatus | null): SiteFilterKey | null => (status ? `status.string.${status}` : null);

export function listParams(query: SiteListQuery): ProjectSiteListParams {
  const filter = filterKeyOf(query.status);
  return {
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    sort: query.sort,
    ...(filter ? { filter } : {}),
    page: query.page,
    pageSize: query.pageSize,
    after: query.cursor.after ?? undefined,
    before: query.cursor.before ?? undefined,
  };
}

/** The bulk-selection machine's view of the query: search and filter decide the matching set. */
export function selectionQueryOf(query: SiteListQuery): SelectionQuery {
  return { search: query.search.trim(), filter: filterKeyOf(query.status), sort: query.sort, page: query.page };
}

export const isSiteStatus = isStatus;
