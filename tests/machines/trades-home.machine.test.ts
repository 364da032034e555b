import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFromLogic } from 'xstate';
import { tradesHomeMachine, type TradesHome, type TradesHomeEmitted } from '../../machines/trades-home.machine';
import * as Home from '../../machines/trades-home.selectors';
import { siteVisitMessages, type EndedCheckIn } from '../../src/domain/site-visit';
import type { Licence, TradesActivity, TradesPerson } from '../../src/domain/trades';
import { tradesMessages } from '../../src/domain/trades';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

type HomeEvent = EventFromLogic<typeof tradesHomeMachine> | { type: string; [key: string]: unknown };

const apiError = (message: string, status?: number) => {
  const error = Object.defineProperty(new Error(message), 'message', { value: message, enumerable: true });
  return status === undefined ? error : Object.assign(error, { status });
};

const site = { _id: 'site-4', address: '12 Harbour Street', suburb: 'Pyrmont', siteNumber: 'J-1042', timeZone: 'Australia/Sydney' as const, companyName: 'Harbour Constructions', hasSupervisor: true };
const otherSite = { ...site, _id: 'site-5', address: '3 Quarry Road' };
const licence = (id: string, expiresOn: string): Licence => ({ _id: id, licenceClass: `Class ${id}`, number: id, expiresOn, photo: null });
const person: TradesPerson = {
  _id: 'trades-1',
  firstName: 'Jo',
  surname: 'Nguyen',
  phone: '0412345678',
  email: 'jo@sparky.example',
  emergencyContactName: 'Kim Nguyen',
  emergencyContactPhone: '0498765432',
  tradeQualifications: 'Electrician',
  whitecardNumber: 'WC-1',
  whitecardPhoto: null,
  licences: [],
};
const onSite: TradesActivity = {
  checkIns: [{ _id: 'c-1', site, checkedInAt: '2026-03-03T21:00:00.000Z', checkedOutAt: null, checkoutKind: null }],
  swms: [],
};
const offSite: TradesActivity = {
  checkIns: [{ _id: 'c-1', site, checkedInAt: '2026-03-03T21:00:00.000Z', checkedOutAt: '2026-03-04T05:00:00.000Z', checkoutKind: 'self' }],
  swms: [],
};
const homeOnSite: TradesHome = { person, activity: onSite };
const homeOffSite: TradesHome = { person, activity: offSite };
const ended: EndedCheckIn = { _id: 'c-1', siteId: site._id, checkedInAt: onSite.checkIns[0]!.checkedInAt, checkedOutAt: '2026-03-04T05:00:00.000Z', checkoutKind: 'self' };

const sampleEvents: Record<string, HomeEvent[]> = {
  'xstate.done.actor.loadHome': [{ type: 'xstate.done.actor.loadHome', output: homeOnSite }],
  'xstate.error.actor.loadHome': [{ type: 'xstate.error.actor.loadHome', error: apiError('Failed to fetch') }],
  'home.reload': [{ type: 'home.reload' }],
  'checkIn.checkOut': [{ type: 'checkIn.checkOut', siteId: site._id }],
  'xstate.done.actor.checkOut': [{ type: 'xstate.done.actor.checkOut', output: ended }],
  'xstate.error.actor.checkOut': [
    { type: 'xstate.error.actor.checkOut', error: apiError(siteVisitMessages.notCheckedIn, 409) },
    { type: 'xstate.error.actor.checkOut', error: apiError('The database is restarting', 503) },
  ],
  'xstate.done.actor.refreshHome': [{ type: 'xstate.done.actor.refreshHome', output: homeOffSite }],
  'xstate.error.actor.refreshHome': [{ type: 'xstate.error.actor.refreshHome', error: apiError('Failed to fetch') }],
};

interface HomeRig extends Rig<typeof tradesHomeMachine> {
  readonly toasts: TradesHomeEmitted[];
}

const coverage = new TransitionCoverage(tradesHomeMachine);
const paths = modelPaths(tradesHomeMachine, { inputs: [{ tradesId: person._id }], events: sampleEvents });

