import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import {
  storedDraftOf,
  submitInputOf,
  swmsBuilderMachine,
  swmsBuilderMessages,
  type LatestRevision,
  type PreviousSwms,
  type StoredDraft,
  type SubmitInput,
  type UploadPhotoInput,
} from '../../machines/swms-builder.machine';
import * as builder from '../../machines/swms-builder.selectors';
import { highRiskWorkText } from '../../src/domain/high-risk-work';
import { applyDraftPatch, draftFromRevision, draftFromSwms, photoSlots, type DraftPatch, type PendingPhoto, type PhotoSlot } from '../../src/domain/swms-draft';
import { emptySwmsDraft, swmsBuilderSteps, swmsSubmissionMessages, type SwmsBuilderStep } from '../../src/domain/swms-submission';
import type { PhotoReference } from '../../src/domain/trades';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type BuilderEvent = EventFromLogic<typeof swmsBuilderMachine> | { type: string; [key: string]: unknown };
type BuilderSnapshot = SnapshotFrom<typeof swmsBuilderMachine>;

const siteId = 'site-1';
const submissionId = 'c0ffee00-0000-4000-8000-000000000001';
const restartId = 'c0ffee00-0000-4000-8000-000000000002';
const startTime = 1_772_000_000_000;
const now = new Date(startTime).toISOString();
const blank = emptySwmsDraft(siteId, submissionId, new Date(startTime));

/** Everything WHS Regulation 299 asks for, in one edit. */
const completing: DraftPatch = {
  highRiskWork: ['a', 'k'],
  riskConsequenceLevel: 4,
  riskLikelihoodLevel: 3,
  task: {
    taskDescription: 'Replace roof sheeting',
    riskText: 'Fall through brittle sheets',
    controlText: 'Mesh under sheets, harness',
    controlImplementation: 'Mesh fixed before work starts',
    controlMonitoring: 'Leading hand checks every hour',
    controlReview: 'Reviewed at each pre-start',
  },
};
const partlyDone = applyDraftPatch(blank, { task: { taskDescription: 'Replace roof sheeting' } }, now);
const pendingPhoto: PendingPhoto = { friendlyName: 'roof.jpg', type: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8]).buffer };
const photoReference: PhotoReference = { friendlyName: 'roof.jpg', fileKey: 'f0e1d2c3.jpg', type: 'photo' };
const chosenFile = new File([new Uint8Array([1, 2, 3])], 'IMG_0042.HEIC', { type: 'image/heic' });
const previous: PreviousSwms = {
  highRiskWork: [highRiskWorkText('f'), 'Working near live wires'],
  riskConsequenceLevel: 5,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription: 'Pit inspection',
    mobilePlantTools: 'Gas detector',
    riskText: 'Toxic atmosphere',
    riskPhoto: { url: 'https://files.example/risk.jpg', fileKey: 'b7a1c2d3.jpg', friendlyName: 'pit.jpg' },
    controlText: 'Test air, standby person',
    controlPhoto: null,
    controlImplementation: 'Permit before entry',
    controlMonitoring: 'Continuous gas monitor',
    controlReview: 'Each entry',
    ppe: ['gloves'],
    otherPpe: '',
  },
};
const revisedSwmsId = 'c0ffee00-0000-4000-8000-0000000000aa';
const latest: LatestRevision = { ...previous, revision: 1 };
const submitted = { revision: 2 };
const incomplete = Object.assign(new Error(`${swmsSubmissionMessages.incomplete}: Describe the task`), { status: 400 });
const notCheckedIn = Object.assign(new Error(swmsSubmissionMessages.notCheckedIn), { status: 403 });
const notCheckedInToRevise = Object.assign(new Error(swmsSubmissionMessages.notCheckedInToRevise), { status: 403 });
const alreadySubmitted = Object.assign(new Error('This SWMS was already submitted'), { status: 409 });
const noSignal = new TypeError('Failed to fetch');
const refusedUpload = Object.assign(new Error('A .png or .jpg file is required'), { status: 400 });

const restoredAt = (step: SwmsBuilderStep): StoredDraft =>
  step === 'review'
    ? { draft: applyDraftPatch(blank, completing, now), step, photos: { riskPhoto: pendingPhoto } }
    : { draft: partlyDone, step, photos: {} };

