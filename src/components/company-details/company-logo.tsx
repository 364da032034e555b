import { cx } from '../../ui/cx';
import { BuildingIcon } from '../../ui/icons';
import './company-details.css';

export interface CompanyLogoProps {
  readonly url: string | null | undefined;
  /** Alternative text; empty when the company name is printed beside the logo. */
  readonly alt?: string;
  readonly size?: 'sm' | 'md' | 'lg';
  readonly className?: string;
}

/** A company's logo on a light tile (logos are drawn for white paper), or a building icon when it has none. */
export function CompanyLogo({ url, alt = '', size = 'md', className }: CompanyLogoProps) {
  return (
    <span className={cx('company-logo', className)} data-size={size} data-empty={url ? undefined : ''}>
      {url ? <img src={url} alt={alt} loading="lazy" /> : <BuildingIcon aria-hidden="true" />}
    </span>
  );
}
