import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { siteCheckInMachine, type SiteCheckInInput } from '../../../machines/site-check-in.machine';
import { siteVisitMessages, type ActiveCheckIn, type EndedCheckIn, type SiteVisit } from '../../../src/domain/site-visit';
import type { ModelEvent } from '../../support/machine-paths';
import { openContext, type Api, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import { modelCompany } from './model-company';
import { loadingScreen } from './pages/common.screens';
import { defineModel, type BrowserTraversal, type World } from './runner';

/** Who scans the poster, and with which key. */
interface Visitor {
  readonly who: 'tradesperson' | 'admin' | 'signedOut';
  readonly key: 'current' | 'replaced';
}

const site: SiteVisit['site'] = {
  _id: 'site',
  address: 'Model Gate Street',
  suburb: 'Ultimo',
  postcode: '2007',
  siteNumber: 'MG-1',
  companyName: 'Model Tests Co',
  ppe: ['hard_hat'],
  otherPpe: '',
  hasSafetyPlan: false,
  timeZone: 'Australia/Sydney',
  status: 'ongoing',
};
const openCheckIn: ActiveCheckIn = { _id: 'check-in', siteId: 'site', checkedInAt: '2026-03-02T21:05:00.000Z' };
const ended: EndedCheckIn = { ...openCheckIn, checkedOutAt: '2026-03-03T06:30:00.000Z', checkoutKind: 'self' };
const visitor = (checkIn: ActiveCheckIn | null) => ({ checkIn, checkedInToday: checkIn !== null, safetyPlan: null, profileComplete: true, problems: [] });

// What the browser's fetch throws when the network is down; the server's 403 for a key that is not the site's.
const networkDown = new TypeError('Failed to fetch');
const invalidKey = Object.assign(new Error(siteVisitMessages.invalidKey), { status: 403 });
const alreadyCheckedOut = Object.assign(new Error(siteVisitMessages.notCheckedIn), { status: 409 });

const loaded = (visit: SiteVisit, label: string): ModelEvent => ({ type: 'xstate.done.actor.loadVisit', output: visit, label });
const failed = (id: string, error: unknown, label: string): ModelEvent => ({ type: `xstate.error.actor.${id}`, error, label });

/** Events a tradesperson meets at the gate of an open site with PPE and no safety plan. */
const atTheGate: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'xstate.done.actor.loadVisit': [loaded({ site, visitor: visitor(null) }, 'not checked in'), loaded({ site, visitor: visitor(openCheckIn) }, 'checked in')],
  'xstate.error.actor.loadVisit': [failed('loadVisit', networkDown, 'network')],
  'ppe.confirm': (snapshot) => (snapshot.context.ppeConfirmed ? [] : [{ type: 'ppe.confirm', confirmed: true }]),
  'visit.checkIn': (snapshot) => (snapshot.context.ppeConfirmed ? [{ type: 'visit.checkIn' }] : []),
  'xstate.done.actor.checkIn': [{ type: 'xstate.done.actor.checkIn', output: openCheckIn }],
  'xstate.error.actor.checkIn': [failed('checkIn', networkDown, 'network')],
  'visit.checkOut': [{ type: 'visit.checkOut' }],
  'xstate.done.actor.checkOut': [{ type: 'xstate.done.actor.checkOut', output: ended }],
  'xstate.error.actor.checkOut': [failed('checkOut', alreadyCheckedOut, 'already checked out'), failed('checkOut', networkDown, 'network')],
  'visit.reload': [{ type: 'visit.reload' }],
  'visit.retry': [{ type: 'visit.retry' }],
};

const input = (signedIn: boolean, roles: SiteCheckInInput['roles']): SiteCheckInInput => ({ siteId: 'site', key: 'key', signedIn, roles });

const starts: BrowserTraversal<Visitor>[] = [
  { name: 'a tradesperson', input: input(true, ['TradesPerson']), arrange: { who: 'tradesperson', key: 'current' }, events: atTheGate },
  {
    name: 'signed out',
    input: input(false, []),
    arrange: { who: 'signedOut', key: 'current' },
    events: {
      'xstate.done.actor.loadVisit': [loaded({ site, visitor: null }, 'the site')],
      'visit.signIn': [{ type: 'visit.signIn', provider: 'google' }],
    },
  },
  {
    name: 'a company admin',
    input: input(true, ['CompanyAdmin']),
    arrange: { who: 'admin', key: 'current' },
    events: { 'xstate.done.actor.loadVisit': [loaded({ site, visitor: null }, 'the site')] },
  },
  {
    name: 'a tradesperson with a replaced key',
    input: input(true, ['TradesPerson']),
    arrange: { who: 'tradesperson', key: 'replaced' },
    events: { 'xstate.error.actor.loadVisit': [failed('loadVisit', invalidKey, 'invalid key')] },
  },
];

interface Shared {
  readonly tradie: Account;
  readonly admin: Account;
  readonly tradieApi: Api;
  readonly siteId: string;
  readonly address: string;
  readonly key: string;
}

