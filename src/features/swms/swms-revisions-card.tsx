import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../domain/dates';
import type { Swms } from '../../domain/swms';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ErrorState, LoadingState } from '../../ui/status';
import { swmsText } from './strings';
import { swmsRevisionPath } from './swms-paths';
import { SwmsRevisionChanges } from './swms-revision-changes';
import { useSwmsRevisions } from './use-swms-revisions';

interface SwmsRevisionsCardProps {
  readonly companyId: string;
  /** The latest revision (the SWMS read). */
  readonly swms: Swms;
  /** The revision the page shows. */
  readonly shown: number;
  readonly version: string;
}

/**
 * Issue 57 §2: every revision (number, when, by whom), each older one opening read only, and, beside the latest, what
 * it changed since the one before.
 */
export function SwmsRevisionsCard({ companyId, swms, shown, version }: SwmsRevisionsCardProps) {
  const [attempt, setAttempt] = useState(0);
  const read = useSwmsRevisions(companyId, swms, version, attempt);
  return (
    <Card aria-labelledby="swms-revisions-title">
      <CardHeader>
        <CardTitle id="swms-revisions-title">{swmsText.revisions}</CardTitle>
      </CardHeader>
      <CardContent className="swms-revisions">
        {read.status === 'loading' ? <LoadingState /> : null}
        {read.status === 'failed' ? <ErrorState onRetry={() => setAttempt((value) => value + 1)} /> : null}
        {read.status === 'ready' ? (
          <>
            <ol className="swms-revision-list" aria-label={swmsText.revisions} reversed>
              {[...read.revisions].reverse().map((entry) => {
                const name = `${entry.createdUserDetails.firstName} ${entry.createdUserDetails.surname}`.trim();
                const latest = entry.revision === swms.revision;
                return (
                  <li key={entry.revision} className="swms-revision" aria-current={entry.revision === shown ? 'page' : undefined}>
                    <span className="swms-revision-number">
                      {swmsText.revisionNumber(entry.revision)}
                      {latest ? <span className="swms-revision-tag"> ({swmsText.currentRevision})</span> : null}
                    </span>
                    <span className="swms-revision-meta">{swmsText.revisionSent(formatDateTime(entry.createdAt, swms.site.timeZone), name)}</span>
                    {entry.revision === shown ? (
                      <span className="swms-revision-shown">{swmsText.viewing}</span>
                    ) : (
                      <Link className="site-link" to={swmsRevisionPath(companyId, swms._id, latest ? null : entry.revision)}>
                        {swmsText.viewRevision(entry.revision)}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ol>
            {read.revisions.length <= 1 ? <p className="muted">{swmsText.noRevisionsYet}</p> : null}
            {read.previous && shown === swms.revision ? <SwmsRevisionChanges previous={read.previous} latest={swms} /> : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
