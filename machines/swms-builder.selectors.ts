import type { SnapshotFrom } from 'xstate';
import type { PhotoSlot } from '../src/domain/swms-draft';
import { swmsBuilderSteps, swmsGaps, type SwmsBuilderStep, type SwmsDraft, type SwmsGap } from '../src/domain/swms-submission';
import type { SubmissionFailure, swmsBuilderMachine } from './swms-builder.machine';

export type SwmsBuilderSnapshot = SnapshotFrom<typeof swmsBuilderMachine>;

/** Which screen the builder shows. */
export type BuilderScreen = 'restoring' | 'unavailable' | 'editing' | 'copying' | 'sending' | 'submitted' | 'queued' | 'failed';

export const screen = (snapshot: SwmsBuilderSnapshot): BuilderScreen => {
  if (snapshot.hasTag('loading')) return 'restoring';
  if (snapshot.matches({ main: 'unavailable' })) return 'unavailable';
  if (snapshot.matches({ main: 'copying' })) return 'copying';
  if (snapshot.matches({ main: 'submitting' }) || snapshot.matches({ main: 'queueing' })) return 'sending';
  if (snapshot.matches({ main: 'submitted' })) return 'submitted';
  if (snapshot.matches({ main: 'queued' })) return 'queued';
  if (snapshot.matches({ main: 'failed' })) return 'failed';
  return 'editing';
};

export const isBusy = (snapshot: SwmsBuilderSnapshot): boolean => snapshot.hasTag('busy');
export const step = (snapshot: SwmsBuilderSnapshot): SwmsBuilderStep => snapshot.context.step;
/** 1 to 6, as 'Step 2 of 6'. */
export const stepNumber = (snapshot: SwmsBuilderSnapshot): number => swmsBuilderSteps.indexOf(snapshot.context.step) + 1;
export const stepCount = swmsBuilderSteps.length;
export const isFirstStep = (snapshot: SwmsBuilderSnapshot): boolean => stepNumber(snapshot) === 1;
export const draft = (snapshot: SwmsBuilderSnapshot): SwmsDraft => snapshot.context.draft;
export const gaps = (snapshot: SwmsBuilderSnapshot): SwmsGap[] => swmsGaps(snapshot.context.draft);
export const isPhotoBusy = (snapshot: SwmsBuilderSnapshot): boolean => snapshot.hasTag('photoBusy');
export const canSubmit = (snapshot: SwmsBuilderSnapshot): boolean =>
  snapshot.can({ type: 'builder.submit' }) && gaps(snapshot).length === 0 && !isPhotoBusy(snapshot) && !isBusy(snapshot);
export const error = (snapshot: SwmsBuilderSnapshot): string | null => snapshot.context.error;
export const failure = (snapshot: SwmsBuilderSnapshot): SubmissionFailure | null => snapshot.context.failure;
export const isOnline = (snapshot: SwmsBuilderSnapshot): boolean => snapshot.context.online;
/** Issue 57: the builder sends the next revision of an existing SWMS. */
export const isRevision = (snapshot: SwmsBuilderSnapshot): boolean => snapshot.context.revisionOf !== null;
/** The revision the draft started from, once read (a kept revision draft does not know it). */
export const basedOn = (snapshot: SwmsBuilderSnapshot): number | null => snapshot.context.basedOn;
/** The number the server gave the revision sent, for 'Revision n sent'. */
export const sentRevision = (snapshot: SwmsBuilderSnapshot): number | null => snapshot.context.sentRevision;

export interface PhotoStatus {
  /** empty · preparing (resizing) · uploading · onPhone (waiting for a connection) · uploaded · failed */
  readonly state: 'empty' | 'preparing' | 'uploading' | 'onPhone' | 'uploaded' | 'failed';
  readonly name: string | null;
  /** 0 to 100 while uploading. */
  readonly percent: number;
  /** Why the last photo chosen or sent did not make it (an uploaded one is kept meanwhile). */
  readonly message: string | null;
}

/** One photo field as the step shows it. */
export const photoStatus =
  (slot: PhotoSlot) =>
  (snapshot: SwmsBuilderSnapshot): PhotoStatus => {
    const { context } = snapshot;
    const pending = context.photos[slot];
    const uploaded = context.draft.task[slot];
    const message = context.photoError?.slot === slot ? context.photoError.message : null;
    if (context.resizing === slot && snapshot.matches({ photos: 'resizing' })) return { state: 'preparing', name: null, percent: 0, message: null };
    if (context.upload?.slot === slot && snapshot.matches({ photos: 'uploading' })) {
      return { state: 'uploading', name: pending?.friendlyName ?? null, percent: Math.round(context.upload.fraction * 100), message };
    }
    const refused = context.photoError?.slot === slot && context.photoError.kind === 'upload';
    if (pending) return { state: refused ? 'failed' : 'onPhone', name: pending.friendlyName, percent: 0, message };
    if (uploaded) return { state: 'uploaded', name: uploaded.friendlyName, percent: 100, message };
    return { state: message ? 'failed' : 'empty', name: null, percent: 0, message };
  };
