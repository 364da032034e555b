import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';

export function DetailList({ className, ...props }: ComponentProps<'dl'>) {
  return <dl data-slot="detail-list" className={cx('detail-list', className)} {...props} />;
}

export interface DetailItemProps extends Omit<ComponentProps<'div'>, 'children'> {
  readonly label: ReactNode;
  readonly children: ReactNode;
}

export function DetailItem({ className, label, children, ...props }: DetailItemProps) {
  return (
    <div data-slot="detail-item" className={cx('detail-item', className)} {...props}>
      <dt className="detail-label">{label}</dt>
      <dd className="detail-value">{children}</dd>
    </div>
  );
}
