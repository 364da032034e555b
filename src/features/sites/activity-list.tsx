import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ScrollSentinel } from '../../ui/scroll-sentinel';
import { LoadingState } from '../../ui/status';
import { siteText } from './strings';
import type { CursorList } from '../../components/cursor-list/use-cursor-list';

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
              <ScrollSentinel key={items.length} onVisible={loadMore} className="activity-more">
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
