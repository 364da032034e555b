import { consequenceScale, likelihoodScale, riskBand } from '../../domain/risk';
import { cx } from '../../ui/cx';
import { DetailItem, DetailList } from '../../ui/details';
import { RiskBandBadge } from './risk-band-badge';
import { describeLevel, entryOf, type Scale } from './risk-levels';
import { RiskMatrix } from './risk-matrix';
import { RiskScale } from './risk-scale';
import { riskText } from './strings';
import './risk.css';

export interface RiskSummaryProps {
  /** Spec §3 riskConsequenceLevel, 1 to 5. */
  readonly consequence: number;
  /** Spec §3 riskLikelihoodLevel, 1 to 5. */
  readonly likelihood: number;
  /** Spec §3 riskOverallLevel; its band follows spec §5 and §9. */
  readonly overall: number;
  readonly className?: string;
}

function levelText(scale: Scale, level: number): string {
  const entry = entryOf(scale, level);
  return entry ? describeLevel(entry) : riskText.unknownLevel(level);
}

/**
 * A SWMS's risk: the chosen consequence and likelihood in the words of spec §9, the overall level and
 * its band (colour and text), the matrix, and both scales with the chosen levels marked.
 */
export function RiskSummary({ consequence, likelihood, overall, className }: RiskSummaryProps) {
  return (
    <div className={cx('risk-summary', className)} data-slot="risk-summary">
      <div className="risk-summary-top">
        <DetailList className="risk-summary-facts">
          <DetailItem label={riskText.consequence}>{levelText(consequenceScale, consequence)}</DetailItem>
          <DetailItem label={riskText.likelihood}>{levelText(likelihoodScale, likelihood)}</DetailItem>
          <DetailItem label={riskText.overallLevel}>
            <span className="risk-overall">{overall}</span>
          </DetailItem>
          <DetailItem label={riskText.band}>
            <RiskBandBadge band={riskBand(overall)} />
          </DetailItem>
        </DetailList>
        <RiskMatrix consequence={consequence} likelihood={likelihood} />
      </div>
      <div className="risk-summary-scales">
        <RiskScale label={riskText.consequenceScale} scale={consequenceScale} level={consequence} />
        <RiskScale label={riskText.likelihoodScale} scale={likelihoodScale} level={likelihood} />
      </div>
    </div>
  );
}
