import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { DataTable, pageCount } from '../../components/data-table/data-table';
import { ListEmptyState } from '../../components/data-table/list-empty-state';
import { cursorTo, noCursor } from '../../domain/page-cursor';
import { defaultSwmsPageSize, swmsFilterOptions, type SwmsListItem } from '../../domain/swms';
import { Page, PageTitle } from '../../ui/page';
import { ErrorState } from '../../ui/status';
import { swmsText } from './strings';
import { SwmsBulkMenu } from './swms-bulk-menu';
import { SwmsExport } from './swms-export';
import { swmsColumns, swmsRowLabel } from './swms-columns';
import { filterKeyOf, listSearchParams, readListState, selectionQueryOf, sortKeyOf, type SwmsListState } from './swms-list-query';
import { swmsPath } from './swms-paths';
import { useSwmsBulk } from './use-swms-bulk';
import { useSwmsRows } from './use-swms-rows';
import './swms.css';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';

const filterOptions = [{ value: '', label: swmsText.all }, ...swmsFilterOptions.map((option) => ({ value: option.key, label: option.label }))];

/**
 * Spec §2 /company/{companyId}/swms: search, sort, filter, paging (all in the address) and bulk marking.
 * Sorting is by the Job No and Date/Time Submitted headers, as on every list (issue 13: one mechanism).
 */
export function SwmsPage() {
  const { companyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const actor = useSwmsBulk(companyId, selectionQueryOf(state));
  const rows = useSwmsRows(companyId, state, actor);
  const readOnly = Session.useSelector(session.isReadOnly);

  const show = (change: Partial<SwmsListState>, options: { replace?: boolean } = {}) =>
    setParams(listSearchParams({ ...state, page: 1, cursor: noCursor, ...change }), options);

  const list = rows.list;
  const lastPage = list ? pageCount(list.total, defaultSwmsPageSize) : 1;
  const overshoots = !rows.loading && list !== null && list.items.length === 0 && list.total > 0 && state.page > lastPage;
  useEffect(() => {
    if (overshoots) setParams(listSearchParams({ ...state, page: lastPage, cursor: noCursor }), { replace: true });
  });

  const narrowed = state.search.trim() !== '' || state.filter !== null;
  const empty = (
    <ListEmptyState
      narrowed={narrowed}
      noMatchesHint={swmsText.noMatchesHint}
      clearLabel={swmsText.clearQuery}
      onClear={() => show({ search: '', filter: null })}
      emptyHint={swmsText.emptyHint}
    />
  );

  return (
    <Page>
      <PageTitle>{swmsText.list}</PageTitle>
      <DataTable<SwmsListItem>
        label={swmsText.table}
        columns={swmsColumns}
        rows={list?.items ?? []}
        getRowId={(row) => row._id}
        getRowLabel={swmsRowLabel}
        rowHref={(row) => swmsPath(companyId, row._id)}
        sort={{ value: state.sort, onChange: (sort) => show({ sort: sortKeyOf(sort) ?? state.sort }) }}
        selection={readOnly ? undefined : actor}
        search={{
          value: state.search,
          label: swmsText.searchLabel,
          placeholder: swmsText.searchPlaceholder,
          waitsForThird: true,
          onChange: (search) => show({ search }, { replace: true }),
        }}
        filter={{
          label: swmsText.filterLabel,
          value: state.filter ?? '',
          options: filterOptions,
          onChange: (filter) => show({ filter: filterKeyOf(filter) ?? null }),
        }}
        pagination={
          list ? { page: state.page, pageSize: defaultSwmsPageSize, total: list.total, itemsLabel: swmsText.items, onPageChange: (page) => show({ page, cursor: cursorTo(state.page, page, list) }) } : undefined
        }
        loading={rows.loading}
        error={rows.failed ? <ErrorState /> : undefined}
        empty={empty}
        actions={
          <>
            {readOnly ? null : <SwmsExport companyId={companyId} selection={actor} />}
            {readOnly ? null : <SwmsBulkMenu actor={actor} />}
          </>
        }
      />
    </Page>
  );
}