describe("tradesperson's home machine, model-based", () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    let toastsBefore = 0;
    await replayPath<typeof tradesHomeMachine, HomeRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = tradesHomeMachine.provide({
          actors: { loadHome: scripted.logic<TradesHome, { tradesId: string }>(), checkOut: scripted.logic<EndedCheckIn, { siteId: string }>() },
        });
        const actor = createActor(machine, { input, inspect });
        const toasts: TradesHomeEmitted[] = [];
        actor.on('toast', (toast) => toasts.push(toast));
        return { actor, scripted, clock, toasts };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const state = String(snapshot.value);
        const event = step.event as { type: string; error?: unknown };
        expect(Home.isLoading(snapshot)).toBe(state === 'loading');
        expect(Home.isFailed(snapshot)).toBe(state === 'failed');
        expect(Home.isBusy(snapshot)).toBe(state === 'checkingOut' || state === 'refreshing');
        expect(Home.checkingOutSite(snapshot)).toBe(state === 'checkingOut' ? site._id : null);
        if (state === 'checkingOut') expect(rig.scripted.lastInput('checkOut')).toEqual({ siteId: site._id });
        if (state === 'refreshing') expect(Home.home(snapshot), 'what is on screen stays while the lists are read again').toEqual(previous?.state.context.home);
        if (event.type === 'xstate.done.actor.checkOut') expect(rig.toasts.at(-1)).toEqual({ type: 'toast', tone: 'success', message: siteVisitMessages.checkedOut });
        if (event.type === 'xstate.error.actor.checkOut' && state === 'ready') {
          expect(rig.toasts.at(-1)).toEqual({ type: 'toast', tone: 'error', message: 'The database is restarting' });
          expect(snapshot.context.error).toBe('The database is restarting');
        }
        if (event.type === 'xstate.error.actor.checkOut' && state === 'refreshing') {
          expect(rig.toasts, 'already checked out: no error, the lists are read again').toHaveLength(toastsBefore);
        }
        if (event.type === 'xstate.done.actor.refreshHome') expect(Home.home(snapshot)).toEqual(homeOffSite);
        toastsBefore = rig.toasts.length;
      },
    });
  });

  test('every state and transition of the home machine is exercised', () => {
    coverage.assertComplete('tradesHome');
  });
});

describe("tradesperson's home selectors", () => {
  test('an open check-in offers Check out', () => {
    expect(Home.openCheckIns(onSite).map((checkIn) => checkIn._id)).toEqual(['c-1']);
    expect(Home.openCheckIns(offSite)).toEqual([]);
  });

  test("'New SWMS' is offered for the site checked in at now, or today, once each", () => {
    const activity: TradesActivity = {
      checkIns: [
        { _id: 'c-3', site: otherSite, checkedInAt: '2026-03-04T01:00:00.000Z', checkedOutAt: null, checkoutKind: null },
        { _id: 'c-2', site, checkedInAt: '2026-03-03T23:00:00.000Z', checkedOutAt: '2026-03-04T00:30:00.000Z', checkoutKind: 'self' },
        { _id: 'c-1', site, checkedInAt: '2026-03-03T21:00:00.000Z', checkedOutAt: '2026-03-03T22:00:00.000Z', checkoutKind: 'self' },
        { _id: 'c-0', site: { ...site, _id: 'site-9' }, checkedInAt: '2026-03-01T21:00:00.000Z', checkedOutAt: '2026-03-02T06:00:00.000Z', checkoutKind: 'automatic' },
      ],
      swms: [],
    };
    expect(Home.swmsSites(activity, '2026-03-04', 'Australia/Sydney').map((found) => found._id)).toEqual(['site-5', 'site-4']);
    expect(Home.swmsSites(activity, '2026-03-05', 'Australia/Sydney').map((found) => found._id), 'a still-open check-in counts on later days').toEqual(['site-5']);
  });

  test('licences are flagged 30 days ahead, expired ones first', () => {
    const listed = Home.licencesWithStanding([licence('a', '2027-01-01'), licence('b', '2026-04-02'), licence('c', '2026-03-03')], '2026-03-04');
    expect(listed.map(({ licence: { _id }, standing }) => [_id, standing])).toEqual([
      ['c', 'expired'],
      ['b', 'expiresSoon'],
      ['a', 'current'],
    ]);
  });

  test('what would block a check-in is known before the gate', () => {
    expect(Home.profileProblems(homeOnSite, '2026-03-04')).toEqual([]);
    expect(Home.profileProblems({ person: { ...person, whitecardNumber: '' }, activity: onSite }, '2026-03-04')).toEqual([tradesMessages.noWhitecard]);
  });

  test("a read that got no answer shows what the phone keeps; the server's own refusal is an error to try again (issue 55 §4)", async () => {
    const failingWith = async (error: unknown) => {
      const actor = createActor(tradesHomeMachine.provide({ actors: { loadHome: fromPromise(async () => Promise.reject(error)) } }), { input: { tradesId: person._id } }).start();
      return waitFor(actor, (snapshot) => Home.isFailed(snapshot));
    };
    expect(Home.isUnreachable(await failingWith(new TypeError('Failed to fetch')))).toBe(true);
    expect(Home.isUnreachable(await failingWith(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' })))).toBe(true);
    expect(Home.isUnreachable(await failingWith(apiError('Something went wrong :(', 500)))).toBe(false);
  });
});
