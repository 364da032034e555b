import type { RiskBand } from '../../domain/risk';
import { cx } from '../../ui/cx';
import { bandStyle } from './risk-levels';
import './risk.css';

/** The band in its colour, and in words, so colour is never the only cue. */
export function RiskBandBadge({ band, className }: { readonly band: RiskBand; readonly className?: string }) {
  return (
    <span className={cx('risk-band', className)} data-slot="risk-band" data-band={band} style={bandStyle(band)}>
      {band}
    </span>
  );
}
