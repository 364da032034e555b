import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  failureStatus,
  problemsOf,
  siteCheckInMachine,
  type CheckInAttempt,
  type CheckInInput,
  type CheckOutInput,
  type LoadVisitInput,
  type SiteCheckInContext,
  type SiteCheckInInput,
  type SiteKeyInput,
} from '../../machines/site-check-in.machine';
import * as Gate from '../../machines/site-check-in.selectors';
import { siteVisitMessages, type ActiveCheckIn, type EndedCheckIn, type SiteVisit, type VisitSite } from '../../src/domain/site-visit';
import { expiredLicenceMessage, tradesMessages } from '../../src/domain/trades';
import type { Provider, TokenResponse } from '../../src/domain/token';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type GateEvent = EventFromLogic<typeof siteCheckInMachine> | { type: string; [key: string]: unknown };

/** The message is made enumerable so the model tells two errors of one actor apart (xstate/graph keys edges by JSON). */
const apiError = (message: string, status?: number) => {
  const error = Object.defineProperty(new Error(message), 'message', { value: message, enumerable: true });
  return status === undefined ? error : Object.assign(error, { status });
};
const httpError = (status: number, message: string) => apiError(message, status);

const site: VisitSite = {
  _id: 'site-4',
  address: '12 Harbour Street',
  suburb: 'Pyrmont',
  postcode: '2009',
  siteNumber: 'J-1042',
  companyName: 'Harbour Constructions',
  ppe: ['hard_hat', 'high_vis'],
  otherPpe: '',
  hasSafetyPlan: true,
  timeZone: 'Australia/Sydney',
  status: 'ongoing',
};
const cancelledSite: VisitSite = { ...site, status: 'cancelled' };
const bareSite: VisitSite = { ...site, ppe: [], otherPpe: '', hasSafetyPlan: false };
const tradesperson = { checkIn: null, checkedInToday: false, safetyPlan: { url: 'https://blob.example/plan.pdf' }, profileComplete: true, problems: [] };
const openCheckIn: ActiveCheckIn = { _id: 'check-in-1', siteId: site._id, checkedInAt: '2026-03-02T21:05:00.000Z' };
const ended: EndedCheckIn = { ...openCheckIn, checkedOutAt: '2026-03-03T06:30:00.000Z', checkoutKind: 'self' };
const expired = expiredLicenceMessage('Dogging (DG)', '2026-01-31');

const visits = {
  signedOut: { site, visitor: null },
  ready: { site, visitor: tradesperson },
  readyNothingToConfirm: { site: bareSite, visitor: { ...tradesperson, safetyPlan: null } },
  checkedIn: { site, visitor: { ...tradesperson, checkIn: openCheckIn, checkedInToday: true } },
  incomplete: { site, visitor: { ...tradesperson, profileComplete: false, problems: [tradesMessages.incompleteProfile] } },
  blocked: { site, visitor: { ...tradesperson, problems: [tradesMessages.noWhitecard, expired] } },
  closedSignedOut: { site: cancelledSite, visitor: null },
  closed: { site: cancelledSite, visitor: { ...tradesperson, problems: [tradesMessages.noWhitecard] } },
  closedCheckedIn: { site: cancelledSite, visitor: { ...tradesperson, checkIn: openCheckIn, checkedInToday: true } },
} satisfies Record<string, SiteVisit>;

const invalidKey = httpError(403, siteVisitMessages.invalidKey);
const offline = apiError('Failed to fetch');
const serverDown = httpError(503, 'The database is restarting');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

type Samples = Record<string, GateEvent[]>;

/** Events that every visitor may meet, whatever state the visit reached. */
const common: Samples = {
  'xstate.error.actor.loadVisit': [failed('loadVisit', invalidKey), failed('loadVisit', offline)],
  'visit.retry': [{ type: 'visit.retry' }],
};

const joining: Samples = {
  'xstate.done.actor.joinSite': [done('joinSite', { token: 'trades-token' })],
  'xstate.error.actor.joinSite': [
    failed('joinSite', invalidKey),
    failed('joinSite', httpError(403, siteVisitMessages.tradesOnly)),
    failed('joinSite', offline),
  ],
};

