import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { swmsText } from './strings';

/** Spec §3 highRiskWork: the high-risk construction work the task involves. */
export function SwmsHighRiskCard({ highRiskWork }: { readonly highRiskWork: readonly string[] }) {
  return (
    <Card aria-labelledby="swms-high-risk-title">
      <CardHeader>
        <CardTitle id="swms-high-risk-title">{swmsText.highRiskWork}</CardTitle>
      </CardHeader>
      <CardContent>
        {highRiskWork.length === 0 ? (
          <p className="muted">{swmsText.none}</p>
        ) : (
          <ul className="swms-high-risk">
            {highRiskWork.map((work, index) => (
              <li key={`${index}-${work}`}>{work}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
