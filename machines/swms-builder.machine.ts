import { and, assign, fromPromise, not, or, setup, stateIn } from 'xstate';
import type { Swms } from '../src/domain/swms';
import {
  applyDraftPatch,
  draftFromRevision,
  draftFromSwms,
  photoSlots,
  withPhoto,
  type DraftPatch,
  type PendingPhoto,
  type PendingPhotos,
  type PhotoSlot,
} from '../src/domain/swms-draft';
import {
  emptySwmsDraft,
  swmsBuilderSteps,
  swmsGaps,
  swmsSubmissionMessages,
  type SwmsBuilderStep,
  type SwmsDraft,
} from '../src/domain/swms-submission';
import type { PhotoReference } from '../src/domain/trades';
import { serverMessage } from './server-message';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';
import { isTransientFailure } from './swms-outbox.machine';

export const swmsBuilderMessages = {
  copyFailed: 'That SWMS could not be copied. Try again.',
  photoUnreadable: 'That photo could not be read. Take it again or choose another.',
  photoFailed: 'The photo could not be uploaded.',
  notSaved: 'The SWMS could not be saved on this phone. Try again.',
  revisionUnavailable: 'This SWMS could not be opened to revise. Check the connection and try again.',
} as const;

/** What the phone keeps between visits (IndexedDB): the draft, the step it was on, photos not yet uploaded. */
export interface StoredDraft {
  readonly draft: SwmsDraft;
  readonly step: SwmsBuilderStep;
  readonly photos: PendingPhotos;
}

interface Clock {
  now(): number;
}

export interface SwmsBuilderInput {
  readonly siteId: string;
  /** The id a fresh draft gets (newSubmissionId()); a stored draft keeps its own. */
  readonly submissionId: string;
  readonly online: boolean;
  /** Issue 57 §2: the SWMS this builder sends the next revision of; absent for a new SWMS. */
  readonly revisionOf?: string | null;
  readonly clock?: Clock;
}

/** Why a submission stopped: not checked in (403), another refusal, or it could not even be saved to send later. */
export type SubmissionFailure = 'notCheckedIn' | 'refused' | 'unsaved';

interface PhotoError {
  readonly slot: PhotoSlot;
  /** resize: the chosen file could not be read; upload: the server refused it. */
  readonly kind: 'resize' | 'upload';
  readonly message: string;
}

export interface SwmsBuilderContext {
  readonly siteId: string;
  readonly draft: SwmsDraft;
  readonly step: SwmsBuilderStep;
  readonly photos: PendingPhotos;
  readonly online: boolean;
  readonly error: string | null;
  readonly failure: SubmissionFailure | null;
  readonly resizing: PhotoSlot | null;
  readonly upload: { readonly slot: PhotoSlot; readonly fraction: number } | null;
  readonly photoError: PhotoError | null;
  readonly revisionOf: string | null;
  /** The revision the draft was prefilled from, once read. */
  readonly basedOn: number | null;
  /** The number the server gave the revision sent; null until then, or while the outbox holds it. */
  readonly sentRevision: number | null;
  readonly clock: Clock;
}

export type SwmsBuilderEvent =
  | { type: 'builder.next' }
  | { type: 'builder.back' }
  | { type: 'builder.goto'; step: SwmsBuilderStep }
  | { type: 'builder.submit' }
  | { type: 'builder.restart'; submissionId: string }
  | { type: 'builder.retry' }
  | { type: 'draft.change'; patch: DraftPatch }
  | { type: 'previous.copy'; swmsId: string }
  | { type: 'photo.choose'; slot: PhotoSlot; file: File }
  | { type: 'photo.remove'; slot: PhotoSlot }
  | { type: 'photo.retry' }
  | { type: 'photo.progress'; fraction: number }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  | { type: 'outbox.sent'; submissionId: string; revision?: number | null };

/** What a submission carries: the draft, and the photos to upload first. */
export interface SubmitInput {
  readonly siteId: string;
  readonly draft: SwmsDraft;
  readonly photos: PendingPhotos;
  /** Issue 57: the SWMS whose next revision this is (POST .../swms/{swmsId}/revisions), or null for a new SWMS. */
  readonly revisionOf: string | null;
}

