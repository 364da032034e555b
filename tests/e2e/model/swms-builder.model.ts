import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { swmsBuilderMachine, type LatestRevision, type PreviousSwms, type StoredDraft } from '../../../machines/swms-builder.machine';
import { swmsDraftKey, swmsDraftsDb } from '../../../src/flows/swms-outbox/kept-drafts';
import { applyDraftPatch, draftHasContent, photoSlots, revisePath, type DraftPatch } from '../../../src/domain/swms-draft';
import { emptySwmsDraft, swmsBuilderStepLabels, swmsBuilderSteps, swmsGaps, swmsSubmissionMessages, type SwmsBuilderStep, type SwmsDraft } from '../../../src/domain/swms-submission';
import { tradesMessages } from '../../../src/domain/trades';
import type { ModelEvent } from '../../support/machine-paths';
import { Api, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import { checkOutOf, modelCompany, type ModelCompany } from './model-company';
import { defineModel, type BrowserTraversal, type StepContext, type World } from './runner';

/** Everything WHS Regulation 299 asks for, in one edit. */
const completing: DraftPatch = {
  highRiskWork: ['a'],
  riskConsequenceLevel: 4,
  riskLikelihoodLevel: 3,
  task: {
    taskDescription: 'Model builder: replace the roof sheets over bay 2',
    riskText: 'Fall through brittle sheets',
    controlText: 'Mesh under the sheets, harness on a static line',
    controlImplementation: 'Mesh fixed before work starts',
    controlMonitoring: 'Leading hand checks every hour',
    controlReview: 'Reviewed at each pre-start',
  },
};
const now = '2026-03-02T21:00:00.000Z';
const blank = emptySwmsDraft('site', 'c0ffee00-0000-4000-8000-000000000001', new Date(now));
const partlyDone = applyDraftPatch(blank, { task: { taskDescription: 'Model builder: patch the gutter' } }, now);
const complete = applyDraftPatch(blank, completing, now);

/** A photo reference that is not the tradesperson's own upload: the server refuses the SWMS (400) and asks for it again. */
const foreignPhoto = { friendlyName: 'someone-elses.jpg', fileKey: 'model-not-their-upload.jpg', type: 'photo' } as const;
/** A submission id another tradesperson already stored: the server refuses it (409). `prepare` stores it. */
const takenId = randomUUID();
const withForeignPhoto: SwmsDraft = { ...complete, task: { ...complete.task, riskPhoto: foreignPhoto } };
const takenElsewhere: SwmsDraft = { ...complete, submissionId: takenId };

/** What the phone keeps, by the label of the restore that reads it. */
const kept: Record<string, StoredDraft | null> = {
  'nothing kept': null,
  ...Object.fromEntries(swmsBuilderSteps.filter((step) => step !== 'review').map((step) => [`kept at ${step}`, { draft: partlyDone, step, photos: {} }])),
  'kept at review, complete': { draft: complete, step: 'review', photos: {} },
  'kept at review, with a photo not theirs': { draft: withForeignPhoto, step: 'review', photos: {} },
  'kept at review, its id taken by another': { draft: takenElsewhere, step: 'review', photos: {} },
};
const restored = (label: string): ModelEvent => ({ type: 'xstate.done.actor.restoreDraft', output: kept[label] ?? null, label });

const previous: PreviousSwms = {
  highRiskWork: ['involves a risk of a person falling more than 2 metres'],
  riskConsequenceLevel: 3,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription: 'Model builder: an earlier SWMS to copy',
    mobilePlantTools: 'Ladder',
    riskText: 'Falls from the ladder',
    riskPhoto: null,
    controlText: 'Three points of contact',
    controlPhoto: null,
    controlImplementation: 'Ladder tied off',
    controlMonitoring: 'Checked by the leading hand',
    controlReview: 'At each pre-start',
    ppe: ['hard_hat'],
    otherPpe: '',
  },
};
/** Issue 57: the SWMS a revising path revises, as the author's read answers its latest revision. */
const latestRevision: LatestRevision = {
  ...previous,
  highRiskWork: ['r 291(a): involves a risk of a person falling more than 2 metres'],
  task: { ...previous.task, taskDescription: 'Model builder: the SWMS being revised' },
  revision: 1,
};
const revisedSubmission = { highRiskWork: ['a'], riskConsequenceLevel: 3, riskLikelihoodLevel: 2, task: latestRevision.task };

