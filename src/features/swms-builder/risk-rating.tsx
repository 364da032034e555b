import { RiskBandBadge } from '../../components/risk/risk-band-badge';
import { bandStyle } from '../../components/risk/risk-levels';
import { RiskMatrix } from '../../components/risk/risk-matrix';
import { riskBand } from '../../domain/risk';
import { builderText } from './strings';

/** The band (spec §5) and its colour as soon as both levels are chosen, with the matrix cell marked. */
export function RiskRating({ consequence, likelihood }: { readonly consequence: number | null; readonly likelihood: number | null }) {
  const rated = consequence !== null && likelihood !== null;
  const overall = rated ? consequence * likelihood : null;
  const band = overall === null ? null : riskBand(overall);
  return (
    <div className="risk-rating" data-band={band ?? undefined} style={band ? bandStyle(band) : undefined}>
      <p className="field-label">{builderText.hazards.rating}</p>
      <p className="risk-rating-line" role="status" aria-live="polite">
        {band && overall !== null ? (
          <>
            <RiskBandBadge band={band} className="risk-rating-badge" /> <span>{builderText.hazards.overall(overall)}</span>
          </>
        ) : (
          <span className="muted">{builderText.hazards.ratingPending}</span>
        )}
      </p>
      {rated ? (
        <div className="risk-rating-matrix">
          <RiskMatrix consequence={consequence} likelihood={likelihood} />
        </div>
      ) : null}
    </div>
  );
}