const sampleEvents: Record<string, BuilderEvent[]> = {
  'xstate.done.actor.restoreDraft': [
    { type: 'xstate.done.actor.restoreDraft', output: null },
    ...swmsBuilderSteps.map((step) => ({ type: 'xstate.done.actor.restoreDraft', output: restoredAt(step) })),
  ],
  'xstate.error.actor.restoreDraft': [{ type: 'xstate.error.actor.restoreDraft', error: new Error('IndexedDB unavailable') }],
  'builder.next': [{ type: 'builder.next' }],
  'builder.back': [{ type: 'builder.back' }],
  'builder.goto': swmsBuilderSteps.map((step) => ({ type: 'builder.goto', step })),
  'builder.submit': [{ type: 'builder.submit' }],
  'builder.restart': [{ type: 'builder.restart', submissionId: restartId }],
  'builder.retry': [{ type: 'builder.retry' }],
  'xstate.done.actor.loadRevision': [{ type: 'xstate.done.actor.loadRevision', output: latest }],
  'xstate.error.actor.loadRevision': [{ type: 'xstate.error.actor.loadRevision', error: noSignal }],
  'draft.change': [{ type: 'draft.change', patch: completing }],
  'previous.copy': [{ type: 'previous.copy', swmsId: 'previous-1' }],
  'xstate.done.actor.loadPrevious': [{ type: 'xstate.done.actor.loadPrevious', output: previous }],
  'xstate.error.actor.loadPrevious': [{ type: 'xstate.error.actor.loadPrevious', error: noSignal }],
  'photo.choose': [{ type: 'photo.choose', slot: 'riskPhoto', file: chosenFile }],
  'photo.remove': [{ type: 'photo.remove', slot: 'riskPhoto' }],
  'photo.retry': [{ type: 'photo.retry' }],
  'photo.progress': [{ type: 'photo.progress', fraction: 0.5 }],
  'xstate.done.actor.resizePhoto': [{ type: 'xstate.done.actor.resizePhoto', output: pendingPhoto }],
  'xstate.error.actor.resizePhoto': [{ type: 'xstate.error.actor.resizePhoto', error: new Error('The file given is not an image') }],
  'xstate.done.actor.uploadPhoto': [{ type: 'xstate.done.actor.uploadPhoto', output: photoReference }],
  'xstate.error.actor.uploadPhoto': [
    { type: 'xstate.error.actor.uploadPhoto', error: noSignal },
    { type: 'xstate.error.actor.uploadPhoto', error: refusedUpload },
  ],
  'xstate.done.actor.submitSwms': [{ type: 'xstate.done.actor.submitSwms', output: submitted }],
  'xstate.error.actor.submitSwms': [
    { type: 'xstate.error.actor.submitSwms', error: incomplete },
    { type: 'xstate.error.actor.submitSwms', error: noSignal },
    { type: 'xstate.error.actor.submitSwms', error: notCheckedIn },
    { type: 'xstate.error.actor.submitSwms', error: notCheckedInToRevise },
    { type: 'xstate.error.actor.submitSwms', error: alreadySubmitted },
  ],
  'xstate.done.actor.queueSubmission': [{ type: 'xstate.done.actor.queueSubmission', output: undefined }],
  'xstate.error.actor.queueSubmission': [{ type: 'xstate.error.actor.queueSubmission', error: new Error('QuotaExceededError') }],
  'network.online': [{ type: 'network.online' }],
  'network.offline': [{ type: 'network.offline' }],
  'outbox.sent': [
    { type: 'outbox.sent', submissionId, revision: 2 },
    { type: 'outbox.sent', submissionId: 'c0ffee00-0000-4000-8000-0000000000ff' },
  ],
};

const mainState = (snapshot: BuilderSnapshot): string => {
  const main = (snapshot.value as { main: string | Record<string, string> }).main;
  return typeof main === 'string' ? main : `editing.${main.editing}`;
};
const photosState = (snapshot: BuilderSnapshot): string => (snapshot.value as { photos: string }).photos;

