import { Button } from '../../ui/button';
import { clientText } from './strings';

export interface PaginationProps {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
}

export function Pagination({ page, pageSize, total, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={clientText.pagination}>
      <p className="pagination-summary" aria-live="polite">{clientText.showing(from, to, total)}</p>
      <div className="pagination-controls">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {clientText.previous}
        </Button>
        <span className="pagination-page">{clientText.pageOf(Math.min(page, pages), pages)}</span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {clientText.nextPage}
        </Button>
      </div>
    </nav>
  );
}
