import { cx } from './cx';
import { productName } from './page';

export function Brand({ className }: { readonly className?: string }) {
  return (
    <span className={cx('brand', className)} data-slot="brand">
      <img src="/logo.svg" alt="" width={32} height={32} className="brand-logo" />
      <span className="brand-name">{productName}</span>
    </span>
  );
}
