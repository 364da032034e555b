/**
 * SwmsOutboxProvider: the offline SWMS queue of the signed-in tradesperson, mounted once at the app's
 * root so it sends from any screen (issue 10 §4). Props: `userId` (the tradesperson, or null: no
 * outbox), `store?` (IndexedDB by default). Views read it with `useSwmsOutbox()`. The queue's code
 * (machine, IndexedDB, uploads) loads only for a signed-in tradesperson (issue 11: not on the login page).
 */
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SubmitInput } from '../../../machines/swms-builder.machine';
import type { OutboxItem, swmsOutboxMachine } from '../../../machines/swms-outbox.machine';
import type { OutboxStore } from './outbox-store';

export type SwmsOutboxActor = ActorRefFrom<typeof swmsOutboxMachine>;

export interface SwmsOutbox {
  readonly actor: SwmsOutboxActor;
  readonly userId: string;
  /** Stores the submission on the phone, then queues it; resolves once it is safe in IndexedDB. */
  enqueue(input: SubmitInput): Promise<void>;
  /** A refused submission as stored, to be opened in the builder again; null when there is none. */
  findRefused(submissionId: string): Promise<OutboxItem | null>;
  /** Takes a submission out of the outbox (once it is safe in the builder's draft). */
  remove(submissionId: string): void;
}

const OutboxContext = createContext<SwmsOutbox | null>(null);

/** The outbox of the signed-in tradesperson; null for anyone else. */
export function useSwmsOutbox(): SwmsOutbox | null {
  return useContext(OutboxContext);
}

const OutboxRunner = lazy(() => import('./outbox-runner').then((module) => ({ default: module.OutboxRunner })));

export interface SwmsOutboxProviderProps {
  readonly userId: string | null;
  readonly store?: OutboxStore;
  readonly children: ReactNode;
}

export function SwmsOutboxProvider({ userId, store, children }: SwmsOutboxProviderProps) {
  const [outbox, setOutbox] = useState<SwmsOutbox | null>(null);
  return (
    <OutboxContext.Provider value={userId !== null && outbox?.userId === userId ? outbox : null}>
      {userId ? (
        <Suspense fallback={null}>
          <OutboxRunner key={userId} userId={userId} {...(store ? { store } : {})} onReady={setOutbox} />
        </Suspense>
      ) : null}
      {children}
    </OutboxContext.Provider>
  );
}