interface GateWorld extends World {
  readonly shared: Shared;
  held: HeldRequest | null;
}

const visitCall = /\/api\/site\/[^/?]+\?key=/;
const checkInCall = /\/api\/site\/[^/?]+\/checkin$/;
const checkOutCall = /\/api\/site\/[^/?]+\/checkout$/;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function hold(world: GateWorld, method: string, url: RegExp): Promise<void> {
  world.held = await HeldRequest.hold(world.page, method, url);
}

/** Releases or fails the held call, then holds the next call the model says the app makes, before it is made. */
async function answer(world: GateWorld, after: AnyMachineSnapshot, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (after.matches('loading')) await hold(world, 'GET', visitCall);
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

async function checkedIn(shared: Shared): Promise<boolean> {
  const activity = await shared.tradieApi.call<{ checkIns: { site: { _id: string }; checkedOutAt: string | null }[] }>('GET', `profile/trades/${shared.tradie.payload.sub}/activity`);
  return activity.checkIns.some((checkIn) => checkIn.site._id === shared.siteId && checkIn.checkedOutAt === null);
}

/** Checked in or out through the API, as the model's next answer needs (a supervisor's check-out, an earlier scan). */
async function setCheckedIn(shared: Shared, wanted: boolean): Promise<void> {
  if ((await checkedIn(shared)) === wanted) return;
  if (wanted) await shared.tradieApi.call('POST', `site/${shared.siteId}/checkin`, { key: shared.key, ppeConfirmed: true });
  else await shared.tradieApi.call('POST', `site/${shared.siteId}/checkout`, {});
}

export const siteCheckInModel = defineModel({
  title: 'site check-in',
  machine: siteCheckInMachine,
  traversals: starts,

  async prepare(browser): Promise<Shared> {
    const company = await modelCompany(browser);
    const gate = await company.site('Model Gate');
    return { tradie: company.tradie, admin: company.admin, tradieApi: company.tradieApi, siteId: gate._id, address: gate.address, key: gate.key };
  },

  async finish(shared) {
    await setCheckedIn(shared, false);
  },

  async open({ browser, shared, traversal }): Promise<GateWorld> {
    const { who, key } = traversal.arrange;
    const signedIn = who === 'tradesperson' ? shared.tradie : who === 'admin' ? shared.admin : null;
    const world: GateWorld = { ...(await openContext(browser, signedIn)), shared, held: null };
    await hold(world, 'GET', visitCall);
    await world.page.goto(`/site/${shared.siteId}/check-in?key=${key === 'current' ? shared.key : 'replaced-key'}`);
    await world.held?.arrived();
    return world;
  },

  states: {
    // The portal draws the site into the page it first sends, so the site shows while its visit is read; later reads
    // show 'Loading, Please Wait'.
    'siteCheckIn.loading': async ({ world }) => {
      await expect(world.page.getByText(world.shared.address).or(loadingScreen(world.page)).first()).toBeVisible();
      await expect(button(world.page, 'Check out')).toHaveCount(0);
    },
    'siteCheckIn.invalidKey': async ({ world }) => expect(world.page.getByRole('alert').filter({ hasText: siteVisitMessages.invalidKey })).toBeVisible(),
    'siteCheckIn.signedOut': async ({ world }) => expect(button(world.page, 'Continue with Google')).toBeEnabled(),
    'siteCheckIn.signingIn': async ({ world }) => expect(world.page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible(),
    'siteCheckIn.notTradesperson': async ({ world }) => {
      await expect(world.page.getByRole('alert').filter({ hasText: siteVisitMessages.tradesOnly })).toBeVisible();
      await expect(world.page.getByRole('link', { name: 'Go to my home page' })).toBeVisible();
    },
    'siteCheckIn.ready': async ({ world, snapshot }) => {
      const ppe = world.page.getByRole('checkbox', { name: 'I have this PPE' });
      await expect(ppe).toBeVisible();
      if (snapshot.context.ppeConfirmed) {
        await expect(ppe).toBeChecked();
        await expect(button(world.page, 'Check in')).toBeEnabled();
      } else {
        await expect(button(world.page, 'Check in')).toBeDisabled();
        await expect(world.page.getByText('Tick the box above to check in.')).toBeVisible();
      }
    },
    'siteCheckIn.checkingIn': async ({ world }) => {
      await expect(button(world.page, 'Check in')).toBeDisabled();
      await expect(button(world.page, 'Check in')).toHaveAttribute('aria-busy', 'true');
    },
    'siteCheckIn.checkedIn': async ({ world }) => {
      await expect(world.page.getByRole('status').filter({ hasText: siteVisitMessages.checkedIn })).toBeVisible();
      await expect(button(world.page, 'Check out')).toBeEnabled();
      await expect(world.page.getByRole('link', { name: 'New SWMS' })).toBeVisible();
    },
    'siteCheckIn.checkingOut': async ({ world }) => {
      await expect(button(world.page, 'Check out')).toBeDisabled();
      await expect(button(world.page, 'Check out')).toHaveAttribute('aria-busy', 'true');
    },
    'siteCheckIn.checkedOut': async ({ world }) => {
      await expect(world.page.getByRole('status').filter({ hasText: siteVisitMessages.checkedOut })).toBeVisible();
      await expect(button(world.page, 'Check in again')).toBeVisible();
    },
    'siteCheckIn.failed': async ({ world }) => {
      await expect(world.page.getByRole('alert').filter({ hasText: 'That did not go through' })).toBeVisible();
      await expect(button(world.page, 'Try again')).toBeVisible();
    },
  },

  events: {
    'xstate.done.actor.loadVisit': async ({ world, event, after }) => {
      if (event.label === 'checked in' || event.label === 'not checked in') await setCheckedIn(world.shared, event.label === 'checked in');
      await answer(world, after, 'done');
    },
    'xstate.error.actor.loadVisit': async ({ world, event, after }) => {
      // A replaced key is refused by the server itself; no signal is the network's.
      if (event.label === 'invalid key') await answer(world, after, 'done');
      else await answer(world, after, 'error');
    },
    'ppe.confirm': async ({ world }) => world.page.getByRole('checkbox', { name: 'I have this PPE' }).check(),
    'visit.checkIn': async ({ world }) => {
      await hold(world, 'POST', checkInCall);
      await button(world.page, 'Check in').click();
      await world.held?.arrived();
    },
    'xstate.done.actor.checkIn': async ({ world, after }) => answer(world, after, 'done'),
    'xstate.error.actor.checkIn': async ({ world, after }) => answer(world, after, 'error'),
    'visit.checkOut': async ({ world }) => {
      await hold(world, 'POST', checkOutCall);
      await button(world.page, 'Check out').click();
      await world.held?.arrived();
    },
    'xstate.done.actor.checkOut': async ({ world, after }) => answer(world, after, 'done'),
    'xstate.error.actor.checkOut': async ({ world, event, after }) => {
      if (event.label === 'already checked out') {
        // Checked out meanwhile by other means (the supervisor, or midnight): the server answers 409.
        await setCheckedIn(world.shared, false);
        await answer(world, after, 'done');
      } else {
        await answer(world, after, 'error');
      }
    },
    'visit.reload': async ({ world }) => {
      await hold(world, 'GET', visitCall);
      await button(world.page, 'Check in again').click();
      await world.held?.arrived();
    },
    'visit.retry': async ({ world, after }) => {
      const url = after.matches('checkingIn') ? checkInCall : after.matches('checkingOut') ? checkOutCall : visitCall;
      await hold(world, after.matches('loading') ? 'GET' : 'POST', url);
      await button(world.page, 'Try again').click();
      await world.held?.arrived();
    },
    'visit.signIn': async ({ world }) => button(world.page, 'Continue with Google').click(),
  },

  excluded: {
    states: {
      'siteCheckIn.deciding': 'decided in the same step as the visit arrives: never on screen',
      'siteCheckIn.siteClosed': 'a completed or cancelled site: the status menu’s walk (check-in-status.spec.ts), not arranged here',
      'siteCheckIn.joining': 'a first sign-in with no role joins the site: invite-acceptance and sign-in specs make new accounts; not here',
      'siteCheckIn.profileIncomplete': 'a new tradesperson’s first visit (joining), not arranged here',
      'siteCheckIn.blocked': 'a tradesperson with an expired licence or no white card: not among the accounts driven here',
    },
    events: {
      'xstate.done.actor.joinSite': 'joining is not walked here (see the state joining)',
      'xstate.error.actor.joinSite': 'joining is not walked here (see the state joining)',
      'safetyPlan.acknowledge': 'the model’s site has no safety plan (one needs an uploaded PDF)',
    },
    transitions: {
      'siteCheckIn.deciding --always[isSiteClosed]--> siteCheckIn.siteClosed': 'a closed site is not arranged here (see the state siteClosed)',
      'siteCheckIn.deciding --always[hasIncompleteProfile]--> siteCheckIn.profileIncomplete': 'see the state profileIncomplete',
      'siteCheckIn.deciding --always[hasProblems]--> siteCheckIn.blocked': 'see the state blocked',
      'siteCheckIn.deciding --always[mayJoin]--> siteCheckIn.joining': 'see the state joining',
      'siteCheckIn.blocked --visit.reload--> siteCheckIn.loading': 'see the state blocked',
      'siteCheckIn.checkingIn --xstate.error.actor.checkIn[isConflict]--> siteCheckIn.blocked': 'see the state blocked',
      'siteCheckIn.checkingIn --xstate.error.actor.checkIn[isInvalidKey]--> siteCheckIn.invalidKey':
        'the key replaced between reading the visit and checking in: the walk with a replaced key shows the screen',
      'siteCheckIn.failed --visit.retry[retriesJoin]--> siteCheckIn.joining': 'see the state joining',
    },
  },
});
