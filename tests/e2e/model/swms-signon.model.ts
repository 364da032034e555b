import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { signOnOfflineMessage, swmsSignOnMachine, type SwmsSignOnContext } from '../../../machines/swms-signon.machine';
import { readAndSignPath, swmsSignOnMessages } from '../../../src/domain/swms-signon';
import type { ModelEvent } from '../../support/machine-paths';
import { Api, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import { modelCompany, type ModelSite } from './model-company';
import { expectLoading } from './pages/common.screens';
import { defineModel, type BrowserTraversal, type World } from './runner';

const submission = (taskDescription: string) => ({
  submissionId: randomUUID(),
  highRiskWork: ['a'],
  riskConsequenceLevel: 3,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription,
    mobilePlantTools: 'Ladder',
    riskText: 'Falls from the ladder',
    riskPhoto: null,
    controlText: 'Three points of contact',
    controlPhoto: null,
    controlImplementation: 'Ladder footed by a second worker',
    controlMonitoring: 'Leading hand checks',
    controlReview: 'At each pre-start',
    ppe: ['hard_hat'],
    otherPpe: '',
  },
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as SwmsSignOnContext;
// Only the revision number of an answer is read by the machine and its checks; the screen shows the server's own.
const revision = (number: number) => ({ revision: number, site: { timeZone: 'Australia/Sydney' } });
const networkDown = new TypeError('Failed to fetch');

const events: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'xstate.done.actor.loadSwms': [{ type: 'xstate.done.actor.loadSwms', output: revision(1) }],
  'xstate.error.actor.loadSwms': [{ type: 'xstate.error.actor.loadSwms', error: networkDown }],
  'signOn.reload': [{ type: 'signOn.reload' }],
  // The box toggles: ticking an unticked box, unticking a ticked one.
  'signOn.tick': (snapshot) => [{ type: 'signOn.tick', checked: !snapshot.hasTag('ticked') }],
  // One button switches to the other way of signing.
  'signOn.mode': (snapshot) => [{ type: 'signOn.mode', mode: contextOf(snapshot).mode === 'drawn' ? 'typed' : 'drawn' }],
  'signOn.draw': (snapshot) => (contextOf(snapshot).mode === 'drawn' ? [{ type: 'signOn.draw', image: 'data:image/png;base64,drawn' }] : []),
  'signOn.clear': (snapshot) => (contextOf(snapshot).mode === 'drawn' && contextOf(snapshot).drawn !== null ? [{ type: 'signOn.clear' }] : []),
  'signOn.typeName': (snapshot) => (contextOf(snapshot).mode === 'typed' ? [{ type: 'signOn.typeName', name: 'Taylor Modelsignon' }] : []),
  'signOn.send': [{ type: 'signOn.send' }],
  'xstate.done.actor.sendSignOn': [{ type: 'xstate.done.actor.sendSignOn', output: { revision: 1, signedAt: new Date().toISOString() } }],
  'xstate.error.actor.sendSignOn': [
    { type: 'xstate.error.actor.sendSignOn', error: Object.assign(new Error(swmsSignOnMessages.notLatest), { status: 409 }), label: 'a newer revision' },
    { type: 'xstate.error.actor.sendSignOn', error: networkDown, label: 'network' },
  ],
  'xstate.done.actor.reloadSwms': [{ type: 'xstate.done.actor.reloadSwms', output: revision(2) }],
  'xstate.error.actor.reloadSwms': [{ type: 'xstate.error.actor.reloadSwms', error: networkDown }],
};

// The facts the guards and the checks read; the pad's and the name's contents are one sample each.
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = contextOf(snapshot);
  return JSON.stringify([snapshot.value, context.mode, context.drawn !== null, context.typedName !== '', context.attempted, context.sendError, context.newerRevision]);
};

const start: BrowserTraversal<null> = { name: 'a worker checked in at the site', input: { siteId: 'site', swmsId: 'swms' }, arrange: null, events, serialize };

