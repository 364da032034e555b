import { Button } from '../../ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';

export interface TablePaginationProps {
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPageChange: (page: number) => void;
  /** Plural noun for the total, e.g. 'sites'. */
  readonly itemsLabel?: string;
}

const paginationText = {
  previous: 'Previous page',
  next: 'Next page',
  range: (first: number, last: number, total: number, items: string) => `Showing ${first}–${last} of ${total} ${items}`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export function TablePagination({ page, pageSize, total, onPageChange, itemsLabel = 'results' }: TablePaginationProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="data-table-pagination" data-slot="data-table-pagination" aria-label="Pagination">
      <p className="data-table-range" aria-live="polite">
        {paginationText.range(first, last, total, itemsLabel)}
      </p>
      <div className="data-table-pages">
        <Button variant="secondary" size="sm" aria-label={paginationText.previous} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon />
        </Button>
        <span className="data-table-page">{paginationText.page(Math.min(page, pages), pages)}</span>
        <Button variant="secondary" size="sm" aria-label={paginationText.next} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