/** What a sent submission or revision answers that the builder shows: its revision number. */
export interface SentSwms {
  readonly revision: number;
}

export interface UploadPhotoInput {
  readonly slot: PhotoSlot;
  readonly photo: PendingPhoto;
  readonly onProgress: (fraction: number) => void;
}

/** The fields of a previous SWMS the builder copies. */
export type PreviousSwms = Pick<Swms, 'highRiskWork' | 'riskConsequenceLevel' | 'riskLikelihoodLevel' | 'task'>;

/** Issue 57: the latest revision of the SWMS being revised, which the draft starts from. */
export type LatestRevision = PreviousSwms & Pick<Swms, 'revision'>;

const systemClock: Clock = { now: () => Date.now() };
const nowText = (context: SwmsBuilderContext) => new Date(context.clock.now()).toISOString();

function firstPendingSlot(photos: PendingPhotos): PhotoSlot | null {
  return photoSlots.find((slot) => photos[slot] !== undefined) ?? null;
}

const withoutPhoto = (photos: PendingPhotos, slot: PhotoSlot): PendingPhotos => {
  const { [slot]: _removed, ...rest } = photos;
  return rest;
};

export function storedDraftOf(context: Pick<SwmsBuilderContext, 'draft' | 'step' | 'photos'>): StoredDraft {
  return { draft: context.draft, step: context.step, photos: context.photos };
}

export function submitInputOf(context: Pick<SwmsBuilderContext, 'siteId' | 'draft' | 'photos' | 'revisionOf'>): SubmitInput {
  return { siteId: context.siteId, draft: context.draft, photos: context.photos, revisionOf: context.revisionOf };
}

const statusOf = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : null;

const errorOf = (event: unknown): unknown => (typeof event === 'object' && event !== null && 'error' in event ? event.error : undefined);

const stepAfter = (step: SwmsBuilderStep, offset: 1 | -1): SwmsBuilderStep =>
  swmsBuilderSteps[swmsBuilderSteps.indexOf(step) + offset] ?? step;

const at = (step: SwmsBuilderStep) => `#swmsBuilder.main.editing.${step}`;

/** 'Start another SWMS' after a send: a new SWMS's builder only; a revision's outcome sends the author home. */
const startAnother = { guard: not('isRevision'), target: at('highRiskWork'), actions: ['restart' as const, 'clearDraft' as const] };

/** After a refusal, 'Start again' opens a fresh draft; on a revision, the latest revision afresh. */
const restartAfterSending = [
  { guard: 'isRevision' as const, target: '#swmsBuilder.main.prefilling', actions: ['restart' as const, 'clearDraft' as const] },
  { target: at('highRiskWork'), actions: ['restart' as const, 'clearDraft' as const] },
];

const stepState = (step: SwmsBuilderStep, description: string) => {
  const index = swmsBuilderSteps.indexOf(step);
  const on: Record<string, { target: string; actions: 'leaveStep' }> = {};
  if (index < swmsBuilderSteps.length - 1) on['builder.next'] = { target: stepAfter(step, 1), actions: 'leaveStep' };
  if (index > 0) on['builder.back'] = { target: stepAfter(step, -1), actions: 'leaveStep' };
  return {
    description,
    entry: [{ type: 'enterStep' as const, params: { step } }, { type: 'saveDraft' as const, params: ({ context }: { context: SwmsBuilderContext }) => storedDraftOf(context) }],
    on,
  };
};

/**
 * Issue 10 §4 SWMS builder on the phone: six steps, a review against WHS Regulation 299, and a
 * submission that is sent at once or, with no signal, saved to the outbox. The draft is saved on the
 * phone with every change; photos are resized and uploaded beside the steps (region `photos`), or kept
 * on the phone until the connection returns. Issue 57 §2: with `revisionOf` it opens prefilled from that SWMS's latest
 * revision (unless a revision draft is kept) and sends the next revision instead of a new SWMS.
 */
