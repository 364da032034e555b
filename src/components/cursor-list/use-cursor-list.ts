import { useCallback, useEffect, useRef, useState } from 'react';

export interface CursorPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}

export interface CursorList<T> {
  readonly items: readonly T[];
  readonly status: 'loading' | 'idle' | 'failed';
  readonly hasMore: boolean;
  readonly loadMore: () => void;
}

/** A newest-first list read a page at a time by cursor (the site details' 'Scroll For more' lists). */
export function useCursorList<T>(load: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>): CursorList<T> {
  const [items, setItems] = useState<readonly T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(true);
  const [status, setStatus] = useState<CursorList<T>['status']>('loading');
  const [requested, setRequested] = useState<{ readonly cursor: string | null } | null>({ cursor: null });
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  }, [load]);

  useEffect(() => {
    if (!requested) return;
    const controller = new AbortController();
    setStatus('loading');
    latestLoad
      .current(requested.cursor, controller.signal)
      .then((page) => {
        setItems((previous) => (requested.cursor === null ? page.items : [...previous, ...page.items]));
        setCursor(page.nextCursor);
        setHasMore(page.nextCursor !== null);
        setStatus('idle');
        setRequested(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setStatus('failed');
        setRequested(null);
      });
    return () => controller.abort();
  }, [requested]);

  const loadMore = useCallback(() => {
    if (status === 'loading' || requested || !hasMore) return;
    setRequested({ cursor: items.length === 0 ? null : cursor });
  }, [status, requested, hasMore, items.length, cursor]);

  return { items, status, hasMore, loadMore };
}
