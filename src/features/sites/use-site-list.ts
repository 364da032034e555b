import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { bulkSelectionMachine, statusOfFilter, type ApplyStatusInput } from '../../../machines/bulk-selection.machine';
import { getProjectSites } from '../../api/get-project-sites';
import { useLiveChanges } from '../../components/live/use-live-changes';
import { updateProjectSiteStatuses } from '../../api/update-project-site-statuses';
import { noCursor } from '../../domain/page-cursor';
import type { ProjectSite, ProjectSiteList } from '../../domain/project-site';
import { toast } from '../../ui/toast-store';
import { isSiteStatus, listParams, readSiteListQuery, selectionQueryOf, siteListSearchParams, type SiteListQuery } from './site-list-query';

function applyStatus(companyId: string, { status, target }: ApplyStatusInput): Promise<readonly ProjectSite[]> {
  if (!isSiteStatus(status)) return Promise.reject(new Error(`Not a site status: ${status}`));
  if (target.mode === 'ids') return updateProjectSiteStatuses(companyId, { projectSiteIds: target.ids, selectedStatus: status });
  const filtered = statusOfFilter(target.matching.filter);
  return updateProjectSiteStatuses(companyId, {
    matching: {
      ...(target.matching.search ? { search: target.matching.search } : {}),
      ...(filtered && isSiteStatus(filtered) ? { status: filtered } : {}),
    },
    excludedIds: target.excludedIds,
    selectedStatus: status,
  });
}

type FetchedRows =
  | { readonly status: 'loading'; readonly list: ProjectSiteList | null; readonly key: string }
  | { readonly status: 'failed'; readonly list: null; readonly key: string }
  | { readonly status: 'ready'; readonly list: ProjectSiteList; readonly key: string };

type SiteRows = Omit<FetchedRows, 'key'>;

/**
 * The project site list of spec §2: its query lives in the address bar, its rows come from the
 * server one page at a time, and the bulk-selection actor hears of every query and page.
 */
export function useSiteList(companyId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readSiteListQuery(searchParams), [searchParams]);
  const [fetched, setFetched] = useState<FetchedRows>({ status: 'loading', list: null, key: '' });
  const [refreshes, setRefreshes] = useState(0);

  const bulk = useActorRef(
    bulkSelectionMachine.provide({
      actors: { applyStatus: fromPromise<unknown, ApplyStatusInput>(({ input }) => applyStatus(companyId, input)) },
    }),
    { input: { query: selectionQueryOf(query) } },
  );

  useEffect(() => {
    const toasts = bulk.on('toast', ({ tone, message }) => toast[tone](message));
    const refresh = bulk.on('rows.refresh', () => setRefreshes((count) => count + 1));
    return () => {
      toasts.unsubscribe();
      refresh.unsubscribe();
    };
  }, [bulk]);

  useLiveChanges(companyId, 'sites', () => setRefreshes((count) => count + 1));

  const { search, sort, status, page, pageSize } = query;
  const { after, before } = query.cursor;
  const key = JSON.stringify([companyId, search, sort, status, page, pageSize, after, before, refreshes]);
  useEffect(() => {
    const current: SiteListQuery = { search, sort, status, page, pageSize, cursor: { after, before } };
    const selectionQuery = selectionQueryOf(current);
    const controller = new AbortController();
    bulk.send({ type: 'query.changed', query: selectionQuery });
    setFetched((previous) => ({ status: 'loading', list: previous.list, key }));
    getProjectSites(companyId, listParams(current), { signal: controller.signal })
      .then((list) => {
        setFetched({ status: 'ready', list, key });
        bulk.send({
          type: 'rows.loaded',
          rows: list.items.map((site) => ({ id: site._id, status: site.status })),
          total: list.total,
          query: selectionQuery,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setFetched({ status: 'failed', list: null, key });
      });
    return () => controller.abort();
  }, [bulk, companyId, search, sort, status, page, pageSize, after, before, refreshes, key]);

  /** Rows answering an older query count as loading from the very render that changes the query. */
  const rows: SiteRows = fetched.key === key ? fetched : { status: 'loading', list: fetched.list };

  const update = useCallback(
    (change: Partial<SiteListQuery>) => {
      setSearchParams((previous) => {
        const before = readSiteListQuery(previous);
        const paging = 'page' in change ? {} : { page: 1 };
        // A cursor belongs to the page it was made for; anything else opens by page number.
        const cursor = 'cursor' in change ? {} : { cursor: noCursor };
        return siteListSearchParams({ ...before, ...paging, ...cursor, ...change });
      });
    },
    [setSearchParams],
  );

  const list = rows.list;
  const pastTheEnd = rows.status === 'ready' && list !== null && list.items.length === 0 && list.total > 0 && page > 1;
  useEffect(() => {
    if (pastTheEnd && list) update({ page: Math.max(1, Math.ceil(list.total / list.pageSize)) });
  }, [pastTheEnd, list, update]);

  return { query, rows, bulk, update, retry: () => setRefreshes((count) => count + 1) };
}
