import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { swmsOutboxMachine, type OutboxItem } from '../../../machines/swms-outbox.machine';
import { swmsSubmissionMessages, type SwmsDraft } from '../../../src/domain/swms-submission';
import type { ModelEvent } from '../../support/machine-paths';
import { Api, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import { checkOutOf, modelCompany, type ModelCompany } from './model-company';
import { defineModel, type BrowserTraversal, type StepContext, type World } from './runner';

/** A SWMS the server accepts (WHS Regulation 299 asks for each part), kept on the phone to be sent. */
const keptItem = (siteId: string): OutboxItem => {
  const submissionId = randomUUID();
  const draft: SwmsDraft = {
    submissionId,
    siteId,
    highRiskWork: ['a'],
    riskConsequenceLevel: 4,
    riskLikelihoodLevel: 3,
    task: {
      taskDescription: 'Model outbox: patch the roof sheets over bay 3',
      mobilePlantTools: 'Scissor lift',
      riskText: 'Fall through brittle sheets',
      riskPhoto: null,
      controlText: 'Mesh under the sheets, harness on a static line',
      controlPhoto: null,
      controlImplementation: 'Mesh fixed before work starts',
      controlMonitoring: 'Leading hand checks every hour',
      controlReview: 'Reviewed at each pre-start',
      ppe: ['hard_hat'],
      otherPpe: '',
    },
    updatedAt: new Date().toISOString(),
  };
  return { submissionId, siteId, draft, pendingPhotos: {}, queuedAt: new Date().toISOString(), status: 'waiting', message: null };
};

// What the browser's fetch throws when the network is down.
const noSignal = new TypeError('Failed to fetch');
const notCheckedIn = Object.assign(new Error(swmsSubmissionMessages.notCheckedIn), { status: 403 });
const online = (snapshot: AnyMachineSnapshot) => (snapshot.context.online as boolean) === true;

const events: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'xstate.done.actor.loadOutbox': [{ type: 'xstate.done.actor.loadOutbox', output: [keptItem('site')], label: 'one SWMS kept' }],
  // A send the phone started before the signal dropped can only fail for want of it.
  'xstate.done.actor.sendItem': (snapshot) => (online(snapshot) ? [{ type: 'xstate.done.actor.sendItem', output: { _id: 'swms' } }] : []),
  'xstate.error.actor.sendItem': (snapshot) => [
    { type: 'xstate.error.actor.sendItem', error: noSignal, label: 'no signal' },
    ...(online(snapshot) ? [{ type: 'xstate.error.actor.sendItem', error: notCheckedIn, label: 'not checked in' }] : []),
  ],
  'xstate.after.retryDelay.swmsOutbox.backoff': [{ type: 'xstate.after.retryDelay.swmsOutbox.backoff' }],
  'network.offline': (snapshot) => (online(snapshot) ? [{ type: 'network.offline' }] : []),
  // Online again, or the page shown again while online (the app hears 'online' then too).
  'network.online': (snapshot) => (online(snapshot) && !snapshot.matches('backoff') ? [] : [{ type: 'network.online' }]),
  'outbox.retry': [{ type: 'outbox.retry' }],
  'outbox.dismiss': [{ type: 'outbox.dismiss' }],
};

type Item = { status: 'waiting' | 'refused' };
const items = (snapshot: AnyMachineSnapshot) => snapshot.context.items as readonly Item[];

const start: BrowserTraversal<null> = {
  name: 'a tradesperson with a SWMS kept on the phone',
  input: { online: true },
  arrange: null,
  events,
  // The banner's buttons: 'Send now' beside a waiting SWMS that is not being sent, 'Try again' beside a refused one,
  // 'Dismiss' beside 'SWMS sent'. The signal may drop under a held send, never return under one.
  offered: (type, snapshot) => {
    const waiting = items(snapshot).some((item) => item.status === 'waiting');
    const refused = items(snapshot).some((item) => item.status === 'refused');
    if (type === 'outbox.retry') return !snapshot.matches('sending') && !snapshot.matches('waitingForNetwork') && (waiting || refused);
    if (type === 'outbox.dismiss') return !waiting && !refused && (snapshot.context.sent as readonly string[]).length > 0;
    if (type === 'network.online') return !snapshot.matches('sending');
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      online: snapshot.context.online,
      items: items(snapshot).map((item) => item.status),
      retried: (snapshot.context.attempt as number) > 0,
      sent: (snapshot.context.sent as readonly string[]).length > 0,
    }),
};