const previousSubmission = { submissionId: '', highRiskWork: ['a'], riskConsequenceLevel: 3, riskLikelihoodLevel: 2, task: previous.task };

// What the browser's fetch throws with no network, and the server's refusals.
const noSignal = new TypeError('Failed to fetch');
const incomplete = Object.assign(new Error(tradesMessages.photoUploadAgain), { status: 400 });
const notCheckedIn = Object.assign(new Error(swmsSubmissionMessages.notCheckedIn), { status: 403 });
const alreadySubmitted = Object.assign(new Error(swmsSubmissionMessages.alreadySubmitted), { status: 409 });
const photoFile = { name: 'IMG_0042.jpg' };

type Snapshot = AnyMachineSnapshot;
const draftOf = (snapshot: Snapshot) => snapshot.context.draft as SwmsDraft;
const hasForeignPhoto = (snapshot: Snapshot) => draftOf(snapshot).task.riskPhoto?.fileKey === foreignPhoto.fileKey;
const isTaken = (snapshot: Snapshot) => draftOf(snapshot).submissionId === takenId;
const mainOf = (snapshot: Snapshot): string => {
  const main = (snapshot.value as { main: string | { editing: string } }).main;
  return typeof main === 'string' ? main : `editing.${main.editing}`;
};
const photosOf = (snapshot: Snapshot) => (snapshot.value as { photos: string }).photos;
const isOnline = (snapshot: Snapshot) => snapshot.context.online === true;
const riskPhotoShown = (snapshot: Snapshot) =>
  snapshot.context.photos.riskPhoto !== undefined || draftOf(snapshot).task.riskPhoto !== null || photosOf(snapshot) === 'uploading';

const serialize = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    online: snapshot.context.online,
    pending: Object.keys(snapshot.context.photos),
    uploaded: photoSlots.filter((slot) => draftOf(snapshot).task[slot] !== null),
    complete: swmsGaps(draftOf(snapshot)).length === 0,
    content: draftHasContent(draftOf(snapshot), snapshot.context.photos),
    tools: draftOf(snapshot).task.mobilePlantTools !== '',
    error: snapshot.context.error !== null,
    failure: snapshot.context.failure,
    photoError: snapshot.context.photoError !== null,
    foreignPhoto: hasForeignPhoto(snapshot),
    taken: isTaken(snapshot),
  });

const events: Record<string, ModelEvent[] | ((snapshot: Snapshot) => ModelEvent[])> = {
  'xstate.done.actor.restoreDraft': Object.keys(kept).map(restored),
  'builder.next': [{ type: 'builder.next' }],
  'builder.back': [{ type: 'builder.back' }],
  'builder.goto': swmsBuilderSteps.map((step) => ({ type: 'builder.goto', step })),
  'builder.submit': [{ type: 'builder.submit' }],
  'builder.restart': [{ type: 'builder.restart', submissionId: 'c0ffee00-0000-4000-8000-000000000002' }],
  'draft.change': (snapshot) => (draftOf(snapshot).task.mobilePlantTools === '' ? [{ type: 'draft.change', patch: { task: { mobilePlantTools: 'Scissor lift' } } }] : []),
  'previous.copy': [{ type: 'previous.copy', swmsId: 'previous' }],
  'xstate.done.actor.loadPrevious': [{ type: 'xstate.done.actor.loadPrevious', output: previous }],
  'xstate.error.actor.loadPrevious': [{ type: 'xstate.error.actor.loadPrevious', error: noSignal, label: 'no signal' }],
  'photo.choose': [{ type: 'photo.choose', slot: 'riskPhoto', file: photoFile }],
  'photo.remove': [{ type: 'photo.remove', slot: 'riskPhoto' }],
  'xstate.done.actor.resizePhoto': [{ type: 'xstate.done.actor.resizePhoto', output: { friendlyName: 'IMG_0042.jpg', type: 'image/jpeg', bytes: new ArrayBuffer(2) } }],
  'xstate.error.actor.resizePhoto': [{ type: 'xstate.error.actor.resizePhoto', error: new Error('IMG_0042.txt'), label: 'not an image' }],
  'xstate.done.actor.uploadPhoto': [{ type: 'xstate.done.actor.uploadPhoto', output: { friendlyName: 'IMG_0042.jpg', fileKey: 'photo.jpg', type: 'photo' } }],
  'xstate.error.actor.uploadPhoto': [{ type: 'xstate.error.actor.uploadPhoto', error: noSignal, label: 'no signal' }],
  // A draft made to be refused can only be refused; the rest can be sent, or fail for want of a signal.
  'xstate.done.actor.submitSwms': (snapshot) => (hasForeignPhoto(snapshot) || isTaken(snapshot) ? [] : [{ type: 'xstate.done.actor.submitSwms', output: { _id: 'swms' } }]),
  'xstate.error.actor.submitSwms': (snapshot) => [
    ...(hasForeignPhoto(snapshot) ? [{ type: 'xstate.error.actor.submitSwms', error: incomplete, label: 'a photo not theirs' }] : []),
    ...(isTaken(snapshot) && !hasForeignPhoto(snapshot) ? [{ type: 'xstate.error.actor.submitSwms', error: alreadySubmitted, label: 'its id taken by another' }] : []),
    { type: 'xstate.error.actor.submitSwms', error: noSignal, label: 'no signal' },
  ],
  'xstate.done.actor.queueSubmission': [{ type: 'xstate.done.actor.queueSubmission', output: undefined }],
  'network.offline': (snapshot) => (isOnline(snapshot) ? [{ type: 'network.offline' }] : []),
  'network.online': (snapshot) => (isOnline(snapshot) ? [] : [{ type: 'network.online' }]),
  'outbox.sent': (snapshot) => [{ type: 'outbox.sent', submissionId: draftOf(snapshot).submissionId }],
};

