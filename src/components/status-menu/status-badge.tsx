import type { ComponentProps } from 'react';
import { cx } from '../../ui/cx';
import './status-menu.css';

/** A status shown as a coloured pill; the colour follows `data-status` (site and SWMS statuses). */
export function StatusBadge({ status, className, children, ...props }: ComponentProps<'span'> & { readonly status: string }) {
  return (
    <span data-slot="status-badge" data-status={status} className={cx('status-badge', className)} {...props}>
      <span className="status-menu-dot" data-status={status} aria-hidden="true" />
      {children}
    </span>
  );
}
