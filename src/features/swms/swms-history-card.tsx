import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getSwmsHistory } from '../../api/get-swms-history';
import type { AuditEvent } from '../../domain/audit';
import { auditSentence, shortHash } from '../../domain/audit-sentence';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ErrorState, LoadingState } from '../../ui/status';
import { swmsText } from './strings';

type History = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly events: readonly AuditEvent[] };

/** Issue 9: the SWMS's own audit events, oldest first, each with the hash that seals it. */
export function SwmsHistoryCard({ companyId, swmsId, version }: { readonly companyId: string; readonly swmsId: string; readonly version: string }) {
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getSwmsHistory(companyId, swmsId, { signal: controller.signal }).then(
      (events) => setHistory({ status: 'ready', events }),
      () => !controller.signal.aborted && setHistory({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [companyId, swmsId, version, attempt]);

  return (
    <Card aria-labelledby="swms-history-title">
      <CardHeader>
        <CardTitle id="swms-history-title">{swmsText.history}</CardTitle>
        <Link className="site-link" to={`/workflows/swmsReview?swms=${encodeURIComponent(companyId)}/${encodeURIComponent(swmsId)}`}>
          {swmsText.showOnDiagram}
        </Link>
      </CardHeader>
      <CardContent>
        {history.status === 'loading' ? <LoadingState /> : null}
        {history.status === 'failed' ? <ErrorState onRetry={() => setAttempt((value) => value + 1)} /> : null}
        {history.status === 'ready' && history.events.length === 0 ? <p className="muted">{swmsText.noHistory}</p> : null}
        {history.status === 'ready' && history.events.length > 0 ? (
          <ol className="swms-history" aria-label={swmsText.history}>
            {history.events.map((event) => (
              <li key={event._id}>
                <span>{auditSentence(event)}</span>
                <code className="swms-history-hash" title={event.hash}>
                  {shortHash(event.hash)}
                </code>
              </li>
            ))}
          </ol>
        ) : null}
      </CardContent>
    </Card>
  );
}