/** What the screens offer where: buttons that are disabled or absent send nothing. */
function offered(type: string, snapshot: Snapshot): boolean {
  const main = mainOf(snapshot);
  const photos = photosOf(snapshot);
  const photoBusy = photos === 'resizing' || photos === 'uploading';
  // The photo field is on the hazards step; its pickers are disabled while a photo is prepared or uploaded.
  if (type === 'photo.choose') return main === 'editing.hazards' && !photoBusy;
  if (type === 'photo.remove') return main === 'editing.hazards' && photos !== 'resizing' && riskPhotoShown(snapshot);
  if (type === 'draft.change') return main === 'editing.task';
  if (type === 'previous.copy') return main === 'editing.highRiskWork';
  // 'Start again' shows once something was entered; 'Start another SWMS' after a submission or in the outbox.
  if (type === 'builder.restart') return (main.startsWith('editing.') && draftHasContent(draftOf(snapshot), snapshot.context.photos)) || main === 'submitted' || main === 'queued';
  // Submit is disabled until nothing is missing and no photo is busy.
  if (type === 'builder.submit') return swmsGaps(draftOf(snapshot)).length === 0 && !photoBusy;
  // The signal drops on the hazards step (a photo waits) and the review (Submit saves it); it returns there and in the outbox.
  if (type === 'network.offline') return main === 'editing.hazards' || main === 'editing.review';
  if (type === 'network.online') return main === 'editing.hazards' || main === 'editing.review' || main === 'queued';
  // The outbox sends a queued SWMS once the signal is back.
  if (type === 'outbox.sent') return main === 'queued' && isOnline(snapshot);
  return true;
}

const notCheckedInStart: BrowserTraversal<'not checked in'> = {
  name: 'a tradesperson not checked in at the site',
  input: { siteId: 'site', submissionId: blank.submissionId, online: true },
  arrange: 'not checked in',
  events: {
    'xstate.done.actor.restoreDraft': [restored('kept at review, complete')],
    'builder.submit': [{ type: 'builder.submit' }],
    'xstate.error.actor.submitSwms': [{ type: 'xstate.error.actor.submitSwms', error: notCheckedIn, label: 'not checked in' }],
    'builder.back': [{ type: 'builder.back' }],
  },
  offered: (type, snapshot) => type !== 'builder.back' || mainOf(snapshot) === 'failed',
  serialize,
};

const isRevising = (snapshot: Snapshot) => snapshot.context.revisionOf !== null;

/** Issue 57: its author revising a SWMS of theirs, from its latest revision; the revision read may fail and be tried again. */
const revisingStart: BrowserTraversal<'revising'> = {
  name: 'its author revising a SWMS',
  input: { siteId: 'site', submissionId: blank.submissionId, online: true, revisionOf: 'revised' },
  arrange: 'revising',
  events: {
    'xstate.done.actor.restoreDraft': [restored('nothing kept')],
    'xstate.done.actor.loadRevision': [{ type: 'xstate.done.actor.loadRevision', output: latestRevision }],
    'xstate.error.actor.loadRevision': [{ type: 'xstate.error.actor.loadRevision', error: noSignal, label: 'no signal' }],
    'builder.retry': [{ type: 'builder.retry' }],
    'builder.goto': [{ type: 'builder.goto', step: 'review' }],
    'builder.restart': [{ type: 'builder.restart', submissionId: 'c0ffee00-0000-4000-8000-000000000003' }],
    'builder.submit': [{ type: 'builder.submit' }],
    'xstate.done.actor.submitSwms': [{ type: 'xstate.done.actor.submitSwms', output: { revision: 2 } }],
  },
  // 'Start again' on the review; a revision's outcome offers only the way home.
  offered: (type, snapshot) => type !== 'builder.restart' || mainOf(snapshot) === 'editing.review',
  serialize,
};