interface Shared {
  readonly worker: Account;
  readonly workerApi: Api;
  readonly authorApi: Api;
  readonly site: ModelSite;
  readonly swmsId: string;
  readonly task: string;
}

interface SignOnWorld extends World {
  readonly shared: Shared;
  held: HeldRequest | null;
}

const readCall = /\/api\/site\/[^/]+\/swms\/[^/?]+$/;
const signOnCall = /\/api\/site\/[^/]+\/swms\/[^/]+\/signon$/;

const screen = (page: Page) => ({
  tick: page.getByRole('checkbox', { name: swmsSignOnMessages.confirmation }),
  pad: page.getByRole('img', { name: 'Signature pad: sign with your finger' }),
  name: page.getByRole('textbox', { name: 'Your full name' }),
  send: page.getByRole('button', { name: /^(Send|Sending…)$/ }),
  clear: page.getByRole('button', { name: 'Clear' }),
  mode: page.getByRole('button', { name: /^(Type your name instead|Sign with your finger instead)$/ }),
  tryAgain: page.getByRole('button', { name: 'Try again' }),
});

async function draw(page: Page): Promise<void> {
  // The mouse moves in the viewport: the pad, below the SWMS, is scrolled into it first.
  await screen(page).pad.scrollIntoViewIfNeeded();
  const box = await screen(page).pad.boundingBox();
  if (!box) throw new Error('The signature pad has no box');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 8 });
  await page.mouse.up();
}

async function holdRead(world: SignOnWorld): Promise<HeldRequest> {
  world.held = await HeldRequest.hold(world.page, 'GET', readCall);
  return world.held;
}