/** Unticking, and a site with nothing to confirm, are proved in the wiring tests below. */
const atTheGate: Samples = {
  'xstate.done.actor.checkIn': [done('checkIn', openCheckIn)],
  'xstate.error.actor.checkIn': [
    failed('checkIn', httpError(409, `${tradesMessages.noWhitecard}; ${expired}`)),
    failed('checkIn', invalidKey),
    failed('checkIn', serverDown),
  ],
  'xstate.done.actor.checkOut': [done('checkOut', ended)],
  'xstate.error.actor.checkOut': [failed('checkOut', httpError(409, siteVisitMessages.notCheckedIn)), failed('checkOut', offline)],
  'ppe.confirm': [{ type: 'ppe.confirm', confirmed: true }],
  'safetyPlan.acknowledge': [{ type: 'safetyPlan.acknowledge', acknowledged: true }],
  'visit.checkIn': [{ type: 'visit.checkIn' }],
  'visit.checkOut': [{ type: 'visit.checkOut' }],
  'visit.reload': [{ type: 'visit.reload' }],
};

const loads = (...loaded: SiteVisit[]): Samples => ({ 'xstate.done.actor.loadVisit': loaded.map((visit) => done('loadVisit', visit)) });

const gate = (overrides: Partial<SiteCheckInInput>): SiteCheckInInput => ({ siteId: site._id, key: 'key-1', signedIn: false, roles: [], ...overrides });

/** Who scans the poster, and what the server answers them: one traversal each. */
const inputs: [string, SiteCheckInInput, Samples][] = [
  ['signed out', gate({}), { ...common, ...loads(visits.signedOut, visits.closedSignedOut), 'visit.signIn': [{ type: 'visit.signIn', provider: 'google' }] }],
  ['signed in without a role', gate({ signedIn: true, roles: ['Unregistered'] }), { ...common, ...joining, ...loads(visits.signedOut, visits.incomplete) }],
  ['a tradesperson', gate({ signedIn: true, roles: ['TradesPerson'] }), { ...common, ...atTheGate, ...loads(visits.ready, visits.checkedIn, visits.blocked, visits.incomplete, visits.closed, visits.closedCheckedIn) }],
  ['a company admin', gate({ signedIn: true, roles: ['CompanyAdmin'] }), { ...common, ...loads(visits.signedOut) }],
];

const visitNames = new Map<unknown, string>(Object.entries(visits).map(([name, visit]) => [visit, `<${name} visit>`]));

function describeGateEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) => {
    if (value instanceof Error) return `${failureStatus(value) ?? 'network'} ${value.message}`;
    return visitNames.get(value) ?? value;
  });
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface GateRig extends Rig<typeof siteCheckInMachine> {
  signIns: Provider[];
  delivered: string[];
}

const coverage = new TransitionCoverage(siteCheckInMachine);
const paths = inputs.flatMap(([name, input, events]) =>
  modelPaths(siteCheckInMachine, { inputs: [input], events, describeEvent: describeGateEvent }).map(
    (path) => [`${name}: ${path.description}`, path] as const,
  ),
);

const screenOfState: Record<string, Gate.CheckInScreen> = {
  loading: 'loading',
  joining: 'loading',
  invalidKey: 'invalidKey',
  siteClosed: 'siteClosed',
  signedOut: 'signedOut',
  signingIn: 'signedOut',
  notTradesperson: 'notTradesperson',
  profileIncomplete: 'profileIncomplete',
  blocked: 'blocked',
  ready: 'ready',
  checkingIn: 'ready',
  checkedIn: 'checkedIn',
  checkingOut: 'checkedIn',
  checkedOut: 'checkedOut',
  failed: 'failed',
};