const starts: BrowserTraversal<'checked in' | 'not checked in' | 'revising'>[] = [
  { name: 'a tradesperson checked in at the site', input: { siteId: 'site', submissionId: blank.submissionId, online: true }, arrange: 'checked in', events, offered, serialize },
  notCheckedInStart,
  revisingStart,
];

interface Shared {
  readonly company: ModelCompany;
  readonly tradie: Account;
  readonly api: Api;
  /** The sites the paths checked in at, checked out of after the file. */
  readonly visited: Set<string>;
}

interface BuilderWorld extends World {
  readonly shared: Shared;
  readonly siteId: string;
  held: HeldRequest | null;
  /** The last photo chosen was not an image. */
  choseNonImage: boolean;
}

const sendCall = /\/api\/site\/[^/]+\/swms$/;
const reviseCall = /\/api\/site\/[^/]+\/swms\/[^/]+\/revisions$/;
const fileCall = /\/api\/file$/;
const previousCall = /\/api\/profile\/trades\/[^/]+\/swms\/[^/?]+$/;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const hazardPhoto = (page: Page): Locator => page.getByRole('group', { name: 'Photo of the hazard' });
const outcomeTitle = (page: Page) => page.locator('#outcome-title');

async function hold(world: BuilderWorld, method: string, url: RegExp): Promise<HeldRequest> {
  world.held = await HeldRequest.hold(world.page, method, url);
  return world.held;
}

async function answer(world: BuilderWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

/** Does `act`, first holding the call it starts when the model goes on to a busy state. */
async function holding(world: BuilderWorld, call: { method: string; url: RegExp } | null, act: () => Promise<void>): Promise<void> {
  if (!call) return act();
  const held = await hold(world, call.method, call.url);
  await act();
  await held.arrived();
}

/** The call the step's event starts, when the model says it goes on to wait for one. */
function callAfter(step: StepContext<BuilderWorld>): { method: string; url: RegExp } | null {
  const { before, after } = step;
  if (after.matches({ main: 'submitting' }) && !before.matches({ main: 'submitting' })) return { method: 'POST', url: isRevising(after) ? reviseCall : sendCall };
  if (after.matches({ main: 'prefilling' }) && !before.matches({ main: 'prefilling' })) return { method: 'GET', url: previousCall };
  if (after.matches({ main: 'copying' }) && !before.matches({ main: 'copying' })) return { method: 'GET', url: previousCall };
  if (after.matches({ photos: 'uploading' }) && !before.matches({ photos: 'uploading' })) return { method: 'POST', url: fileCall };
  return null;
}

/** A JPEG a phone camera might hand over, drawn in the page (no image files in the repository). */
async function cameraPhoto(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 900;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    context.fillStyle = '#e8a23d';
    context.fillRect(0, 0, 1200, 900);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  });
  return { name: photoFile.name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** Writes a draft to the phone's store from a page of the portal's origin where the app does not run. */
async function keepDraft(page: Page, key: string, record: unknown): Promise<void> {
  await page.evaluate(
    ([db, storeKey, value]) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(db);
        opening.onupgradeneeded = () => opening.result.createObjectStore('drafts');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const writing = opening.result.transaction('drafts', 'readwrite').objectStore('drafts').put(value, storeKey);
          writing.onerror = () => reject(writing.error);
          writing.onsuccess = () => {
            opening.result.close();
            resolve();
          };
        };
      }),
    [swmsDraftsDb, key, record] as const,
  );
}

