import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { tradesHomeMachine, type TradesHome } from '../../../machines/trades-home.machine';
import { openCheckIns } from '../../../machines/trades-home.selectors';
import { openContext, type Api, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import { modelCompany } from './model-company';
import type { ModelEvent } from '../../support/machine-paths';
import { toast } from './pages/common.screens';
import { tradesHome } from './pages/trades.screens';
import { defineModel, type World, type BrowserTraversal } from './runner';


/** The model's home: one check-in, open until checked out. Only what the machine and its selectors read. */
const homeWith = (open: boolean) =>
  ({
    person: { firstName: 'Mitchell', licences: [] },
    activity: { checkIns: [{ _id: 'visit', site: { _id: 'site' }, checkedInAt: '2026-01-01T00:00:00.000Z', checkedOutAt: open ? null : '2026-01-01T01:00:00.000Z' }], swms: [] },
  }) as unknown as TradesHome;

const hasOpenCheckIn = (snapshot: AnyMachineSnapshot) => {
  const home = snapshot.context.home as TradesHome | null;
  return home !== null && openCheckIns(home.activity).length > 0;
};

// What the browser's fetch throws when the network is down.
const networkDown = new TypeError('Failed to fetch');
const events: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'xstate.done.actor.loadHome': [{ type: 'xstate.done.actor.loadHome', output: homeWith(true) }],
  'xstate.error.actor.loadHome': [{ type: 'xstate.error.actor.loadHome', error: networkDown }],
  'home.reload': [{ type: 'home.reload' }],
  // 'Check out' is offered for an open check-in only.
  'checkIn.checkOut': (snapshot) => (hasOpenCheckIn(snapshot) ? [{ type: 'checkIn.checkOut', siteId: 'site' }] : []),
  'xstate.done.actor.checkOut': [{ type: 'xstate.done.actor.checkOut', output: {} }],
  'xstate.error.actor.checkOut': [
    { type: 'xstate.error.actor.checkOut', error: networkDown, label: 'network' },
    { type: 'xstate.error.actor.checkOut', error: Object.assign(new Error('Already checked out'), { status: 409 }), label: 'already checked out' },
  ],
  'xstate.done.actor.refreshHome': [{ type: 'xstate.done.actor.refreshHome', output: homeWith(false) }],
  'xstate.error.actor.refreshHome': [{ type: 'xstate.error.actor.refreshHome', error: networkDown }],
};

const start: BrowserTraversal<null> = { name: 'a tradesperson checked in at a site', input: { tradesId: 'tradesperson' }, arrange: null, events };

interface Shared {
  readonly tradie: Account;
  readonly api: Api;
  readonly siteId: string;
  readonly siteAddress: string;
  readonly key: string;
}

interface HomeWorld extends World {
  readonly shared: Shared;
  held: HeldRequest | null;
}

const homeCalls = /\/api\/profile\/trades\/[^/?]+(\/activity)?$/;
const checkOutCall = /\/api\/site\/[^/]+\/checkout$/;

async function holdHome(world: HomeWorld): Promise<HeldRequest> {
  world.held = await HeldRequest.hold(world.page, 'GET', homeCalls);
  return world.held;
}

async function answer(world: HomeWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

/** Checked out at the site by other means (the supervisor by hand, or midnight): through the API. */
async function checkOutElsewhere(shared: Shared): Promise<void> {
  const activity = await shared.api.call<{ checkIns: { site: { _id: string }; checkedOutAt: string | null }[] }>(
    'GET',
    `profile/trades/${shared.tradie.payload.sub}/activity`,
  );
  if (activity.checkIns.some((checkIn) => checkIn.site._id === shared.siteId && checkIn.checkedOutAt === null)) {
    await shared.api.call('POST', `site/${shared.siteId}/checkout`, {});
  }
}

export const tradesHomeModel = defineModel({
  title: 'trades home',
  machine: tradesHomeMachine,
  traversals: [start],

  async prepare(browser): Promise<Shared> {
    const company = await modelCompany(browser);
    const site = await company.site('Model Home');
    return { tradie: company.tradie, api: company.tradieApi, siteId: site._id, siteAddress: site.address, key: site.key };
  },

  async finish(shared) {
    await checkOutElsewhere(shared);
  },

  async open({ browser, shared }): Promise<HomeWorld> {
    // Issue 10: checked in by the site's QR code, PPE confirmed (through the API).
    await shared.api.call('POST', `site/${shared.siteId}/checkin`, { key: shared.key, ppeConfirmed: true });
    const world: HomeWorld = { ...(await openContext(browser, shared.tradie)), shared, held: null };
    const loading = await holdHome(world);
    await world.page.goto(`/trades/${shared.tradie.payload.sub}`);
    await loading.arrived();
    return world;
  },

  states: {
    'tradesHome.loading': async ({ world }) => tradesHome(world.page).expectLoading(),
    'tradesHome.failed': async ({ world }) => tradesHome(world.page).expectFailed(),
    'tradesHome.ready': async ({ world, snapshot, event }) => {
      const home = tradesHome(world.page);
      await home.expectGreeting();
      await home.expectCheckOut(world.shared.siteAddress, hasOpenCheckIn(snapshot) ? 'offered' : 'none');
      const error = snapshot.context.error as string | null;
      if (event.type === 'xstate.error.actor.checkOut' && error) await expect(toast(world.page, error).first()).toBeVisible();
    },
    'tradesHome.checkingOut': async ({ world }) => tradesHome(world.page).expectCheckOut(world.shared.siteAddress, 'busy'),
    'tradesHome.refreshing': async ({ world, event }) => {
      await tradesHome(world.page).expectCheckOut(world.shared.siteAddress, 'disabled');
      if (event.type === 'xstate.done.actor.checkOut') await expect(toast(world.page, 'Checked out').first()).toBeVisible();
    },
  },

  events: {
    'xstate.done.actor.loadHome': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.loadHome': ({ world }) => answer(world, 'error'),
    'home.reload': async ({ world }) => {
      const loading = await holdHome(world);
      await tradesHome(world.page).tryAgain.click();
      await loading.arrived();
    },
    'checkIn.checkOut': async ({ world }) => {
      world.held = await HeldRequest.hold(world.page, 'POST', checkOutCall);
      await tradesHome(world.page).checkOut(world.shared.siteAddress).click();
      await world.held.arrived();
    },
    'xstate.done.actor.checkOut': async ({ world }) => {
      const checkingOut = world.held;
      const refreshing = await holdHome(world);
      await checkingOut?.release();
      await refreshing.arrived();
    },
    'xstate.error.actor.checkOut': async ({ world, event }) => {
      const checkingOut = world.held;
      if (event.label === 'network') {
        world.held = null;
        await checkingOut?.abort();
        return;
      }
      // The server refuses: the check-in was already ended elsewhere; the lists are read again.
      await checkOutElsewhere(world.shared);
      const refreshing = await holdHome(world);
      await checkingOut?.release();
      await refreshing.arrived();
    },
    'xstate.done.actor.refreshHome': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.refreshHome': ({ world }) => answer(world, 'error'),
  },

  excluded: {},
});
