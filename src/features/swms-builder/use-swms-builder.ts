import { newSubmissionId } from '../../domain/swms-submission';
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  swmsBuilderMachine,
  type LatestRevision,
  type PreviousSwms,
  type SentSwms,
  type StoredDraft,
  type SubmitInput,
  type UploadPhotoInput,
} from '../../../machines/swms-builder.machine';
import { getOwnSwms } from '../../api/get-own-swms';
import { uploadPendingPhoto } from '../../flows/swms-outbox/photo-upload';
import { sendSubmission } from '../../flows/swms-outbox/send-submission';
import type { SwmsOutbox } from '../../flows/swms-outbox/swms-outbox-provider';
import { isBrowserOnline, useNetworkEvents } from '../../components/network/use-network-events';
import type { PendingPhoto, PhotoSlot } from '../../domain/swms-draft';
import type { PhotoReference } from '../../domain/trades';
import { createDraftSaver, createDraftStore, type DraftStore } from './draft-store';
import { resizePhoto } from '../../components/photo/resize-photo';
import { resumedDraft } from './resume-draft';

export type SwmsBuilderActor = ActorRefFrom<typeof swmsBuilderMachine>;

const defaultDraftStore = createDraftStore();

export interface SwmsBuilderOptions {
  readonly siteId: string;
  readonly userId: string;
  /** Issue 57: the SWMS whose next revision is built (`/site/{siteId}/swms/{swmsId}/revise`); null for a new SWMS. */
  readonly revisionOf: string | null;
  readonly outbox: SwmsOutbox;
  /** A refused submission to reopen from the outbox (`?resume=`). */
  readonly resume: string | null;
  readonly store?: DraftStore;
}

/** Writes a waiting draft at once when the page is hidden or left (a phone may never come back to it). */
function useFlushOnHide(flush: () => Promise<void>) {
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const leaving = () => void flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      void flush();
    };
  }, [flush]);
}

/** The builder actor of one site, wired to IndexedDB, the photo pipeline, the API and the outbox. */
export function useSwmsBuilder({ siteId, userId, revisionOf, outbox, resume, store = defaultDraftStore }: SwmsBuilderOptions): SwmsBuilderActor {
  const saver = useMemo(() => createDraftSaver(store, userId, siteId, { revisionOf }), [store, userId, siteId, revisionOf]);
  const [submissionId] = useState(() => newSubmissionId());

  const logic = useMemo(
    () =>
      swmsBuilderMachine.provide({
        actors: {
          restoreDraft: fromPromise<StoredDraft | null, { siteId: string }>(async () => {
            const stored = await store.load(userId, siteId, revisionOf);
            if (!resume) return stored;
            const resumed = resumedDraft(stored, await outbox.findRefused(resume), siteId);
            if (!resumed) return stored;
            await store.save(userId, siteId, resumed, revisionOf);
            outbox.remove(resume);
            return resumed;
          }),
          loadPrevious: fromPromise<PreviousSwms, { swmsId: string }>(({ input, signal }) => getOwnSwms(userId, input.swmsId, { signal })),
          // The author's own read is the SWMS's latest revision, with its number and its photos' uploads.
          loadRevision: fromPromise<LatestRevision, { swmsId: string }>(({ input, signal }) => getOwnSwms(userId, input.swmsId, { signal })),
          resizePhoto: fromPromise<PendingPhoto, { slot: PhotoSlot; file: File }>(({ input }) => resizePhoto(input.file)),
          uploadPhoto: fromPromise<PhotoReference, UploadPhotoInput>(({ input, signal }) =>
            uploadPendingPhoto(input.photo, { onProgress: input.onProgress, signal }),
          ),
          submitSwms: fromPromise<SentSwms, SubmitInput>(({ input, signal }) => sendSubmission(input, { signal })),
          queueSubmission: fromPromise<unknown, SubmitInput>(({ input }) => outbox.enqueue(input)),
        },
        actions: {
          saveDraft: (_, stored) => saver.save(stored),
          clearDraft: () => void saver.clear(),
        },
      }),
    [outbox, resume, revisionOf, saver, siteId, store, userId],
  );
  const actor = useActorRef(logic, { input: { siteId, submissionId, revisionOf, online: isBrowserOnline() } });
  useNetworkEvents((online) => actor.send({ type: online ? 'network.online' : 'network.offline' }));
  useEffect(() => {
    const subscription = outbox.actor.on('outbox.sent', ({ submissionId, revision }) => actor.send({ type: 'outbox.sent', submissionId, revision }));
    return () => subscription.unsubscribe();
  }, [actor, outbox]);
  useFlushOnHide(saver.flush);
  return actor;
}

const BuilderContext = createContext<SwmsBuilderActor | null>(null);
export const BuilderProvider = BuilderContext.Provider;

/** The builder actor of the page, for its step views. */
export function useBuilderActor(): SwmsBuilderActor {
  const actor = useContext(BuilderContext);
  if (!actor) throw new Error('Builder views must be rendered inside the builder page');
  return actor;
}
