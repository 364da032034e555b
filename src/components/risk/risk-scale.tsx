import { cx } from '../../ui/cx';
import { colourStyle, scaleStepColours, type Scale } from './risk-levels';
import './risk.css';

export interface RiskScaleProps {
  readonly label: string;
  readonly scale: Scale;
  /** The level this SWMS chose; it is marked as the current entry. */
  readonly level: number;
  readonly className?: string;
}

/** A spec §9 scale, every level labelled, lowest (green) to highest (red), with the chosen level marked. */
export function RiskScale({ label, scale, level, className }: RiskScaleProps) {
  return (
    <figure className={cx('risk-scale', className)} data-slot="risk-scale">
      <figcaption className="risk-scale-title">{label}</figcaption>
      <ol className="risk-scale-list" aria-label={label}>
        {scale.map((entry, index) => {
          const colour = scaleStepColours[Math.min(index, scaleStepColours.length - 1)] ?? scaleStepColours[0];
          const current = entry.level === level;
          return (
            <li key={entry.level} className="risk-scale-item" aria-current={current ? 'true' : undefined} data-current={current ? '' : undefined}>
              <span className="risk-scale-level" style={colourStyle(colour)}>
                {entry.level}
              </span>{' '}
              <span className="risk-scale-text">
                <span className="risk-scale-label">{entry.label}</span> <span className="risk-scale-detail">({entry.detail})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
