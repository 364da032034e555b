import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveTopic } from '../../domain/live';
import { useLiveChanges } from './use-live-changes';

export type LiveRead<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly retry: () => void }
  | { readonly status: 'ready'; readonly value: T; readonly refreshing: boolean };

/**
 * A card's read, made again whenever one of the company's `topics` changes anywhere; what is shown stays while it
 * is read again, and a failed re-read keeps it (the next change tries again).
 */
export function useLiveRead<T>(companyId: string, topics: readonly LiveTopic[], load: (signal: AbortSignal) => Promise<T>): LiveRead<T> {
  const [value, setValue] = useState<{ readonly value: T } | null>(null);
  const [status, setStatus] = useState<'loading' | 'idle' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  }, [load]);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    latestLoad.current(controller.signal).then(
      (answer) => {
        setValue({ value: answer });
        setStatus('idle');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [attempt, companyId]);

  const again = useCallback(() => setAttempt((count) => count + 1), []);
  useLiveChanges(companyId, topics, again);

  if (value) return { status: 'ready', value: value.value, refreshing: status === 'loading' };
  if (status === 'failed') return { status: 'failed', retry: again };
  return { status: 'loading' };
}