export const swmsBuilderMachine = setup({
  types: {} as {
    context: SwmsBuilderContext;
    events: SwmsBuilderEvent;
    input: SwmsBuilderInput;
    tags: 'busy' | 'loading' | 'photoBusy';
  },
  actors: {
    restoreDraft: fromPromise<StoredDraft | null, { siteId: string }>(mustBeProvided('restoreDraft')),
    loadPrevious: fromPromise<PreviousSwms, { swmsId: string }>(mustBeProvided('loadPrevious')),
    loadRevision: fromPromise<LatestRevision, { swmsId: string }>(mustBeProvided('loadRevision')),
    resizePhoto: fromPromise<PendingPhoto, { slot: PhotoSlot; file: File }>(mustBeProvided('resizePhoto')),
    uploadPhoto: fromPromise<PhotoReference, UploadPhotoInput>(mustBeProvided('uploadPhoto')),
    submitSwms: fromPromise<SentSwms, SubmitInput>(mustBeProvided('submitSwms')),
    queueSubmission: fromPromise<unknown, SubmitInput>(mustBeProvided('queueSubmission')),
  },
  actions: {
    saveDraft: actionMustBeProvided<StoredDraft>('saveDraft'),
    clearDraft: actionMustBeProvided('clearDraft'),
    enterStep: assign((_, { step }: { step: SwmsBuilderStep }) => ({ step })),
    leaveStep: assign({ error: null }),
    change: assign(({ context, event }) =>
      event.type === 'draft.change' ? { draft: applyDraftPatch(context.draft, event.patch, nowText(context)) } : {},
    ),
    startResizing: assign(({ event }) => (event.type === 'photo.choose' ? { resizing: event.slot, upload: null, photoError: null } : {})),
    restore: assign(({ event }) => {
      const stored = 'output' in event ? (event.output as StoredDraft | null) : null;
      return stored ? { draft: stored.draft, photos: stored.photos } : {};
    }),
    removePhoto: assign(({ context, event }) => {
      if (event.type !== 'photo.remove') return {};
      return {
        photos: withoutPhoto(context.photos, event.slot),
        draft: withPhoto(context.draft, event.slot, null, nowText(context)),
        photoError: context.photoError?.slot === event.slot ? null : context.photoError,
      };
    }),
    restart: assign(({ context, event }) =>
      event.type === 'builder.restart'
        ? { draft: emptySwmsDraft(context.siteId, event.submissionId, new Date(context.clock.now())), photos: {}, error: null, failure: null, photoError: null, sentRevision: null }
        : {},
    ),
  },
  guards: {
    restoredAt: ({ event }, { step }: { step: SwmsBuilderStep }) =>
      'output' in event && (event.output as StoredDraft | null)?.step === step,
    isStep: ({ event }, { step }: { step: SwmsBuilderStep }) => event.type === 'builder.goto' && event.step === step,
    isComplete: ({ context }) => swmsGaps(context.draft).length === 0,
    isOffline: ({ context }) => !context.online,
    isPhotoBusy: or([stateIn('#swmsBuilder.photos.resizing'), stateIn('#swmsBuilder.photos.uploading')]),
    isIncomplete: ({ event }) => statusOf(errorOf(event)) === 400,
    isNotCheckedIn: ({ event }) => {
      const error = errorOf(event);
      const message = serverMessage(error, '');
      return statusOf(error) === 403 && (message === swmsSubmissionMessages.notCheckedIn || message === swmsSubmissionMessages.notCheckedInToRevise);
    },
    isTransient: ({ event }) => isTransientFailure(errorOf(event)),
    hasPendingPhoto: ({ context }) => firstPendingSlot(context.photos) !== null,
    isOnline: ({ context }) => context.online,
    isThisSubmission: ({ context, event }) => event.type === 'outbox.sent' && event.submissionId === context.draft.submissionId,
    isRevision: ({ context }) => context.revisionOf !== null,
    isProcessing: ({ context, event }) =>
      event.type === 'photo.remove' && (context.resizing === event.slot || context.upload?.slot === event.slot),
  },
}).createMachine({
  id: 'swmsBuilder',
  description: 'A tradesperson builds a SWMS for one site on the phone and submits it, online or not.',
  context: ({ input }) => {
    const clock = input.clock ?? systemClock;
    return {
      siteId: input.siteId,
      draft: emptySwmsDraft(input.siteId, input.submissionId, new Date(clock.now())),
      step: 'highRiskWork',
      photos: {},
      online: input.online,
      error: null,
      failure: null,
      resizing: null,
      upload: null,
      photoError: null,
      revisionOf: input.revisionOf ?? null,
      basedOn: null,
      sentRevision: null,
      clock,
    };
  },
  type: 'parallel',
  on: {
    'network.online': { actions: assign({ online: true }) },
    'network.offline': { actions: assign({ online: false }) },
  },
  states: {
    main: {
      initial: 'restoring',
      states: {
        restoring: {
          tags: ['loading'],
          description: 'Reads the draft kept on this phone for this site, if any, and opens it at its step.',
          invoke: {
            id: 'restoreDraft',
            src: 'restoreDraft',
            input: ({ context }) => ({ siteId: context.siteId }),
            onDone: [
              ...swmsBuilderSteps.map((step) => ({
                guard: { type: 'restoredAt' as const, params: { step } },
                target: at(step),
                actions: 'restore' as const,
              })),
              { guard: 'isRevision', target: 'prefilling', description: 'No revision draft kept: it starts from the latest revision.' },
              { target: at('highRiskWork') },
            ],
            onError: [
              { guard: 'isRevision', target: 'prefilling', description: 'Nothing readable is kept: the latest revision.' },
              { target: at('highRiskWork'), description: 'Nothing readable is kept: a fresh draft.' },
            ],
          },
        },
        prefilling: {
          tags: ['loading'],
          description: "Issue 57: the SWMS's latest revision is read and becomes the draft of the next one, photos included.",
          invoke: {
            id: 'loadRevision',
            src: 'loadRevision',
            input: ({ context }) => ({ swmsId: context.revisionOf ?? '' }),
            onDone: {
              target: at('highRiskWork'),
              actions: assign(({ context, event }) => ({
                draft: { ...draftFromRevision(event.output, context.draft), updatedAt: nowText(context) },
                photos: {},
                basedOn: event.output.revision,
                error: null,
              })),
            },
            onError: { target: 'unavailable', actions: assign({ error: swmsBuilderMessages.revisionUnavailable }) },
          },
        },
        unavailable: {
          description: 'The SWMS to revise could not be read (no signal, say): nothing to start from yet.',
          on: { 'builder.retry': { target: 'prefilling', actions: assign({ error: null }) } },
        },
        editing: {
          description: 'The six steps; every change is saved on the phone.',
          initial: 'highRiskWork',
          on: {
            'draft.change': { actions: ['change', { type: 'saveDraft', params: ({ context }) => storedDraftOf(context) }] },
            'builder.goto': swmsBuilderSteps.map((step) => ({
              guard: { type: 'isStep' as const, params: { step } },
              target: `.${step}`,
              actions: 'leaveStep' as const,
            })),
            'builder.restart': [
              {
                guard: 'isRevision',
                target: '#swmsBuilder.main.prefilling',
                description: "'Start again' on a revision: the latest revision is read again.",
                actions: ['restart', 'clearDraft'],
              },
              {
                description: "'Start again' (confirmed): the draft is discarded.",
                target: '.highRiskWork',
                actions: ['restart', 'clearDraft'],
              },
            ],
            'previous.copy': { target: 'copying', actions: assign({ error: null }) },
          },
          states: {
            highRiskWork: stepState('highRiskWork', 'Step 1: the WHS Regulation 291 categories of high-risk construction work.'),
            task: stepState('task', 'Step 2: the task, its mobile plant and tools.'),
            hazards: stepState('hazards', 'Step 3: hazards and risks, a photo, consequence and likelihood.'),
            controls: stepState('controls', 'Step 4: control measures, a photo, how they are implemented, monitored and reviewed.'),
            ppe: stepState('ppe', 'Step 5: PPE.'),
            review: {
              ...stepState('review', 'Step 6: what WHS Regulation 299 asks for that is still missing, and Submit.'),
              on: {
                'builder.back': { target: 'ppe', actions: 'leaveStep' },
                'builder.submit': [
                  { guard: not('isComplete'), description: 'Incomplete: the gaps stay listed.' },
                  { guard: 'isPhotoBusy', description: 'A photo is still being prepared or uploaded.' },
                  { guard: 'isOffline', target: '#swmsBuilder.main.queueing', actions: 'leaveStep' },
                  { target: '#swmsBuilder.main.submitting', actions: 'leaveStep' },
                ],
              },
            },
          },
        },
        copying: {
          tags: ['busy'],
          description: "'Start from a previous SWMS': one of their own is read and copied, without its photos.",
          invoke: {
            id: 'loadPrevious',
            src: 'loadPrevious',
            input: ({ event }) => ({ swmsId: event.type === 'previous.copy' ? event.swmsId : '' }),
            onDone: {
              target: at('highRiskWork'),
              actions: assign(({ context, event }) => ({
                draft: { ...draftFromSwms(event.output, context.draft), updatedAt: nowText(context) },
                photos: {},
                photoError: null,
              })),
            },
            onError: { target: at('highRiskWork'), actions: assign({ error: swmsBuilderMessages.copyFailed }) },
          },
        },
        submitting: {
          tags: ['busy'],
          description: 'Photos still on the phone are uploaded, then POST site/{siteId}/swms, or a revision to .../swms/{swmsId}/revisions.',
          invoke: {
            id: 'submitSwms',
            src: 'submitSwms',
            input: ({ context }) => submitInputOf(context),
            onDone: { target: 'submitted', actions: ['clearDraft', assign({ sentRevision: ({ event }) => event.output.revision })] },
            onError: [
              {
                guard: 'isIncomplete',
                target: at('review'),
                description: "400: the server's list of what is missing.",
                actions: assign({ error: ({ event }) => serverMessage(event.error, swmsSubmissionMessages.incomplete) }),
              },
              { guard: 'isTransient', target: 'queueing', description: 'No answer, a timeout or a server fault: saved to send later.' },
              {
                guard: 'isNotCheckedIn',
                target: 'failed',
                actions: assign({ error: swmsSubmissionMessages.notCheckedIn, failure: 'notCheckedIn' }),
              },
              {
                target: 'failed',
                actions: assign({ error: ({ event }) => serverMessage(event.error, swmsSubmissionMessages.submitFailed), failure: 'refused' }),
              },
            ],
          },
        },
        queueing: {
          tags: ['busy'],
          description: 'Offline: the submission and its photos go into the outbox on this phone.',
          invoke: {
            id: 'queueSubmission',
            src: 'queueSubmission',
            input: ({ context }) => submitInputOf(context),
            onDone: { target: 'queued', actions: 'clearDraft' },
            onError: { target: 'failed', actions: assign({ error: swmsBuilderMessages.notSaved, failure: 'unsaved' }) },
          },
        },
        submitted: {
          description: "'SWMS submitted for review', or for a revision 'Revision n sent'.",
          on: { 'builder.restart': startAnother },
        },
        queued: {
          description: 'Saved in the outbox; it is sent when the connection returns.',
          on: {
            'outbox.sent': {
              guard: 'isThisSubmission',
              target: 'submitted',
              actions: assign({ sentRevision: ({ event }) => (event.type === 'outbox.sent' ? (event.revision ?? null) : null) }),
              description: 'The outbox sent it: the builder says so, and no longer that it waits for a connection.',
            },
            'builder.restart': startAnother,
          },
        },
        failed: {
          description: 'Refused (e.g. not checked in): the draft is kept.',
          on: {
            'builder.back': { target: at('review'), actions: assign({ error: null, failure: null }) },
            'builder.restart': restartAfterSending,
          },
        },
      },
    },
    photos: {
      description: 'Photos are resized on the phone, then uploaded straight to blob storage.',
      initial: 'idle',
      on: {
        'photo.choose': { target: '.resizing', actions: 'startResizing' },
        'photo.remove': [
          {
            guard: 'isProcessing',
            target: '.idle',
            description: 'The photo being prepared or uploaded: stopped.',
            actions: ['removePhoto', { type: 'saveDraft', params: ({ context }) => storedDraftOf(context) }],
          },
          { actions: ['removePhoto', { type: 'saveDraft', params: ({ context }) => storedDraftOf(context) }] },
        ],
        'builder.restart': { target: '.idle', description: 'A photo being prepared or uploaded for the discarded draft is stopped.' },
        'previous.copy': { target: '.idle' },
      },
      states: {
        idle: {
          description: 'Nothing being prepared; a photo kept on the phone is uploaded while online and editing.',
          entry: assign({ resizing: null, upload: null }),
          always: { guard: and(['hasPendingPhoto', 'isOnline', stateIn('#swmsBuilder.main.editing')]), target: 'uploading' },
        },
        resizing: {
          tags: ['photoBusy'],
          description: 'Resized in the browser (at most 1600 px, about 0.5 MB, JPEG).',
          on: { 'photo.choose': { target: 'resizing', reenter: true, description: 'Another photo replaces the one being prepared.', actions: 'startResizing' } },
          invoke: {
            id: 'resizePhoto',
            src: 'resizePhoto',
            input: ({ event }) => {
              if (event.type !== 'photo.choose') throw new Error('Only a chosen photo is resized');
              return { slot: event.slot, file: event.file };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const slot = context.resizing ?? 'riskPhoto';
                  return { photos: { ...context.photos, [slot]: event.output }, draft: withPhoto(context.draft, slot, null, nowText(context)) };
                }),
                { type: 'saveDraft', params: ({ context }) => storedDraftOf(context) },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ context }) => ({ photoError: { slot: context.resizing ?? 'riskPhoto', kind: 'resize' as const, message: swmsBuilderMessages.photoUnreadable } })),
            },
          },
        },
        uploading: {
          tags: ['photoBusy'],
          description: 'POST file (photo), then the bytes straight to blob storage with progress.',
          entry: assign(({ context }) => {
            const slot = firstPendingSlot(context.photos) ?? 'riskPhoto';
            const retried = context.photoError?.slot === slot && context.photoError.kind === 'upload';
            return { upload: { slot, fraction: 0 }, photoError: retried ? null : context.photoError };
          }),
          invoke: {
            id: 'uploadPhoto',
            src: 'uploadPhoto',
            input: ({ context, self }) => {
              const slot = firstPendingSlot(context.photos);
              const photo = slot ? context.photos[slot] : undefined;
              if (!slot || !photo) throw new Error('Only a photo kept on the phone is uploaded');
              return { slot, photo, onProgress: (fraction: number) => self.send({ type: 'photo.progress', fraction }) };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const slot = context.upload?.slot ?? 'riskPhoto';
                  return {
                    photos: withoutPhoto(context.photos, slot),
                    draft: withPhoto(context.draft, slot, event.output, nowText(context)),
                    photoError: context.photoError?.slot === slot ? null : context.photoError,
                  };
                }),
                { type: 'saveDraft', params: ({ context }) => storedDraftOf(context) },
              ],
            },
            onError: [
              { guard: 'isTransient', target: 'waiting', description: 'No connection: the photo stays on the phone.', actions: assign({ upload: null }) },
              {
                target: 'failed',
                actions: assign(({ context, event }) => ({
                  photoError: { slot: context.upload?.slot ?? 'riskPhoto', kind: 'upload' as const, message: serverMessage(event.error, swmsBuilderMessages.photoFailed) },
                  upload: null,
                })),
              },
            ],
          },
          on: {
            'photo.progress': { actions: assign(({ context, event }) => ({ upload: context.upload && { ...context.upload, fraction: Math.min(1, Math.max(0, event.fraction)) } })) },
          },
        },
        waiting: {
          description: 'Kept on the phone until the connection returns (or it goes with the submission).',
          on: {
            'network.online': { target: 'idle', actions: assign({ online: true }) },
            'photo.retry': { target: 'idle' },
          },
        },
        failed: {
          description: 'The server refused the upload; the photo stays on the phone.',
          on: { 'photo.retry': { target: 'idle', actions: assign({ photoError: null }) } },
        },
      },
    },
  },
});
