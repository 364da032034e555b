import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { getSignOnGaps } from '../../api/get-signon-gaps';
import { useLiveRead } from '../../components/live/use-live-read';
import { formatTime } from '../../domain/dates';
import type { ProjectSite } from '../../domain/project-site';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ErrorState, LoadingState } from '../../ui/status';
import { sitePaths } from './paths';
import { signOnGapsText } from './strings';

/**
 * Issue 57 §3 (WHS Regulation 300): who is on site now with no current sign-on to any of its SWMS, read again as
 * people check in and out (topic 'onsite') and sign on or a SWMS is revised (topic 'signons').
 */
export function SignOnGapsCard({ site }: { readonly site: ProjectSite }) {
  const companyId = site.company._id;
  const load = useCallback((signal: AbortSignal) => getSignOnGaps(companyId, site._id, { signal }), [companyId, site._id]);
  const read = useLiveRead(companyId, ['onsite', 'signons'], load);
  const gaps = read.status === 'ready' ? read.value.items : null;
  return (
    <Card aria-labelledby="signon-gaps-title" className="signon-gaps-card" data-gaps={gaps && gaps.length > 0 ? '' : undefined}>
      <CardHeader>
        <CardTitle id="signon-gaps-title" aria-live="polite">
          {gaps ? signOnGapsText.count(gaps.length) : signOnGapsText.title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {read.status === 'loading' ? <LoadingState /> : null}
        {read.status === 'failed' ? <ErrorState onRetry={read.retry} /> : null}
        {gaps && gaps.length === 0 ? <p className="muted">{signOnGapsText.empty}</p> : null}
        {gaps && gaps.length > 0 ? (
          <ul className="signon-gaps" aria-label={signOnGapsText.listLabel}>
            {gaps.map((gap) => {
              const name = `${gap.worker.firstName} ${gap.worker.surname}`.trim();
              return (
                <li key={gap.worker._id} className="signon-gap" data-reason={gap.reason}>
                  <Link className="site-link" to={sitePaths.tradesPerson(gap.worker._id)}>
                    {name}
                  </Link>
                  <span className="signon-gap-reason" data-reason={gap.reason}>
                    {gap.reason === 'stale' ? signOnGapsText.stale : signOnGapsText.missing}
                  </span>
                  <span className="muted">
                    {`${signOnGapsText.timeIn} `}
                    <time dateTime={gap.checkedInAt}>{formatTime(gap.checkedInAt, site.timeZone)}</time>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
