import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { LoadingState } from '../../ui/status';
import { siteText } from './strings';
import type { CursorList } from './use-cursor-list';

/** Calls onVisible whenever the sentinel scrolls into view (inside its scroll box or the page). */
function ScrollSentinel({ onVisible, children }: { readonly onVisible: () => void; readonly children: ReactNode }) {
  const ref = useRef<HTMLLIElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <li ref={ref} className="activity-more">
      {children}
    </li>
  );
}

export interface ActivityListProps<T> {
  readonly title: string;
  readonly list: CursorList<T>;
  readonly emptyText: string;
  readonly itemKey: (item: T) => string;
  readonly renderItem: (item: T) => ReactNode;
}

export function ActivityList<T>({ title, list, emptyText, itemKey, renderItem }: ActivityListProps<T>) {
  const { items, status, hasMore, loadMore } = list;
  const first = status === 'loading' && items.length === 0;
  return (
    <Card className="activity-card">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="activity-content">
        {first ? <LoadingState /> : null}
        {!first && items.length === 0 && status !== 'failed' ? <p className="muted activity-empty">{emptyText}</p> : null}
        {items.length > 0 || status === 'failed' ? (
          <ul className="activity-list" aria-label={title} aria-busy={status === 'loading' || undefined}>
            {items.map((item) => (
              <li key={itemKey(item)} className="activity-item">
                {renderItem(item)}
              </li>
            ))}
            {status === 'failed' ? (
              <li className="activity-more">
                <span>{siteText.loadMoreFailed}</span>
                <Button variant="ghost" size="sm" onClick={loadMore}>
                  {siteText.retry}
                </Button>
              </li>
            ) : hasMore ? (
              <ScrollSentinel key={items.length} onVisible={loadMore}>
                {status === 'loading' ? <span className="button-spinner" aria-hidden="true" /> : null}
                {siteText.scrollForMore}
              </ScrollSentinel>
            ) : null}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
