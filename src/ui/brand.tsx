import { cx } from './cx';
import logoSvg from './logo.svg?raw';
import { productName } from './page';

/**
 * The logo as a data URL: half a kilobyte, written into the code and into the pages the build draws (which render this
 * at build time, where an asset's URL would be the development server's), so no page asks for it on its own.
 */
const logoUrl = `data:image/svg+xml,${encodeURIComponent(logoSvg.replace(/\s+/g, ' ').trim())}`;

export function Brand({ className }: { readonly className?: string }) {
  return (
    <span className={cx('brand', className)} data-slot="brand">
      <img src={logoUrl} alt="" width={32} height={32} className="brand-logo" />
      <span className="brand-name">{productName}</span>
    </span>
  );
}