/** Records every state the hazard photo field shows, so a state that passes in a blink (preparing) is still seen. */
async function recordPhotoStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { photoStates: seen });
    new MutationObserver(() => {
      const field = document.querySelector('.photo-field');
      const state = field?.getAttribute('data-state') ?? null;
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

const photoStates = (page: Page) => page.evaluate(() => (window as unknown as { photoStates: string[] }).photoStates.splice(0));

async function expectStep(page: Page, step: SwmsBuilderStep): Promise<void> {
  const number = swmsBuilderSteps.indexOf(step) + 1;
  await expect(page.getByRole('navigation', { name: 'Steps' })).toContainText(`Step ${number} of 6: ${swmsBuilderStepLabels[step]}`);
  await expect(page.getByRole('button', { name: `Step ${number}: ${swmsBuilderStepLabels[step]}` })).toHaveAttribute('aria-current', 'step');
}

const stepCheck = (step: SwmsBuilderStep) => async ({ world, snapshot }: { world: BuilderWorld; snapshot: Snapshot }) => {
  const { page } = world;
  await expectStep(page, step);
  await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible({ visible: draftHasContent(draftOf(snapshot), snapshot.context.photos) });
  if (step === 'task') {
    await expect(page.getByLabel('Task description')).toHaveValue(draftOf(snapshot).task.taskDescription);
    await expect(page.getByLabel('Mobile plant and tools')).toHaveValue(draftOf(snapshot).task.mobilePlantTools);
  }
  if (step === 'highRiskWork') {
    const error = snapshot.context.error as string | null;
    if (error) await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible();
  }
  if (step === 'review') {
    const gaps = swmsGaps(draftOf(snapshot));
    if (gaps.length === 0) await expect(page.getByText('Everything WHS Regulation 299 asks for is here.')).toBeVisible();
    else for (const gap of gaps) await expect(page.getByRole('button', { name: gap.message })).toBeVisible();
    const error = snapshot.context.error as string | null;
    await expect(page.locator('.review-error')).toHaveCount(error ? 1 : 0);
    if (error) await expect(page.locator('.review-error')).toContainText(error);
    const photoBusy = snapshot.hasTag('photoBusy');
    await expect(button(page, snapshot.context.revisionOf === null ? 'Submit' : 'Send revision')).toBeEnabled({ enabled: gaps.length === 0 && !photoBusy });
  }
};

async function expectPhoto(world: BuilderWorld, snapshot: Snapshot, states: readonly string[]): Promise<void> {
  if (mainOf(snapshot) !== 'editing.hazards') return;
  await expect(hazardPhoto(world.page)).toHaveAttribute('data-state', new RegExp(`^(${states.join('|')})$`));
}

export const swmsBuilderModel = defineModel({
  title: 'SWMS builder',
  machine: swmsBuilderMachine,
  traversals: starts,

  async prepare(browser): Promise<Shared> {
    const company = await modelCompany(browser);
    const tradie = company.tradie;
    const api = company.tradieApi;
    // A SWMS of their own to start from, and a submission id another tradesperson stored first.
    const earlier = await company.site('Model Builder Earlier');
    await api.call('POST', `site/${earlier._id}/checkin`, { key: earlier.key, ppeConfirmed: true });
    await api.call('POST', `site/${earlier._id}/swms`, { ...previousSubmission, submissionId: randomUUID() }, 201);
    await api.call('POST', `site/${earlier._id}/checkout`, {});
    const other = await Api.as((await company.tradesperson('othertradie')).token);
    await other.call('POST', `site/${earlier._id}/checkin`, { key: earlier.key, ppeConfirmed: true });
    await other.call('POST', `site/${earlier._id}/swms`, { ...previousSubmission, submissionId: takenId }, 201);
    await other.call('POST', `site/${earlier._id}/checkout`, {});
    return { company, tradie, api, visited: new Set() };
  },

  async finish(shared) {
    await checkOutOf(shared.api, shared.tradie, shared.visited);
  },

  async open({ browser, shared, traversal, path }): Promise<BuilderWorld> {
    const site = await shared.company.site('Model Builder');
    if (traversal.arrange !== 'not checked in') {
      await shared.api.call('POST', `site/${site._id}/checkin`, { key: site.key, ppeConfirmed: true });
      shared.visited.add(site._id);
    }
    const world: BuilderWorld = { ...(await openContext(browser, shared.tradie)), shared, siteId: site._id, held: null, choseNonImage: false };
    await recordPhotoStates(world.page);
    const stored = kept[path.steps[1]?.event.label as string] ?? null;
    if (stored) {
      await world.page.goto('/api/health');
      // A submission id of its own for each path, but the one another tradesperson took.
      const submissionId = stored.draft.submissionId === takenId ? takenId : randomUUID();
      const draft = { ...stored.draft, submissionId, siteId: site._id, updatedAt: new Date().toISOString() };
      await keepDraft(world.page, swmsDraftKey(shared.tradie.payload.sub, site._id), { version: 1, savedAt: new Date().toISOString(), ...stored, draft });
    }
    if (traversal.arrange === 'revising') {
      const own = await shared.api.call<{ _id: string }>('POST', `site/${site._id}/swms`, { ...revisedSubmission, submissionId: randomUUID() }, 201);
      // The latest revision is read as the page opens: held, so the model answers it.
      await hold(world, 'GET', previousCall);
      await world.page.goto(revisePath(site._id, own._id));
      return world;
    }
    await world.page.goto(`/site/${site._id}/swms/new`);
    return world;
  },

  states: {
    'swmsBuilder.main': async ({ world, snapshot }) => {
      await expect(world.page.getByRole('heading', { name: isRevising(snapshot) ? 'Revise SWMS' : 'New SWMS', level: 1 })).toBeVisible();
      // The offline notice shows on the steps whenever the signal is gone.
      if (mainOf(snapshot).startsWith('editing.')) await expect(world.page.getByText('You are offline. Keep going')).toBeVisible({ visible: !isOnline(snapshot) });
    },
    'swmsBuilder.main.editing': async ({ world }) => expect(world.page.getByRole('navigation', { name: 'Steps' })).toBeVisible(),
    'swmsBuilder.main.editing.highRiskWork': stepCheck('highRiskWork'),
    'swmsBuilder.main.editing.task': stepCheck('task'),
    'swmsBuilder.main.editing.hazards': stepCheck('hazards'),
    'swmsBuilder.main.editing.controls': stepCheck('controls'),
    'swmsBuilder.main.editing.ppe': stepCheck('ppe'),
    'swmsBuilder.main.editing.review': stepCheck('review'),
    'swmsBuilder.main.copying': async ({ world }) => expect(button(world.page, 'Copying…')).toBeDisabled(),
    'swmsBuilder.main.submitting': async ({ world }) => {
      await expect(world.page.getByRole('button', { name: swmsSubmissionMessages.sending })).toHaveAttribute('aria-busy', 'true');
      await expect(world.page.getByRole('button', { name: swmsSubmissionMessages.sending })).toBeDisabled();
    },
    'swmsBuilder.main.submitted': async ({ world, snapshot }) => {
      await expect(outcomeTitle(world.page)).toHaveText(isRevising(snapshot) ? 'Revision 2 sent' : swmsSubmissionMessages.submitted);
      await expect(button(world.page, 'Start another SWMS')).toBeVisible({ visible: !isRevising(snapshot) });
    },
    'swmsBuilder.main.prefilling': async ({ world }) => expect(world.page.getByText('Loading, Please Wait')).toBeVisible(),
    'swmsBuilder.main.unavailable': async ({ world }) => {
      await expect(outcomeTitle(world.page)).toHaveText('This SWMS cannot be opened');
      await expect(button(world.page, 'Try again')).toBeVisible();
    },
    'swmsBuilder.main.queued': async ({ world }) => {
      await expect(outcomeTitle(world.page)).toHaveText('Saved on this phone');
      await expect(world.page.getByRole('status').filter({ hasText: swmsSubmissionMessages.queued })).toBeVisible();
    },
    'swmsBuilder.main.failed': async ({ world, snapshot }) => {
      await expect(outcomeTitle(world.page)).toHaveText(swmsSubmissionMessages.submitFailed);
      await expect(world.page.locator('.builder-outcome').getByRole('alert')).toHaveText(snapshot.context.error as string);
      await expect(world.page.getByRole('link', { name: 'Check in at this site' })).toBeVisible({ visible: snapshot.context.failure === 'notCheckedIn' });
      await expect(button(world.page, 'Back to the SWMS')).toBeVisible();
    },
    'swmsBuilder.photos': async ({ world, snapshot }) => {
      if (mainOf(snapshot) === 'editing.review') {
        const waitHint = world.page.getByRole('status').filter({ hasText: 'Wait for the photo to finish uploading.' });
        await expect(waitHint).toBeVisible({ visible: swmsGaps(draftOf(snapshot)).length === 0 && snapshot.hasTag('photoBusy') });
      }
    },
    'swmsBuilder.photos.idle': async ({ world, snapshot }) => {
      const pending = snapshot.context.photos.riskPhoto !== undefined;
      const uploaded = draftOf(snapshot).task.riskPhoto !== null;
      await expectPhoto(world, snapshot, [pending ? 'onPhone' : uploaded ? 'uploaded' : snapshot.context.photoError ? 'failed' : 'empty']);
      if (snapshot.context.photoError && mainOf(snapshot) === 'editing.hazards') await expect(hazardPhoto(world.page).getByRole('alert')).toHaveText((snapshot.context.photoError as { message: string }).message);
    },
    'swmsBuilder.photos.resizing': async ({ world }) => {
      // A file that is not an image is refused in the same moment it is chosen: the field goes straight to its message.
      const shown = world.choseNonImage ? ['preparing', 'failed'] : ['preparing'];
      const seen: string[] = [];
      await expect.poll(async () => seen.push(...(await photoStates(world.page))) >= 0 && seen.some((state) => shown.includes(state))).toBe(true);
    },
    'swmsBuilder.photos.uploading': async ({ world, snapshot }) => {
      await expectPhoto(world, snapshot, ['uploading']);
      if (mainOf(snapshot) === 'editing.hazards') await expect(hazardPhoto(world.page).getByRole('progressbar')).toBeVisible();
    },
    'swmsBuilder.photos.waiting': async ({ world, snapshot }) => {
      await expectPhoto(world, snapshot, ['onPhone']);
      if (mainOf(snapshot) === 'editing.hazards') await expect(hazardPhoto(world.page)).toContainText('it uploads when the connection returns');
    },
  },

  events: {
    // The builder reads the phone's store by itself as the page opens (`open` put the draft there); a revision's
    // latest revision is read next, its call held by `open`.
    'xstate.done.actor.restoreDraft': async ({ world, after }) => {
      if (after.matches({ main: 'prefilling' })) await world.held?.arrived();
    },
    'xstate.done.actor.loadRevision': async ({ world }) => answer(world, 'done'),
    'xstate.error.actor.loadRevision': async ({ world }) => answer(world, 'error'),
    'builder.retry': async (step) => holding(step.world, callAfter(step), () => button(step.world.page, 'Try again').click()),
    'builder.next': async (step) => holding(step.world, callAfter(step), () => button(step.world.page, 'Next').click()),
    'builder.back': async (step) => {
      const name = step.before.matches({ main: 'failed' }) ? 'Back to the SWMS' : 'Back';
      await holding(step.world, callAfter(step), () => button(step.world.page, name).click());
    },
    'builder.goto': async (step) => {
      const target = step.event.step as SwmsBuilderStep;
      const number = swmsBuilderSteps.indexOf(target) + 1;
      await holding(step.world, callAfter(step), () => step.world.page.getByRole('button', { name: `Step ${number}: ${swmsBuilderStepLabels[target]}` }).click());
    },
    'builder.submit': async (step) => holding(step.world, callAfter(step), () => button(step.world.page, isRevising(step.before) ? 'Send revision' : 'Submit').click()),
    'builder.restart': async (step) => {
      const { world, before } = step;
      const main = mainOf(before);
      if (isRevising(before)) {
        // A revision starts again from its latest revision, read again: held, so the model answers it.
        return holding(world, callAfter(step), async () => {
          await button(world.page, 'Start again').click();
          await world.page.getByRole('alertdialog').getByRole('button', { name: 'Discard and start again' }).click();
        });
      }
      if (main === 'submitted' || main === 'queued') return button(world.page, 'Start another SWMS').click();
      await button(world.page, 'Start again').click();
      await world.page.getByRole('alertdialog').getByRole('button', { name: 'Discard and start again' }).click();
      // A photo held on its way up for the discarded draft is let go: the app stopped it.
      await answer(world, 'done');
    },
    'draft.change': async ({ world, event }) => {
      const patch = event.patch as { task: { mobilePlantTools: string } };
      await world.page.getByLabel('Mobile plant and tools').fill(patch.task.mobilePlantTools);
    },
    'previous.copy': async (step) => {
      await step.world.page.getByRole('button', { name: 'Start from a previous SWMS' }).click();
      const item = step.world.page.getByRole('dialog').getByRole('button', { name: new RegExp(`^Use this SWMS: ${previous.task.taskDescription}`) }).first();
      await holding(step.world, callAfter(step), () => item.click());
    },
    'xstate.done.actor.loadPrevious': async ({ world }) => answer(world, 'done'),
    'xstate.error.actor.loadPrevious': async ({ world }) => answer(world, 'error'),
    'photo.choose': async (step) => {
      const { world } = step;
      const picker = world.page.getByLabel('Photo of the hazard: Choose from gallery');
      await photoStates(world.page);
      world.choseNonImage = step.outcome('resizePhoto') === 'error';
      if (world.choseNonImage) {
        // Anything but an image is refused on the phone before it is resized.
        return picker.setInputFiles({ name: 'IMG_0042.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      }
      const file = await cameraPhoto(world.page);
      // Resized, it goes up at once while online: held on its way, so the upload can be seen.
      if (isOnline(step.after)) await hold(world, 'POST', fileCall);
      await picker.setInputFiles(file);
    },
    'xstate.done.actor.resizePhoto': async ({ world, after }) => {
      if (after.matches({ photos: 'uploading' })) await world.held?.arrived();
      else await expect(hazardPhoto(world.page)).toHaveAttribute('data-state', 'onPhone');
    },
    'xstate.error.actor.resizePhoto': async () => undefined,
    'photo.remove': async ({ world, before }) => {
      await hazardPhoto(world.page).getByRole('button', { name: 'Remove photo' }).click();
      // Removing the photo being uploaded stops its upload; the held call has nothing left to answer.
      if (before.matches({ photos: 'uploading' })) await answer(world, 'done');
    },
    'xstate.done.actor.uploadPhoto': async ({ world }) => answer(world, 'done'),
    'xstate.error.actor.uploadPhoto': async ({ world }) => answer(world, 'error'),
    'xstate.done.actor.submitSwms': async ({ world }) => answer(world, 'done'),
    'xstate.error.actor.submitSwms': async ({ world, event }) => {
      // The refusals are the server's own (a photo not theirs, an id another stored, not checked in); no signal is aborted.
      await answer(world, event.label === 'no signal' ? 'error' : 'done');
    },
    // The outbox keeps it in the phone's store in milliseconds.
    'xstate.done.actor.queueSubmission': async () => undefined,
    'network.offline': async ({ world }) => world.context.setOffline(true),
    'network.online': async (step) => {
      // Back online the photo kept on the phone goes up, and the outbox sends a queued SWMS: each held on its way.
      const queued = step.before.matches({ main: 'queued' });
      const call = queued ? { method: 'POST', url: sendCall } : callAfter(step);
      await holding(step.world, call, () => step.world.context.setOffline(false));
    },
    'outbox.sent': async ({ world }) => answer(world, 'done'),
  },

  excluded: {
    states: {
      'swmsBuilder.main.restoring': 'reads the phone’s store in milliseconds as the page opens: only the page’s spinner shows meanwhile',
      'swmsBuilder.main.queueing': 'writes the SWMS into the phone’s outbox store in milliseconds: its Sending… is not held apart',
      'swmsBuilder.photos.failed': 'POST file refuses a photo only for a name that is not .jpg or .png, or for a role that may not upload one: the phone’s resize always names it .jpg, and a tradesperson may',
    },
    events: {
      'xstate.error.actor.restoreDraft': 'the phone’s store (IndexedDB) failing to open: Chromium always opens it',
      'xstate.error.actor.queueSubmission': 'the phone’s store refusing to keep the SWMS (quota): Chromium keeps it',
      'photo.progress': 'the bytes reach blob storage on loopback in one go: the bar’s moves are the upload’s own, not an action',
      'photo.retry': 'Try again shows only beside a refused upload (never made, see photos.failed); a photo waiting for the signal goes up when it returns',
    },
    transitions: {
      'swmsBuilder.main.editing.review --builder.submit[inline guard]--> (stay)': 'Submit is disabled while anything WHS Regulation 299 asks for is missing',
      'swmsBuilder.main.editing.review --builder.submit[isPhotoBusy]--> (stay)': 'Submit is disabled while a photo is prepared or uploaded',
      'swmsBuilder.photos.resizing --photo.choose--> swmsBuilder.photos.resizing': 'the photo pickers are disabled while a photo is prepared',
      'swmsBuilder.photos.uploading --xstate.error.actor.uploadPhoto--> swmsBuilder.photos.failed': 'see the state photos.failed',
      'swmsBuilder.photos.waiting --photo.retry--> swmsBuilder.photos.idle': 'see the event photo.retry',
      'swmsBuilder.main.failed --builder.restart[isRevision]--> swmsBuilder.main.prefilling': 'the refusal screen offers Back to the SWMS, not Start another SWMS',
      'swmsBuilder.main.failed --builder.restart--> swmsBuilder.main.editing.highRiskWork': 'the refusal screen offers Back to the SWMS, not Start another SWMS',
    },
  },
});