/** What a view offers where: photos on the hazards step, typing on the task step, the gap links on the review… */
function offered(type: string, snapshot: BuilderSnapshot): boolean {
  const main = mainState(snapshot);
  if (type.startsWith('photo.') && type !== 'photo.progress') return main === 'editing.hazards';
  if (type === 'draft.change') return main === 'editing.task';
  if (type === 'builder.goto') return main === 'editing.review';
  if (type === 'previous.copy') return main === 'editing.highRiskWork';
  // 'Start another SWMS' is a new SWMS's; a revision's outcome offers only the way home.
  if (type === 'builder.restart') return ['editing.highRiskWork', 'failed'].includes(main) || (snapshot.context.revisionOf === null && ['submitted', 'queued'].includes(main));
  if (type.startsWith('network.')) return main === 'editing.hazards' || main === 'editing.review';
  // The outbox tells the builder of each SWMS it sends; only a queued one has anything to show for it.
  if (type === 'outbox.sent') return main === 'queued' || main === 'editing.review';
  return true;
}

const serialize = (snapshot: BuilderSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    online: snapshot.context.online,
    pending: Object.keys(snapshot.context.photos),
    uploaded: photoSlots.filter((slot) => snapshot.context.draft.task[slot] !== null),
    complete: builder.gaps(snapshot).length === 0,
    error: snapshot.context.error !== null,
    failure: snapshot.context.failure,
    photoError: snapshot.context.photoError !== null,
    revisionOf: snapshot.context.revisionOf,
  });

function describeBuilderEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (key, value: unknown) => {
    if (value === completing) return '<every r 299 part>';
    if (value === previous) return '<previous SWMS>';
    if (value === latest) return '<latest revision>';
    if (value === pendingPhoto) return '<resized photo>';
    if (value === chosenFile) return '<camera file>';
    if (key === 'output' && value && typeof value === 'object' && 'step' in value) return `<draft at ${String(value.step)}>`;
    if (value instanceof Error) return `${value.message}${'status' in value ? ` (${String(value.status)})` : ''}`;
    return value;
  });
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface BuilderRig extends Rig<typeof swmsBuilderMachine> {
  saved: StoredDraft[];
  clears: number;
}

const input: InputFrom<typeof swmsBuilderMachine> = { siteId, submissionId, online: true, clock: { now: () => startTime } };
const revising: InputFrom<typeof swmsBuilderMachine> = { ...input, revisionOf: revisedSwmsId };
const coverage = new TransitionCoverage(swmsBuilderMachine);
const paths = modelPaths(swmsBuilderMachine, { inputs: [input, revising], events: sampleEvents, offered, serialize, describeEvent: describeBuilderEvent });

function createRig({ input: pathInput, scripted, clock, inspect }: Parameters<Parameters<typeof replayPath<typeof swmsBuilderMachine, BuilderRig>>[1]['createRig']>[0]): BuilderRig {
  const rig: Partial<BuilderRig> = { saved: [], clears: 0 };
  const machine = swmsBuilderMachine.provide({
    actors: {
      restoreDraft: scripted.logic<StoredDraft | null, { siteId: string }>(),
      loadPrevious: scripted.logic<PreviousSwms, { swmsId: string }>(),
      loadRevision: scripted.logic<LatestRevision, { swmsId: string }>(),
      resizePhoto: scripted.logic<PendingPhoto, { slot: PhotoSlot; file: File }>(),
      uploadPhoto: scripted.logic<PhotoReference, UploadPhotoInput>(),
      // The scripted submit answers whatever the step settles it with; the machine only reads it as done.
      submitSwms: scripted.logic() as never,
      queueSubmission: scripted.logic<unknown, SubmitInput>(),
    },
    actions: {
      saveDraft: (_, stored) => rig.saved?.push(stored),
      clearDraft: () => {
        rig.clears = (rig.clears ?? 0) + 1;
      },
    },
  });
  const actor = createActor(machine, { input: { ...pathInput, clock: { now: () => clock.now() } }, clock, inspect });
  return Object.assign(rig, { actor, scripted, clock }) as BuilderRig;
}