interface Shared {
  readonly tradie: Account;
  readonly api: Api;
  readonly company: ModelCompany;
  /** The sites the paths checked in at, checked out of after the file. */
  readonly visited: Set<string>;
}

interface OutboxWorld extends World {
  readonly shared: Shared;
  /** A site of its own: the server takes a SWMS from whoever checked in there today, so a refusal needs one never visited. */
  readonly siteId: string;
  readonly key: string;
  held: HeldRequest | null;
  checkedIn: boolean;
}

const sendCall = /\/api\/site\/[^/]+\/swms$/;
const banner = (page: Page) => page.getByRole('region', { name: 'SWMS outbox' });
const waitingRow = (page: Page) => banner(page).getByRole('status').filter({ hasText: '1 SWMS waiting to send' });

async function holdSend(world: OutboxWorld): Promise<HeldRequest> {
  world.held = await HeldRequest.hold(world.page, 'POST', sendCall);
  return world.held;
}

/** Does `act`, first holding the send it starts when the model goes on to send. */
async function sending(world: OutboxWorld, step: StepContext<OutboxWorld>, act: () => Promise<void>): Promise<void> {
  if (!step.after.matches('sending')) return act();
  const held = await holdSend(world);
  await act();
  await held.arrived();
}

async function checkIn(world: OutboxWorld): Promise<void> {
  if (world.checkedIn) return;
  await world.shared.api.call('POST', `site/${world.siteId}/checkin`, { key: world.key, ppeConfirmed: true });
  world.shared.visited.add(world.siteId);
  world.checkedIn = true;
}

async function keepOnPhone(page: Page, userId: string, item: OutboxItem): Promise<void> {
  await page.evaluate(
    ([key, value]) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('sitesafe-swms-outbox');
        opening.onupgradeneeded = () => opening.result.createObjectStore('items');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const writing = opening.result.transaction('items', 'readwrite').objectStore('items').put(value, key);
          writing.onerror = () => reject(writing.error);
          writing.onsuccess = () => {
            opening.result.close();
            resolve();
          };
        };
      }),
    [`${userId}/${item.submissionId}`, item] as const,
  );
}

