/**
 * SwmsOutboxProvider: the offline SWMS queue of the signed-in tradesperson, mounted once at the app's
 * root so it sends from any screen (issue 10 §4). Props: `userId` (the tradesperson, or null: no
 * outbox), `store?` (IndexedDB by default). Views read it with `useSwmsOutbox()`.
 */
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { SubmitInput } from '../../../machines/swms-builder.machine';
import { swmsOutboxMachine, type OutboxItem, type SendItemInput } from '../../../machines/swms-outbox.machine';
import { toast } from '../../ui/toast-store';
import { createOutboxStore, type OutboxStore } from './outbox-store';
import { sendSubmission } from './send-submission';
import { outboxText } from './strings';
import { isBrowserOnline, useNetworkEvents } from './use-network-events';

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

const defaultStore = createOutboxStore();

/** The outbox of the signed-in tradesperson; null for anyone else. */
export function useSwmsOutbox(): SwmsOutbox | null {
  return useContext(OutboxContext);
}

interface OutboxRunnerProps {
  readonly userId: string;
  readonly store: OutboxStore;
  readonly onReady: (outbox: SwmsOutbox | null) => void;
}

/** Runs the outbox actor of one user; renders nothing, so the app's tree never remounts around it. */
function OutboxRunner({ userId, store, onReady }: OutboxRunnerProps) {
  const actorRef = useRef<SwmsOutboxActor | null>(null);
  const logic = useMemo(
    () =>
      swmsOutboxMachine.provide({
        actors: {
          loadOutbox: fromPromise(() => store.list(userId)),
          sendItem: fromPromise<unknown, SendItemInput>(({ input, signal }) =>
            sendSubmission(
              { siteId: input.item.siteId, draft: input.item.draft, photos: input.item.pendingPhotos },
              {
                signal,
                onPhotoUploaded: async (draft, photos) => {
                  const item: OutboxItem = { ...input.item, draft, pendingPhotos: photos };
                  await store.put(userId, item);
                  actorRef.current?.send({ type: 'outbox.add', item });
                },
              },
            ),
          ),
        },
        actions: {
          storeItems: (_, { items }) => {
            store.putMany(userId, items).catch((error: unknown) => console.error(error));
          },
          forgetItem: (_, { submissionId }) => {
            store.remove(userId, submissionId).catch((error: unknown) => console.error(error));
          },
        },
      }),
    [store, userId],
  );
  const actor = useActorRef(logic, { input: { online: isBrowserOnline() } });

  useNetworkEvents((online) => actor.send({ type: online ? 'network.online' : 'network.offline' }));
  useEffect(() => {
    actorRef.current = actor;
    const subscription = actor.on('outbox.sent', () => toast.success(outboxText.sent));
    return () => {
      subscription.unsubscribe();
      actorRef.current = null;
    };
  }, [actor]);

  useEffect(() => {
    onReady({
      actor,
      userId,
      async enqueue({ siteId, draft, photos }) {
        const item: OutboxItem = {
          submissionId: draft.submissionId,
          siteId,
          draft,
          pendingPhotos: photos,
          queuedAt: new Date().toISOString(),
          status: 'waiting',
          message: null,
        };
        await store.put(userId, item);
        actor.send({ type: 'outbox.add', item });
      },
      async findRefused(submissionId) {
        const item = await store.get(userId, submissionId);
        return item?.status === 'refused' ? item : null;
      },
      remove(submissionId) {
        actor.send({ type: 'outbox.remove', submissionId });
      },
    });
    return () => onReady(null);
  }, [actor, onReady, store, userId]);
  return null;
}

export interface SwmsOutboxProviderProps {
  readonly userId: string | null;
  readonly store?: OutboxStore;
  readonly children: ReactNode;
}

export function SwmsOutboxProvider({ userId, store = defaultStore, children }: SwmsOutboxProviderProps) {
  const [outbox, setOutbox] = useState<SwmsOutbox | null>(null);
  return (
    <OutboxContext.Provider value={userId !== null && outbox?.userId === userId ? outbox : null}>
      {userId ? <OutboxRunner key={userId} userId={userId} store={store} onReady={setOutbox} /> : null}
      {children}
    </OutboxContext.Provider>
  );
}