describe('site check-in machine, model-based', () => {
  test('walks more than one path per visitor', () => {
    for (const [name] of inputs) expect(paths.filter(([description]) => description.startsWith(`${name}:`)).length, name).toBeGreaterThan(1);
  });

  test.for(paths)('%s', async ([, path]) => {
    await replayPath<typeof siteCheckInMachine, GateRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const signIns: Provider[] = [];
        const delivered: string[] = [];
        const machine = siteCheckInMachine.provide({
          actors: {
            loadVisit: scripted.logic<SiteVisit, LoadVisitInput>(),
            joinSite: scripted.logic<TokenResponse, SiteKeyInput>(),
            checkIn: scripted.logic<ActiveCheckIn, CheckInInput>(),
            checkOut: scripted.logic<EndedCheckIn, CheckOutInput>(),
          },
          actions: {
            startSignIn: (_, { provider }) => signIns.push(provider),
            deliverToken: (_, { token }) => delivered.push(token),
          },
        });
        return { actor: createActor(machine, { input, inspect }), scripted, clock, signIns, delivered };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const state = String(snapshot.value);
        const event = step.event as { type: string; output?: unknown; error?: unknown };

        expect(Gate.screen(snapshot)).toBe(screenOfState[state]);
        expect(Gate.isLoading(snapshot)).toBe(state === 'loading' || state === 'joining');
        expect(Gate.isBusy(snapshot)).toBe(['signingIn', 'checkingIn', 'checkingOut'].includes(state));
        expect(Gate.site(snapshot)).toBe(context.visit?.site ?? null);

        if (state === 'loading') {
          expect(rig.scripted.lastInput('loadVisit'), 'the visit is read with the key, and with the joined token once there is one').toEqual({
            siteId: site._id,
            key: 'key-1',
            token: context.joined ? 'trades-token' : null,
          });
        }
        expect(rig.signIns, 'pressing Continue leaves for the chosen provider once').toEqual(state === 'signingIn' ? ['google'] : []);
        expect(rig.delivered, 'the joined token goes to the session once').toEqual(context.joined ? ['trades-token'] : []);
        if (context.joined) expect(context.roles).toEqual(['TradesPerson']);

        if (state === 'checkingIn') {
          const { request } = rig.scripted.lastInput('checkIn') as CheckInInput;
          expect(request.key).toBe('key-1');
          expect(request.ppeConfirmed).toBe(true);
          expect(request.safetyPlanAcknowledged, 'the acknowledgement goes only with a safety plan').toBe(context.visit?.site.hasSafetyPlan ? true : undefined);
          expect(context.ppeConfirmed || !Gate.needsPpe(snapshot), "'I have this PPE' was ticked").toBe(true);
        }
        if (state === 'ready') {
          const ticked = (context.ppeConfirmed || !Gate.needsPpe(snapshot)) && (context.safetyPlanAcknowledged || !Gate.needsSafetyPlan(snapshot));
          expect(Gate.canCheckIn(snapshot)).toBe(ticked);
          if (event.type === 'visit.checkIn') expect(ticked, 'Check in waits for every confirmation').toBe(false);
        } else {
          expect(Gate.canCheckIn(snapshot)).toBe(false);
        }
        if (state === 'failed' || event.type === 'visit.retry') {
          expect(context.ppeConfirmed, 'nothing the user ticked is lost').toBe(previous?.state.context.ppeConfirmed);
          expect(context.safetyPlanAcknowledged).toBe(previous?.state.context.safetyPlanAcknowledged);
        }
        if (state === 'failed') expect(Gate.error(snapshot)).toBe((event.error as Error).message);
        if (event.type === 'visit.retry') {
          const failedStep: CheckInAttempt = (previous?.state.context as SiteCheckInContext).failedStep ?? 'load';
          const repeated: Record<CheckInAttempt, string> = { join: 'joining', checkIn: 'checkingIn', checkOut: 'checkingOut', load: 'loading' };
          expect(state, 'Try again repeats what failed').toBe(repeated[failedStep]);
          expect(Gate.error(snapshot)).toBeNull();
        }

        if (event.type === 'xstate.error.actor.checkIn' && failureStatus(event.error) === 409) {
          expect(state).toBe('blocked');
          expect(Gate.problems(snapshot), 'a 409 lists each problem').toEqual([tradesMessages.noWhitecard, expired]);
        }
        if (event.type.startsWith('xstate.error.actor.') && (event.error as Error).message === siteVisitMessages.invalidKey) {
          expect(state, 'a replaced key ends at the invalid-key screen').toBe('invalidKey');
        }
        if (event.type === 'xstate.done.actor.loadVisit' && event.output === visits.checkedIn) {
          expect(state, 'scanning again while checked in offers Check out').toBe('checkedIn');
          expect(Gate.checkIn(snapshot)).toEqual(openCheckIn);
        }
        if (event.type === 'xstate.done.actor.loadVisit' && event.output === visits.blocked && state === 'blocked') {
          expect(Gate.problems(snapshot)).toEqual(visits.blocked.visitor.problems);
          expect(Gate.problemFixes(snapshot).every(({ inProfile }) => inProfile), 'each licence problem is fixed in the profile').toBe(true);
        }
        if (state === 'checkedIn' && event.type === 'xstate.done.actor.checkIn') expect(Gate.maySubmitSwms(snapshot)).toBe(true);
        if (state === 'checkedOut') {
          expect(Gate.checkedOut(snapshot)).toEqual(ended);
          expect(Gate.checkIn(snapshot)).toBeNull();
          expect(Gate.checkIn(snapshot)).toBeNull();
          expect(Gate.maySubmitSwms(snapshot), 'a SWMS may still be written the day of a check-in').toBe(true);
        }
        if (event.type === 'xstate.done.actor.loadVisit' && (event.output === visits.closed || event.output === visits.closedSignedOut)) {
          expect(state, 'a cancelled site says so before any sign-in, tick or licence problem').toBe('siteClosed');
        }
        if (event.type === 'xstate.done.actor.loadVisit' && event.output === visits.closedCheckedIn) {
          expect(state, 'a worker still checked in at a cancelled site may check out').toBe('checkedIn');
        }
        if (state === 'ready') expect(Gate.boxesToTick(snapshot)).toBe(Number(Gate.needsPpe(snapshot)) + Number(Gate.needsSafetyPlan(snapshot)));
        if (state === 'signedOut') expect(path.input.signedIn).toBe(false);
        if (state === 'notTradesperson') {
          expect(path.input.roles.includes('CompanyAdmin') || context.joined || event.type === 'xstate.error.actor.joinSite', 'only company users, or a refused join, land here').toBe(true);
        }
      },
    });
  });

  test('every state and transition of the site check-in machine is exercised', () => {
    coverage.assertComplete('siteCheckIn');
  });
});