export const swmsOutboxModel = defineModel({
  title: 'SWMS outbox',
  machine: swmsOutboxMachine,
  traversals: [start],

  async prepare(browser): Promise<Shared> {
    const company = await modelCompany(browser);
    return { tradie: company.tradie, api: company.tradieApi, company, visited: new Set() };
  },

  async finish(shared) {
    await checkOutOf(shared.api, shared.tradie, shared.visited);
  },

  async open({ browser, shared }): Promise<OutboxWorld> {
    const site = await shared.company.site('Model Outbox');
    const world: OutboxWorld = { ...(await openContext(browser, shared.tradie)), shared, siteId: site._id, key: site.key, held: null, checkedIn: false };
    // The phone keeps one SWMS from an earlier visit, written from a page of the portal's origin where the app does not
    // run (else its outbox could send it before the call is held); the outbox reads it as the home page opens.
    await world.page.goto('/api/health');
    await keepOnPhone(world.page, shared.tradie.payload.sub, keptItem(site._id));
    const held = await holdSend(world);
    await world.page.goto(`/trades/${shared.tradie.payload.sub}`);
    await held.arrived();
    return world;
  },

  states: {
    'swmsOutbox.idle': async ({ world, snapshot }) => {
      const refused = items(snapshot).some((item) => item.status === 'refused');
      const sent = (snapshot.context.sent as readonly string[]).length > 0;
      await expect(waitingRow(world.page)).toHaveCount(0);
      if (refused) {
        const row = banner(world.page).getByRole('alert').filter({ hasText: 'This SWMS was not accepted' });
        await expect(row).toContainText(swmsSubmissionMessages.notCheckedIn);
        await expect(row.getByRole('link', { name: 'Open this SWMS' })).toBeVisible();
      } else if (sent) {
        await expect(banner(world.page).getByRole('status').filter({ hasText: 'SWMS sent' })).toBeVisible();
      } else {
        await expect(banner(world.page)).toHaveCount(0);
      }
    },
    'swmsOutbox.sending': async ({ world }) => {
      await expect(waitingRow(world.page)).toContainText(swmsSubmissionMessages.sending);
      await expect(banner(world.page).getByRole('button', { name: 'Send now' })).toHaveCount(0);
    },
    'swmsOutbox.waitingForNetwork': async ({ world }) => {
      await expect(waitingRow(world.page)).toContainText('They will be sent when the connection returns.');
      await expect(waitingRow(world.page).getByRole('button', { name: 'Send now' })).toBeVisible();
    },
    'swmsOutbox.backoff': async ({ world }) => {
      await expect(waitingRow(world.page)).toContainText('No answer yet: trying again shortly.');
      await expect(waitingRow(world.page).getByRole('button', { name: 'Send now' })).toBeVisible();
    },
  },

  events: {
    // The outbox reads the phone's store by itself as the home page opens (`open` put the SWMS there).
    'xstate.done.actor.loadOutbox': async () => undefined,
    'xstate.done.actor.sendItem': async ({ world }) => {
      await checkIn(world);
      const held = world.held;
      world.held = null;
      await held?.release();
    },
    'xstate.error.actor.sendItem': async ({ world, event }) => {
      const held = world.held;
      world.held = null;
      if (event.label === 'not checked in') {
        // Refused for real: the tradesperson has not checked in at the site today.
        if (world.checkedIn) throw new Error('A path refuses a SWMS after it was sent: the server takes it all day');
        await held?.release();
      } else {
        await held?.abort();
      }
    },
    // The first wait is 2 s: the outbox sends again by itself.
    'xstate.after.retryDelay.swmsOutbox.backoff': async (step) => {
      const held = await holdSend(step.world);
      await held.arrived();
    },
    'network.offline': async ({ world }) => world.context.setOffline(true),
    'network.online': async (step) =>
      sending(step.world, step, async () => {
        if (!online(step.before)) await step.world.context.setOffline(false);
        else await step.world.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      }),
    'outbox.retry': async (step) => {
      const refused = items(step.before).some((item) => item.status === 'refused');
      const button = refused ? banner(step.world.page).getByRole('button', { name: 'Try again' }) : banner(step.world.page).getByRole('button', { name: 'Send now' });
      await sending(step.world, step, () => button.click());
    },
    'outbox.dismiss': async ({ world }) => banner(world.page).getByRole('button', { name: 'Dismiss' }).click(),
  },

  excluded: {
    states: {
      'swmsOutbox.loading': 'reads the phone’s store in milliseconds once the browser is idle: the banner shows nothing of its own meanwhile',
    },
    events: {
      'xstate.error.actor.loadOutbox': 'the phone’s store (IndexedDB) failing to open: Chromium always opens it',
      'outbox.add': 'a SWMS joins the queue from the builder’s Submit with no signal (its walk is offline.spec.ts), not from this banner',
      'outbox.remove': 'the builder takes a refused SWMS back (Open this SWMS): that is the builder’s screen',
    },
    transitions: {
      'swmsOutbox.waitingForNetwork --always[isNothingWaiting]--> swmsOutbox.idle': 'follows outbox.remove, the builder’s',
      'swmsOutbox.backoff --always[isNothingWaiting]--> swmsOutbox.idle': 'follows outbox.remove, the builder’s',
      'swmsOutbox.waitingForNetwork --outbox.retry--> swmsOutbox.sending':
        'Send now with no signal: the send fails at once, before a held call could show it busy',
    },
  },
});
