import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { swmsOutboxMachine, type OutboxItem, type SendItemInput } from '../../../machines/swms-outbox.machine';
import { toast } from '../../ui/toast-store';
import { createOutboxStore, type OutboxStore } from './outbox-store';
import { sendSubmission } from './send-submission';
import type { SwmsOutbox, SwmsOutboxActor } from './outbox-types';
import { outboxText } from './strings';
import { isBrowserOnline, useNetworkEvents } from '../../components/network/use-network-events';

const defaultStore = createOutboxStore();

interface OutboxRunnerProps {
  readonly userId: string;
  readonly token: string | null;
  readonly store?: OutboxStore;
  readonly onReady: (outbox: SwmsOutbox | null) => void;
}

/** Runs the outbox actor of one user; renders nothing, so the app's tree never remounts around it. */
export function OutboxRunner({ userId, token, store = defaultStore, onReady }: OutboxRunnerProps) {
  const actorRef = useRef<SwmsOutboxActor | null>(null);
  const logic = useMemo(
    () =>
      swmsOutboxMachine.provide({
        actors: {
          loadOutbox: fromPromise(() => store.list(userId)),
          sendItem: fromPromise<unknown, SendItemInput>(({ input, signal }) =>
            sendSubmission(
              { siteId: input.item.siteId, draft: input.item.draft, photos: input.item.pendingPhotos, revisionOf: input.item.revisionOf ?? null },
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
  // A send tried with the expired token as the signal returned was refused (401); the renewed token proves the
  // portal answers, so what waits goes now instead of after the retry's wait.
  const shownToken = useRef(token);
  useEffect(() => {
    if (shownToken.current === token) return;
    shownToken.current = token;
    if (token) actor.send({ type: 'network.online' });
  }, [actor, token]);
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
      async enqueue({ siteId, draft, photos, revisionOf }) {
        const item: OutboxItem = {
          submissionId: draft.submissionId,
          siteId,
          revisionOf,
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

