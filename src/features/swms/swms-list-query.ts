import type { SelectionQuery } from '../../../machines/bulk-selection.machine';
import type { SwmsListParams } from '../../api/get-swms-list';
import { noCursor, readPageCursor, writePageCursor, type PageCursor } from '../../domain/page-cursor';
import {
  defaultSwmsPageSize,
  defaultSwmsSort,
  maxSwmsSearchLength,
  swmsFilterKeys,
  swmsSortKeys,
  type SwmsFilterKey,
  type SwmsSortKey,
} from '../../domain/swms';

/** What the SWMS list shows; kept in the address so a reload, a link or Back shows the same rows. */
export interface SwmsListState {
  readonly search: string;
  readonly sort: SwmsSortKey;
  readonly filter: SwmsFilterKey | null;
  readonly page: number;
  /** How the page was reached from its neighbour (issue 11); none for page 1 or a typed page number. */
  readonly cursor: PageCursor;
}

const isSortKey = (value: string | null): value is SwmsSortKey => (swmsSortKeys as readonly (string | null)[]).includes(value);
const isFilterKey = (value: string | null): value is SwmsFilterKey => (swmsFilterKeys as readonly (string | null)[]).includes(value);

/** Reads the address; anything unknown falls back to the default, so a hand-edited link still works. */
export function readListState(params: URLSearchParams): SwmsListState {
  const sort = params.get('sort');
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, maxSwmsSearchLength),
    sort: isSortKey(sort) ? sort : defaultSwmsSort,
    filter: isFilterKey(filter) ? filter : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    cursor: Number.isInteger(page) && page > 1 ? readPageCursor(params) : noCursor,
  };
}

/** The address for a state; defaults are left out. */
export function listSearchParams(state: SwmsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.sort !== defaultSwmsSort) params.set('sort', state.sort);
  if (state.filter) params.set('filter', state.filter);
  if (state.page > 1) {
    params.set('page', String(state.page));
    writePageCursor(params, state.cursor);
  }
  return params;
}

export function listParams(state: SwmsListState): SwmsListParams {
  return {
    search: state.search.trim() || undefined,
    sort: state.sort,
    filter: state.filter ?? undefined,
    page: state.page,
    pageSize: defaultSwmsPageSize,
    after: state.cursor.after ?? undefined,
    before: state.cursor.before ?? undefined,
  };
}

export function selectionQueryOf(state: SwmsListState): SelectionQuery {
  return { search: state.search.trim(), filter: state.filter, sort: state.sort, page: state.page };
}

export const filterKeyOf = (filter: string | null): SwmsFilterKey | undefined => (isFilterKey(filter) ? filter : undefined);
export const sortKeyOf = (sort: string): SwmsSortKey | null => (isSortKey(sort) ? sort : null);