describe('SWMS builder machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    let clearsBefore = 0;
    await replayPath<typeof swmsBuilderMachine, BuilderRig>(path, {
      coverage,
      startTime,
      createRig,
      check: (rig, step, previousStep) => {
        const snapshot = rig.actor.getSnapshot();
        const before = previousStep?.state;
        const event = step.event as BuilderEvent & { output?: unknown; error?: unknown };
        const main = mainState(snapshot);
        const photos = photosState(snapshot);

        expect(snapshot.hasTag('busy')).toBe(['copying', 'submitting', 'queueing'].includes(main));
        const revision = snapshot.context.revisionOf !== null;
        expect(snapshot.hasTag('loading')).toBe(main === 'restoring' || main === 'prefilling');
        expect(builder.isRevision(snapshot)).toBe(path.input.revisionOf === revisedSwmsId);
        expect(builder.isPhotoBusy(snapshot)).toBe(photos === 'resizing' || photos === 'uploading');
        if (main.startsWith('editing.')) {
          expect(snapshot.context.step, 'the step shown is the step kept').toBe(main.slice('editing.'.length));
          expect(builder.screen(snapshot)).toBe('editing');
          expect(builder.stepNumber(snapshot)).toBe(swmsBuilderSteps.indexOf(snapshot.context.step) + 1);
          if (!before || mainState(before) !== main) expect(rig.saved.at(-1), 'a step opened is saved with the draft').toEqual(storedDraftOf(snapshot.context));
        }
        if (photos === 'idle' && main.startsWith('editing.') && snapshot.context.online) {
          expect(Object.keys(snapshot.context.photos), 'a photo on the phone goes up while online').toEqual([]);
        }

        switch (event.type) {
          case 'xstate.done.actor.restoreDraft': {
            const stored = event.output as StoredDraft | null;
            expect(snapshot.context.draft).toEqual(stored ? stored.draft : blank);
            expect(snapshot.context.step).toBe(stored ? stored.step : 'highRiskWork');
            if (revision) expect(main, 'a revision draft kept on the phone wins over the latest revision').toBe(stored ? `editing.${stored.step}` : 'prefilling');
            break;
          }
          case 'xstate.error.actor.restoreDraft':
            expect(main).toBe(revision ? 'prefilling' : 'editing.highRiskWork');
            break;
          case 'xstate.done.actor.loadRevision':
            expect(rig.scripted.lastInput('loadRevision')).toEqual({ swmsId: revisedSwmsId });
            expect(snapshot.context.draft, 'the latest revision, photos included, under a new submission id').toEqual({
              ...draftFromRevision(latest, before?.context.draft ?? blank),
              updatedAt: now,
            });
            expect(snapshot.context.draft.task.riskPhoto?.fileKey).toBe('b7a1c2d3.jpg');
            expect(builder.basedOn(snapshot)).toBe(1);
            expect(main).toBe('editing.highRiskWork');
            break;
          case 'xstate.error.actor.loadRevision':
            expect(builder.screen(snapshot)).toBe('unavailable');
            expect(snapshot.context.error).toBe(swmsBuilderMessages.revisionUnavailable);
            break;
          case 'builder.retry':
            expect(main).toBe('prefilling');
            break;
          case 'draft.change':
            expect(snapshot.context.draft).toEqual(applyDraftPatch(before?.context.draft ?? blank, completing, now));
            expect(rig.saved.at(-1), 'every change is saved on the phone').toEqual(storedDraftOf(snapshot.context));
            break;
          case 'builder.submit': {
            const from = before as BuilderSnapshot;
            const complete = builder.gaps(from).length === 0;
            const photoBusy = builder.isPhotoBusy(from);
            if (!complete || photoBusy) expect(main, 'incomplete, or a photo still going up: nothing is sent').toBe('editing.review');
            else if (!from.context.online) expect(main).toBe('queueing');
            else expect(main).toBe('submitting');
            if (main === 'submitting') expect(rig.scripted.lastInput('submitSwms')).toEqual(submitInputOf(snapshot.context));
            if (main === 'submitting' || main === 'queueing') {
              expect(submitInputOf(snapshot.context).revisionOf, 'a revision goes to its SWMS, a new SWMS to the site').toBe(revision ? revisedSwmsId : null);
            }
            if (main === 'queueing') expect(rig.scripted.lastInput('queueSubmission')).toEqual(submitInputOf(snapshot.context));
            break;
          }
          case 'xstate.done.actor.submitSwms':
            expect(builder.screen(snapshot)).toBe('submitted');
            expect(builder.sentRevision(snapshot), "the number 'Revision n sent' shows").toBe(2);
            expect(rig.clears, 'a submitted draft leaves the phone').toBe(clearsBefore + 1);
            break;
          case 'xstate.error.actor.submitSwms':
            if (event.error === incomplete) expect(snapshot.context).toMatchObject({ step: 'review', error: incomplete.message });
            if (event.error === noSignal) {
              expect(main, 'no answer: saved to send later').toBe('queueing');
              expect(rig.scripted.lastInput('queueSubmission')).toEqual(submitInputOf(snapshot.context));
            }
            if (event.error === notCheckedIn) expect(snapshot.context).toMatchObject({ failure: 'notCheckedIn', error: swmsSubmissionMessages.notCheckedIn });
            if (event.error === notCheckedInToRevise) expect(snapshot.context).toMatchObject({ failure: 'notCheckedIn', error: swmsSubmissionMessages.notCheckedIn });
            if (event.error === alreadySubmitted) expect(snapshot.context).toMatchObject({ failure: 'refused', error: alreadySubmitted.message });
            expect(rig.clears, 'a draft not sent stays on the phone').toBe(clearsBefore);
            break;
          case 'xstate.done.actor.queueSubmission':
            expect(builder.screen(snapshot)).toBe('queued');
            expect(rig.clears, 'the outbox holds it now').toBe(clearsBefore + 1);
            break;
          case 'xstate.error.actor.queueSubmission':
            expect(snapshot.context).toMatchObject({ failure: 'unsaved', error: swmsBuilderMessages.notSaved });
            expect(rig.clears).toBe(clearsBefore);
            break;
          case 'outbox.sent': {
            const queuedHere = before !== undefined && mainState(before) === 'queued' && event.submissionId === before.context.draft.submissionId;
            if (queuedHere) {
              expect(builder.screen(snapshot), 'the queued SWMS was sent: the builder says so').toBe('submitted');
              expect(builder.sentRevision(snapshot)).toBe(2);
            }
            else expect(main, 'another SWMS sent changes nothing here').toBe(before ? mainState(before) : main);
            expect(rig.clears, 'the outbox already held it').toBe(clearsBefore);
            break;
          }
          case 'builder.restart':
            expect(snapshot.context.draft).toEqual(emptySwmsDraft(siteId, restartId, new Date(startTime)));
            if (revision) expect(main, 'a revision starts again from the latest revision').toBe('prefilling');
            if (revision) expect(rig.scripted.lastInput('loadRevision')).toEqual({ swmsId: revisedSwmsId });
            expect(snapshot.context.photos).toEqual({});
            expect(rig.clears).toBe(clearsBefore + 1);
            break;
          case 'xstate.done.actor.loadPrevious':
            expect(snapshot.context.draft).toEqual({ ...draftFromSwms(previous, before?.context.draft ?? blank), updatedAt: now });
            expect(snapshot.context.draft.submissionId, 'the copy is a new SWMS').toBe(before?.context.draft.submissionId);
            expect(snapshot.context.draft.task.riskPhoto).toBeNull();
            break;
          case 'xstate.error.actor.loadPrevious':
            expect(snapshot.context.error).toBe(swmsBuilderMessages.copyFailed);
            expect(snapshot.context.draft).toEqual(before?.context.draft);
            break;
          case 'photo.choose':
            expect(rig.scripted.lastInput('resizePhoto')).toEqual({ slot: 'riskPhoto', file: chosenFile });
            break;
          case 'xstate.done.actor.resizePhoto':
            expect(rig.saved.at(-1)?.photos.riskPhoto, 'the resized photo is kept on the phone at once').toBe(pendingPhoto);
            expect(snapshot.context.draft.task.riskPhoto).toBeNull();
            break;
          case 'xstate.error.actor.resizePhoto':
            expect(builder.photoStatus('riskPhoto')(snapshot).message).toBe(swmsBuilderMessages.photoUnreadable);
            break;
          case 'xstate.done.actor.uploadPhoto':
            expect(snapshot.context.draft.task.riskPhoto).toEqual(photoReference);
            expect(rig.saved.at(-1)?.photos.riskPhoto, 'an uploaded photo is no longer kept as bytes').toBeUndefined();
            expect(rig.saved.at(-1)?.draft.task.riskPhoto).toEqual(photoReference);
            break;
          case 'xstate.error.actor.uploadPhoto':
            expect(snapshot.context.photos.riskPhoto, 'a photo that did not go up stays on the phone').toBe(pendingPhoto);
            expect(photos).toBe(event.error === noSignal ? 'waiting' : 'failed');
            expect(builder.photoStatus('riskPhoto')(snapshot).state).toBe(event.error === noSignal ? 'onPhone' : 'failed');
            break;
          case 'photo.progress':
            expect(builder.photoStatus('riskPhoto')(snapshot)).toMatchObject({ state: 'uploading', percent: 50 });
            break;
          case 'photo.remove':
            expect(snapshot.context.photos.riskPhoto).toBeUndefined();
            expect(snapshot.context.draft.task.riskPhoto).toBeNull();
            break;
          default:
            break;
        }
        if (photos === 'uploading' && (!before || photosState(before) !== 'uploading')) {
          expect(rig.scripted.lastInput('uploadPhoto')).toMatchObject({ slot: 'riskPhoto', photo: snapshot.context.photos.riskPhoto });
        }
        clearsBefore = rig.clears;
      },
    });
  });

  test('every state and transition of the builder machine is exercised', () => {
    coverage.assertComplete('swmsBuilder');
  });
});