describe('site check-in machine, wiring', () => {
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  test('a first-time visitor joins, hands the token to the session, and reads the visit again with it', async () => {
    const scripted = new ScriptedActors();
    const delivered: string[] = [];
    const actor = createActor(
      siteCheckInMachine.provide({
        actors: {
          loadVisit: scripted.logic<SiteVisit, LoadVisitInput>(),
          joinSite: scripted.logic<TokenResponse, SiteKeyInput>(),
          checkIn: scripted.logic<ActiveCheckIn, CheckInInput>(),
          checkOut: scripted.logic<EndedCheckIn, CheckOutInput>(),
        },
        actions: { startSignIn: () => undefined, deliverToken: (_, { token }) => delivered.push(token) },
      }),
      { input: gate({ signedIn: true, roles: ['Unregistered'] }) },
    ).start();
    scripted.resolve('loadVisit', visits.signedOut);
    await settle();
    expect(actor.getSnapshot().value).toBe('joining');
    expect(scripted.lastInput('joinSite')).toEqual({ siteId: site._id, key: 'key-1' });
    scripted.resolve('joinSite', { token: 'fresh-token' });
    await settle();
    expect(delivered).toEqual(['fresh-token']);
    expect(scripted.lastInput('loadVisit')).toEqual({ siteId: site._id, key: 'key-1', token: 'fresh-token' });
    scripted.resolve('loadVisit', visits.incomplete);
    await settle();
    expect(Gate.screen(actor.getSnapshot())).toBe('profileIncomplete');
    actor.stop();
  });

  test('a site with no PPE and no safety plan needs no ticks', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteCheckInMachine.provide({
        actors: {
          loadVisit: scripted.logic<SiteVisit, LoadVisitInput>(),
          joinSite: scripted.logic<TokenResponse, SiteKeyInput>(),
          checkIn: scripted.logic<ActiveCheckIn, CheckInInput>(),
          checkOut: scripted.logic<EndedCheckIn, CheckOutInput>(),
        },
        actions: { startSignIn: () => undefined, deliverToken: () => undefined },
      }),
      { input: gate({ signedIn: true, roles: ['TradesPerson'] }) },
    ).start();
    scripted.resolve('loadVisit', visits.readyNothingToConfirm);
    await settle();
    expect(Gate.canCheckIn(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'visit.checkIn' });
    expect(scripted.lastInput('checkIn')).toEqual({ siteId: site._id, token: null, request: { key: 'key-1', ppeConfirmed: true } });
    actor.stop();
  });

  test('unticking a confirmation takes Check in away again', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteCheckInMachine.provide({
        actors: {
          loadVisit: scripted.logic<SiteVisit, LoadVisitInput>(),
          joinSite: scripted.logic<TokenResponse, SiteKeyInput>(),
          checkIn: scripted.logic<ActiveCheckIn, CheckInInput>(),
          checkOut: scripted.logic<EndedCheckIn, CheckOutInput>(),
        },
        actions: { startSignIn: () => undefined, deliverToken: () => undefined },
      }),
      { input: gate({ signedIn: true, roles: ['TradesPerson'] }) },
    ).start();
    scripted.resolve('loadVisit', visits.ready);
    await settle();
    actor.send({ type: 'ppe.confirm', confirmed: true });
    actor.send({ type: 'safetyPlan.acknowledge', acknowledged: true });
    expect(Gate.canCheckIn(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ppe.confirm', confirmed: false });
    expect(Gate.canCheckIn(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'visit.checkIn' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'ppe.confirm', confirmed: true });
    actor.send({ type: 'safetyPlan.acknowledge', acknowledged: false });
    expect(Gate.canCheckIn(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  test('a closed site is refused without sending the user to their profile', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteCheckInMachine.provide({
        actors: {
          loadVisit: scripted.logic<SiteVisit, LoadVisitInput>(),
          joinSite: scripted.logic<TokenResponse, SiteKeyInput>(),
          checkIn: scripted.logic<ActiveCheckIn, CheckInInput>(),
          checkOut: scripted.logic<EndedCheckIn, CheckOutInput>(),
        },
        actions: { startSignIn: () => undefined, deliverToken: () => undefined },
      }),
      { input: gate({ signedIn: true, roles: ['TradesPerson'] }) },
    ).start();
    scripted.resolve('loadVisit', visits.readyNothingToConfirm);
    await settle();
    actor.send({ type: 'visit.checkIn' });
    scripted.reject('checkIn', httpError(409, siteVisitMessages.siteClosed));
    await settle();
    expect(Gate.screen(actor.getSnapshot())).toBe('blocked');
    expect(Gate.problemFixes(actor.getSnapshot())).toEqual([{ problem: siteVisitMessages.siteClosed, inProfile: false }]);
    actor.stop();
  });

  test('fails loudly when the sign-in action is not provided', () => {
    const scripted = new ScriptedActors();
    const actor = createActor(siteCheckInMachine.provide({ actors: { loadVisit: scripted.logic<SiteVisit, LoadVisitInput>() } }), { input: gate({}) });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    scripted.resolve('loadVisit', visits.signedOut);
    return settle().then(() => {
      actor.send({ type: 'visit.signIn', provider: 'apple' });
      expect(errors).toEqual([new Error('startSignIn must be provided')]);
    });
  });
});

describe('problemsOf', () => {
  test("splits a 409's message on '; ' into one problem each", () => {
    expect(problemsOf(httpError(409, `${tradesMessages.noWhitecard}; ${expired}`))).toEqual([tradesMessages.noWhitecard, expired]);
  });

  test('a JSON body gives its message', () => {
    expect(problemsOf(httpError(409, JSON.stringify({ message: tradesMessages.noWhitecard })))).toEqual([tradesMessages.noWhitecard]);
  });
});

describe('failureStatus', () => {
  test('reads the status of an API error, and nothing else', () => {
    expect(failureStatus(httpError(409, 'x'))).toBe(409);
    expect(failureStatus(new Error('Failed to fetch'))).toBeNull();
    expect(failureStatus('403')).toBeNull();
    expect(failureStatus({ status: '403' })).toBeNull();
  });
});
