import type { ComponentProps } from 'react';
import { cx } from './cx';
import './table.css';

/**
 * `cards`: on a phone each row reads as a card (status first, every value under its column's name) instead
 * of a table squeezed sideways; give each cell `data-label` (its column's name) and, where it helps,
 * `data-card`: 'title' (the row's name, no label), 'status' (shown first) or 'action' (a full-width control).
 */
export function Table({ className, cards = false, ...props }: ComponentProps<'table'> & { readonly cards?: boolean }) {
  return (
    <div data-slot="table-container" className="table-container" data-cards={cards || undefined}>
      <table data-slot="table" className={cx('table', className)} data-cards={cards || undefined} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cx('table-header', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cx('table-body', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cx('table-row', className)} {...props} />;
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th data-slot="table-head" scope={scope} className={cx('table-head', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cx('table-cell', className)} {...props} />;
}