describe('SWMS builder machine, wiring', () => {
  test('unprovided actors fail loudly: no draft is restored and a submission is not lost silently', async () => {
    const saved: StoredDraft[] = [];
    const actor = createActor(swmsBuilderMachine.provide({ actions: { saveDraft: (_, stored) => saved.push(stored), clearDraft: () => undefined } }), {
      input: { siteId, submissionId, online: true },
    }).start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(builder.screen(actor.getSnapshot())).toBe('editing');
    actor.send({ type: 'builder.goto', step: 'task' });
    actor.send({ type: 'draft.change', patch: completing });
    actor.send({ type: 'builder.goto', step: 'review' });
    actor.send({ type: 'builder.submit' });
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().context.failure).toBe('unsaved');
    expect(saved.at(-1)?.draft.task.taskDescription).toBe('Replace roof sheeting');
    actor.stop();
  });

  test('a SWMS saved offline that the outbox then sends is shown as submitted; another one sent leaves it waiting', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      swmsBuilderMachine.provide({
        actors: { restoreDraft: scripted.logic(), queueSubmission: scripted.logic() },
        actions: { saveDraft: () => undefined, clearDraft: () => undefined },
      }),
      { input: { siteId, submissionId, online: false } },
    ).start();
    scripted.resolve('restoreDraft', { draft: applyDraftPatch(blank, completing, now), step: 'review', photos: {} });
    await new Promise<void>((resolve) => setImmediate(resolve));
    actor.send({ type: 'builder.submit' });
    scripted.resolve('queueSubmission', undefined);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(builder.screen(actor.getSnapshot())).toBe('queued');
    actor.send({ type: 'outbox.sent', submissionId: restartId });
    expect(builder.screen(actor.getSnapshot())).toBe('queued');
    actor.send({ type: 'outbox.sent', submissionId });
    expect(builder.screen(actor.getSnapshot())).toBe('submitted');
    actor.stop();
  });

  test('upload progress reported by the upload reaches the photo field', () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      swmsBuilderMachine.provide({
        actors: { restoreDraft: scripted.logic(), resizePhoto: scripted.logic(), uploadPhoto: scripted.logic() },
        actions: { saveDraft: () => undefined, clearDraft: () => undefined },
      }),
      { input: { siteId, submissionId, online: true } },
    ).start();
    scripted.resolve('restoreDraft', { draft: blank, step: 'hazards', photos: { controlPhoto: pendingPhoto } });
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const upload = scripted.lastInput('uploadPhoto') as UploadPhotoInput;
      expect(upload.slot).toBe('controlPhoto');
      upload.onProgress(0.25);
      expect(builder.photoStatus('controlPhoto')(actor.getSnapshot())).toMatchObject({ state: 'uploading', percent: 25, name: 'roof.jpg' });
      actor.stop();
    });
  });
});
