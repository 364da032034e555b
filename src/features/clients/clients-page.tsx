import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListEmptyState } from '../../components/data-table/list-empty-state';
import type { CompanySortKey } from '../../domain/company';
import { Button } from '../../ui/button';
import { Page, PageActions, PageTitle, PageToolbar } from '../../ui/page';
import { ErrorState, LoadingState, statusMessages } from '../../ui/status';
import { clientListPageSize, paramsFromQuery, queryFromParams, type ClientListQuery } from '../../domain/client-list';
import { ClientSearch } from './client-search';
import { ClientSortMenu } from './client-sort-menu';
import { ClientTable } from './client-table';
import { Pagination } from './pagination';
import { cursorTo, noCursor } from '../../domain/page-cursor';
import { clientText } from './strings';
import { useClientList } from './use-client-list';
import './clients.css';

export function ClientsPage() {
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  const query = useMemo(() => queryFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const { loading, failed, list } = useClientList(query);

  const change = useCallback(
    (next: Partial<ClientListQuery>, options: { replace?: boolean } = {}) =>
      setParams(paramsFromQuery({ ...query, page: 1, cursor: noCursor, ...next }), options),
    [query, setParams],
  );
  const onSearch = useCallback((search: string) => change({ search }, { replace: true }), [change]);

  return (
    <Page>
      <PageTitle>{clientText.list}</PageTitle>
      <PageToolbar>
        <div className="clients-query">
          <ClientSearch value={query.search} onSearch={onSearch} />
          <ClientSortMenu value={query.sort} onChange={(sort: CompanySortKey) => change({ sort })} />
        </div>
        <PageActions>
          <Button asChild>
            <Link to="/clients/create">{clientText.create}</Link>
          </Button>
        </PageActions>
      </PageToolbar>
      {failed ? <ErrorState /> : null}
      {!failed && !list ? <LoadingState /> : null}
      {!failed && list ? (
        <>
          {loading ? (
            <p className="clients-refreshing" role="status">
              <span className="button-spinner" aria-hidden="true" />
              {statusMessages.loading}
            </p>
          ) : null}
          {list.items.length === 0 && !loading ? (
            <ListEmptyState
              narrowed={query.search !== ''}
              noMatchesHint={clientText.noMatchesHint}
              clearLabel={clientText.clearSearch}
              onClear={() => change({ search: '' })}
              emptyHint={clientText.emptyHint}
            />
          ) : null}
          {list.items.length > 0 ? <ClientTable clients={list.items} busy={loading} /> : null}
          {list.total > 0 ? (
            <Pagination page={query.page} pageSize={clientListPageSize} total={list.total} onPage={(page) => change({ page, cursor: cursorTo(query.page, page, list) })} />
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
