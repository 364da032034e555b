/**
 * DataTable: a paged list with sortable headers, an optional checkbox column driven by the
 * bulk-selection machine, row links, a search box, a filter select and pagination.
 * The caller owns the query (keep it in the URL) and fetching; the table only shows and reports.
 *
 * Props (all readonly):
 * - `label`: the table's accessible name.
 * - `columns: DataTableColumn<Row>[]`: `{ id, header, cell(row), sortKey?, link?, className? }`.
 *   `sortKey` is the `field.type` part of a spec §5 sort key (`'address.string'`): the header becomes
 *   a button (keyboard reachable) that toggles asc/desc, and the `<th>` carries `aria-sort`.
 *   `link: true` wraps that column's cell in a link to `rowHref(row)`.
 * - `rows`, `getRowId(row)`, `getRowLabel?(row)` (names the row in checkbox and link labels; default the id).
 * - `rowHref?(row)`: the row's page.
 * - `sort?: { value, onChange(sortKey) }`: `value` is the full key (`'address.string.asc'`).
 * - `selection?: BulkSelectionActor`: adds the checkbox column (Radix Checkbox; the header is the
 *   select-page box, `'indeterminate'` when some rows are ticked) and the selection bar (count,
 *   'Select all N matching' once the page is fully ticked, Clear). The caller sends `query.changed`
 *   and `rows.loaded` to the actor; the table sends the selection events.
 * - `search?: { value, onChange, label, placeholder?, debounceMs? }`: a debounced search box.
 * - `filter?: { label, value, options: { value, label }[], onChange }`: a select (`''` = no filter).
 * - `pagination?: { page, pageSize, total, onPageChange, itemsLabel? }`: 'Showing a–b of N' and prev/next.
 * - `loading?`: with no rows shows 'Loading, Please Wait'; with rows keeps them, dimmed, `aria-busy`.
 * - `error?`: shown instead of rows. `empty?`: the placeholder when nothing matches (default 'No Data Found').
 * - `actions?`: toolbar content on the right (e.g. the Change Status menu, a create button).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cx } from '../../ui/cx';
import { EmptyState, LoadingState } from '../../ui/status';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { ariaSortOf, nextSort, parseSort } from './sort';
import { SortAscendingIcon, SortDescendingIcon, SortNoneIcon } from '../../ui/icons';
import { TableFilter, type TableFilterProps } from './table-filter';
import { TablePagination, type TablePaginationProps } from './table-pagination';
import { TableSearch, type TableSearchProps } from './table-search';
import { SelectionBar, SelectPageCheckbox, SelectRowCheckbox, type BulkSelectionActor } from './table-selection';
import './data-table.css';

export type { BulkSelectionActor } from './table-selection';
;
;
export { pageCount } from './table-pagination';

export interface DataTableColumn<Row> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  readonly sortKey?: string;
  readonly link?: boolean;
  readonly className?: string;
  /** Its place on a phone's card: 'title' (the row's name), 'status' (shown first); others read under their header. */
  readonly card?: 'title' | 'status';
}

interface DataTableSort {
  readonly value: string;
  readonly onChange: (sort: string) => void;
}

export interface DataTableProps<Row> {
  readonly label: string;
  readonly columns: readonly DataTableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly getRowId: (row: Row) => string;
  readonly getRowLabel?: (row: Row) => string;
  readonly rowHref?: (row: Row) => string;
  readonly sort?: DataTableSort;
  readonly selection?: BulkSelectionActor;
  readonly search?: TableSearchProps;
  readonly filter?: TableFilterProps;
  readonly pagination?: TablePaginationProps;
  readonly loading?: boolean;
  readonly error?: ReactNode;
  readonly empty?: ReactNode;
  readonly actions?: ReactNode;
  readonly className?: string;
}

function SortableHeader({ header, sortKey, sort }: { readonly header: string; readonly sortKey: string; readonly sort: DataTableSort }) {
  const ariaSort = ariaSortOf(sort.value, sortKey);
  const Icon = ariaSort === 'ascending' ? SortAscendingIcon : ariaSort === 'descending' ? SortDescendingIcon : SortNoneIcon;
  return (
    <button type="button" className="data-table-sort" data-active={ariaSort === 'none' ? undefined : ''} onClick={() => sort.onChange(nextSort(sort.value, sortKey))}>
      {header}
      <Icon className="data-table-sort-icon" />
    </button>
  );
}

function FullWidthRow({ span, children }: { readonly span: number; readonly children: ReactNode }) {
  return (
    <TableRow className="data-table-placeholder-row">
      <TableCell colSpan={span}>
        <div className="data-table-state">{children}</div>
      </TableCell>
    </TableRow>
  );
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, getRowId, getRowLabel = getRowId, rowHref, sort, selection } = props;
  const { search, filter, pagination, loading = false, error, empty, actions, className } = props;
  const span = columns.length + (selection ? 1 : 0);
  const waiting = loading && rows.length === 0 && !error;
  const sorted = parseSort(sort?.value);

  const cellContent = (column: DataTableColumn<Row>, row: Row) => {
    const content = column.cell(row);
    if (!column.link || !rowHref) return content;
    return (
      <Link to={rowHref(row)} className="data-table-row-link">
        {content}
      </Link>
    );
  };

  return (
    <div className={cx('data-table', className)} data-slot="data-table">
      {search || filter || actions ? (
        <div className="data-table-toolbar">
          <div className="data-table-query">
            {search ? <TableSearch {...search} /> : null}
            {filter ? <TableFilter {...filter} /> : null}
          </div>
          {actions ? <div className="data-table-actions">{actions}</div> : null}
        </div>
      ) : null}
      {selection ? <SelectionBar actor={selection} /> : null}
      <Table cards aria-label={label} aria-busy={loading || undefined} data-loading={loading && rows.length > 0 ? '' : undefined}>
        <TableHeader>
          <TableRow>
            {selection ? (
              <TableHead className="data-table-check">
                <SelectPageCheckbox actor={selection} />
              </TableHead>
            ) : null}
            {columns.map((column) => (
              <TableHead
                key={column.id}
                className={column.className}
                aria-sort={column.sortKey && sort ? ariaSortOf(sort.value, column.sortKey) : undefined}
                data-sorted={sorted?.column === column.sortKey ? '' : undefined}
              >
                {column.sortKey && sort ? <SortableHeader header={column.header} sortKey={column.sortKey} sort={sort} /> : column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {error ? <FullWidthRow span={span}>{error}</FullWidthRow> : null}
          {waiting ? (
            <FullWidthRow span={span}>
              <LoadingState />
            </FullWidthRow>
          ) : null}
          {!error && !loading && rows.length === 0 ? <FullWidthRow span={span}>{empty ?? <EmptyState />}</FullWidthRow> : null}
          {!error
            ? rows.map((row) => {
                const id = getRowId(row);
                return (
                  <TableRow key={id} data-row-id={id}>
                    {selection ? (
                      <TableCell className="data-table-check">
                        <SelectRowCheckbox actor={selection} id={id} label={getRowLabel(row)} />
                      </TableCell>
                    ) : null}
                    {columns.map((column) => (
                      <TableCell key={column.id} className={column.className} data-label={column.header} data-card={column.card}>
                        {cellContent(column, row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            : null}
        </TableBody>
      </Table>
      {pagination && pagination.total > 0 ? <TablePagination {...pagination} /> : null}
    </div>
  );
}