async function answer(world: SignOnWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

async function expectForm(world: SignOnWorld, snapshot: AnyMachineSnapshot): Promise<void> {
  const page = world.page;
  const context = contextOf(snapshot);
  await expect(page.getByRole('heading', { name: new RegExp(`^${world.shared.task}`), level: 2 })).toBeVisible();
  if (context.mode === 'drawn') await expect(screen(page).pad).toBeVisible();
  else await expect(screen(page).name).toHaveValue(context.typedName);
  if (context.mode === 'drawn') await (context.drawn === null ? expect(screen(page).clear).toBeDisabled() : expect(screen(page).clear).toBeEnabled());
  const newer = page.getByText(/^This SWMS was revised while you were reading\./);
  await (context.newerRevision ? expect(newer).toBeVisible() : expect(newer).toBeHidden());
  const signatureMissing = page.getByText(swmsSignOnMessages.signature, { exact: true });
  const lacksSignature = context.mode === 'drawn' ? context.drawn === null : context.typedName.trim() === '';
  await (context.attempted && lacksSignature ? expect(signatureMissing).toBeVisible() : expect(signatureMissing).toBeHidden());
}

export const swmsSignOnModel = defineModel({
  title: 'SWMS sign-on',
  machine: swmsSignOnMachine,
  traversals: [start],

  async prepare(browser): Promise<Shared> {
    const company = await modelCompany(browser);
    const site = await company.site('Model Sign-on');
    const author = await company.tradesperson('signonmodelauthor');
    const authorApi = await Api.as(author.token);
    await authorApi.call('POST', `site/${site._id}/checkin`, { key: site.key, ppeConfirmed: true });
    const task = `Model sign-on ${Date.now().toString(36)}`;
    const swms = await authorApi.call<{ _id: string }>('POST', `site/${site._id}/swms`, submission(task), 201);
    const worker = await company.tradesperson('signonmodelworker');
    const workerApi = await Api.as(worker.token);
    await workerApi.call('POST', `site/${site._id}/checkin`, { key: site.key, ppeConfirmed: true });
    return { worker, workerApi, authorApi, site, swmsId: swms._id, task };
  },

  async finish(shared) {
    await shared.workerApi.call('POST', `site/${shared.site._id}/checkout`, {});
    await shared.authorApi.call('POST', `site/${shared.site._id}/checkout`, {});
  },

  async open({ browser, shared }): Promise<SignOnWorld> {
    const world: SignOnWorld = { ...(await openContext(browser, shared.worker)), shared, held: null };
    await world.page.setViewportSize({ width: 390, height: 844 });
    const loading = await holdRead(world);
    await world.page.goto(readAndSignPath(shared.site._id, shared.swmsId));
    await loading.arrived();
    return world;
  },

  states: {
    'swmsSignOn.loading': async ({ world }) => expectLoading(world.page),
    'swmsSignOn.failed': async ({ world }) => {
      await expect(world.page.getByText('Something went wrong :(')).toBeVisible();
      await expect(screen(world.page).tryAgain).toBeVisible();
    },
    'swmsSignOn.ready': async ({ world, snapshot }) => expectForm(world, snapshot),
    'swmsSignOn.ready.reading': async ({ world, snapshot }) => {
      await expect(screen(world.page).tick).not.toBeChecked();
      const confirmMissing = world.page.getByText(swmsSignOnMessages.confirm, { exact: true });
      await (contextOf(snapshot).attempted ? expect(confirmMissing).toBeVisible() : expect(confirmMissing).toBeHidden());
    },
    'swmsSignOn.ready.signing': async ({ world, snapshot }) => {
      await expect(screen(world.page).tick).toBeChecked();
      if (contextOf(snapshot).sendError) await expect(world.page.getByRole('alert').filter({ hasText: signOnOfflineMessage })).toBeVisible();
    },
    'swmsSignOn.sending': async ({ world }) => {
      await expect(screen(world.page).send).toBeDisabled();
      await expect(screen(world.page).send).toHaveText('Sending…');
    },
    'swmsSignOn.reloading': async ({ world }) => expectLoading(world.page),
    'swmsSignOn.sent': async ({ world }) => {
      await expect(world.page.getByRole('heading', { name: 'Signed on' })).toBeVisible();
      await expect(world.page.getByText(/^You signed on to revision \d+ at /)).toBeVisible();
    },
  },

  events: {
    'xstate.done.actor.loadSwms': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.loadSwms': ({ world }) => answer(world, 'error'),
    'signOn.reload': async ({ world }) => {
      const loading = await holdRead(world);
      await screen(world.page).tryAgain.click();
      await loading.arrived();
    },
    'signOn.tick': ({ world }) => screen(world.page).tick.click(),
    'signOn.mode': ({ world }) => screen(world.page).mode.click(),
    'signOn.draw': ({ world }) => draw(world.page),
    'signOn.clear': ({ world }) => screen(world.page).clear.click(),
    'signOn.typeName': ({ world, event }) => screen(world.page).name.fill(String(event.name)),
    'signOn.send': async ({ world, after }) => {
      if (after.matches('sending')) world.held = await HeldRequest.hold(world.page, 'POST', signOnCall);
      await screen(world.page).send.click();
      if (after.matches('sending')) await world.held?.arrived();
    },
    'xstate.done.actor.sendSignOn': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.sendSignOn': async ({ world, event }) => {
      const sending = world.held;
      world.held = null;
      const { shared } = world;
      if (event.label === 'network') return sending?.abort();
      // The author revises the SWMS while the worker's sign-on is on its way: the server answers 409.
      await shared.authorApi.call('POST', `site/${shared.site._id}/swms/${shared.swmsId}/revisions`, submission(`${shared.task} (revised)`), 201);
      const reloading = await holdRead(world);
      await sending?.release();
      await reloading.arrived();
      return undefined;
    },
    'xstate.done.actor.reloadSwms': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.reloadSwms': ({ world }) => answer(world, 'error'),
  },

  excluded: {
    transitions: {
      'swmsSignOn.sending --xstate.error.actor.sendSignOn--> swmsSignOn.ready.signing':
        "A refusal other than a newer revision (the SWMS no longer the site's, a drawn image the server cannot read) cannot be brought about from the phone's screen: a worker checked out still signs on the day they checked in. tests/machines/swms-signon.machine.test.ts takes it.",
    },
  },
});
