import { useCallback } from 'react';
import { getAuditEvents, type AuditFilters } from '../../api/get-audit-events';
import { useCursorList } from '../../components/cursor-list/use-cursor-list';
import { Button } from '../../ui/button';
import { ScrollSentinel } from '../../ui/scroll-sentinel';
import { EmptyState, ErrorState, LoadingState } from '../../ui/status';
import { AuditEventItem } from './audit-event-item';
import { auditText } from './strings';

export interface AuditEventListProps {
  readonly companyId: string;
  readonly filters: AuditFilters;
  readonly onClear?: (() => void) | undefined;
}

/** The company's events, newest first, loading older ones as the list scrolls. Remount it for new filters. */
export function AuditEventList({ companyId, filters, onClear }: AuditEventListProps) {
  const load = useCallback((cursor: string | null, signal: AbortSignal) => getAuditEvents(companyId, filters, cursor, { signal }), [companyId, filters]);
  const { items, status, hasMore, loadMore } = useCursorList(load);
  if (status === 'loading' && items.length === 0) return <LoadingState />;
  if (status === 'failed' && items.length === 0) return <ErrorState onRetry={loadMore} />;
  if (items.length === 0) {
    return (
      <EmptyState>
        {auditText.empty}
        <span className="audit-empty-hint">{auditText.emptyHint}</span>
        {onClear ? (
          <Button variant="secondary" size="sm" onClick={onClear}>
            {auditText.clear}
          </Button>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <ol className="audit-events" aria-label={auditText.title} aria-busy={status === 'loading' || undefined}>
      {items.map((event) => (
        <AuditEventItem key={event._id} event={event} />
      ))}
      {status === 'failed' ? (
        <li className="audit-more">
          <span>{auditText.loadMoreFailed}</span>
          <Button variant="ghost" size="sm" onClick={loadMore}>
            {auditText.retry}
          </Button>
        </li>
      ) : hasMore ? (
        <ScrollSentinel key={items.length} onVisible={loadMore} className="audit-more">
          {status === 'loading' ? <span className="button-spinner" aria-hidden="true" /> : null}
          {auditText.scrollForMore}
        </ScrollSentinel>
      ) : null}
    </ol>
  );
}
