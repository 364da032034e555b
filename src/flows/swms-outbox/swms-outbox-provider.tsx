/**
 * SwmsOutboxProvider: the offline SWMS queue of the signed-in tradesperson, mounted once at the app's
 * root so it sends from any screen (issue 10 §4). Props: `userId` (the tradesperson, or null: no
 * outbox), `store?` (IndexedDB by default). Views read it with `useSwmsOutbox()`. The queue's code
 * (machine, IndexedDB, uploads) loads only for a signed-in tradesperson (issue 11: not on the login page), and only once
 * the browser is idle after the first screen, or as soon as a screen asks for the outbox: on the throttled phone it
 * held up the check-in page's button by competing for the link and the CPU while that page's code arrived and ran.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdle } from '../../ui/when-idle';
import type { OutboxStore } from './outbox-store';
import type { SwmsOutbox } from './outbox-types';

export type { SwmsOutbox, SwmsOutboxActor } from './outbox-types';

interface OutboxContextValue {
  readonly outbox: SwmsOutbox | null;
  /** Loads the outbox now rather than when the browser is next idle. */
  readonly want: () => void;
}

const OutboxContext = createContext<OutboxContextValue>({ outbox: null, want: () => undefined });

/**
 * The outbox of the signed-in tradesperson (null for anyone else, and while its code loads). A screen that needs it
 * (the builder, to submit) asks for it now; one that only shows it (the banner) waits for it as the browser is idle.
 */
export function useSwmsOutbox(when: 'now' | 'whenIdle' = 'now'): SwmsOutbox | null {
  const { outbox, want } = useContext(OutboxContext);
  useEffect(() => (when === 'now' ? want() : undefined), [when, want]);
  return outbox;
}

const OutboxRunner = lazy(() => import('./outbox-runner').then((module) => ({ default: module.OutboxRunner })));

export interface SwmsOutboxProviderProps {
  readonly userId: string | null;
  /** The session's access token: a renewed one sends what waits at once rather than after the retry's wait. */
  readonly token?: string | null;
  readonly store?: OutboxStore;
  readonly children: ReactNode;
}

export function SwmsOutboxProvider({ userId, token = null, store, children }: SwmsOutboxProviderProps) {
  const [outbox, setOutbox] = useState<SwmsOutbox | null>(null);
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  useEffect(() => (userId !== null && !wanted ? whenIdle(want) : undefined), [userId, wanted, want]);
  const value = useMemo(() => ({ outbox: userId !== null && outbox?.userId === userId ? outbox : null, want }), [userId, outbox, want]);
  return (
    <OutboxContext.Provider value={value}>
      {userId && wanted ? (
        <Suspense fallback={null}>
          <OutboxRunner key={userId} userId={userId} token={token} {...(store ? { store } : {})} onReady={setOutbox} />
        </Suspense>
      ) : null}
      {children}
    </OutboxContext.Provider>
  );
}
