import { describe, expect, test, vi } from 'vitest';
import { createActor, type EventFromLogic, type InputFrom } from 'xstate';
import { decodeAccessToken } from '../../machines/access-token';
import { sessionMachine, type BearerInput, type ExchangeCodeInput } from '../../machines/session.machine';
import * as Session from '../../machines/session.selectors';
import { persistedEntries, sessionStorageImplementations, type StoredSession } from '../../machines/session-storage';
import type { TokenResponse } from '../../src/domain/token';
import { modelPaths } from '../support/machine-paths';
import { FakeClock, replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';
import { adminPayload, fakeJwt, MemorySessionStorage, startTime, supervisorPayload, tokens } from './session-fixtures';

type SessionEvent = EventFromLogic<typeof sessionMachine> | { type: string; [key: string]: unknown };

const nothingStored: StoredSession = { provider: null, authCode: null, accessToken: null, inviteCode: null };

const storedOutputs: StoredSession[] = [
  nothingStored,
  { ...nothingStored, provider: 'google', accessToken: tokens.live },
  { ...nothingStored, provider: 'apple', accessToken: tokens.expired },
  { ...nothingStored, authCode: 'stored-code', inviteCode: 'stored-invite' },
  { ...nothingStored, accessToken: tokens.unreadable },
];

const tokenOutputs: TokenResponse[] = [{ token: tokens.live }, { token: tokens.unreadable }];
const failure = { error: new Error('network down') };
const refused = (status: number) => ({ error: Object.assign(new Error('Your session has ended, please sign in again'), { status }) });

const sampleEvents: Record<string, SessionEvent[]> = {
  'xstate.done.actor.loadStored': storedOutputs.map((output) => ({ type: 'xstate.done.actor.loadStored', output })),
  'xstate.error.actor.loadStored': [{ type: 'xstate.error.actor.loadStored', ...failure }],
  'session.codeReceived': [
    { type: 'session.codeReceived', code: 'fresh-code' },
    { type: 'session.codeReceived', code: '' },
  ],
  'session.inviteCodeReceived': [
    { type: 'session.inviteCodeReceived', inviteCode: 'fresh-invite' },
    { type: 'session.inviteCodeReceived', inviteCode: null },
  ],
  'session.signIn': [
    { type: 'session.signIn', provider: 'google' },
    { type: 'session.signIn', provider: 'apple' },
    { type: 'session.signIn', provider: 'google', returnTo: '/site/3ef634ce-699b-4e90-8c01-5576483679e1/check-in?key=abc' },
  ],
  'xstate.done.actor.exchangeCode': tokenOutputs.map((output) => ({ type: 'xstate.done.actor.exchangeCode', output })),
  'xstate.error.actor.exchangeCode': [
    { type: 'xstate.error.actor.exchangeCode', ...failure },
    { type: 'xstate.error.actor.exchangeCode', error: Object.assign(new Error('Sign-in code is invalid or expired'), { status: 400 }) },
  ],
  'xstate.done.actor.refreshToken': [
    { type: 'xstate.done.actor.refreshToken', output: { token: tokens.renewed } },
    { type: 'xstate.done.actor.refreshToken', output: { token: tokens.unreadable } },
  ],
  'xstate.error.actor.refreshToken': [
    { type: 'xstate.error.actor.refreshToken', ...failure },
    { type: 'xstate.error.actor.refreshToken', ...refused(401) },
    { type: 'xstate.error.actor.refreshToken', error: Object.assign(new Error('Service unavailable'), { status: 503 }) },
  ],
  'xstate.after.refreshDue.session.signedIn.active': [{ type: 'xstate.after.refreshDue.session.signedIn.active' }],
  'xstate.done.actor.renewToken': [
    { type: 'xstate.done.actor.renewToken', output: { token: tokens.renewed } },
    { type: 'xstate.done.actor.renewToken', output: { token: tokens.unreadable } },
  ],
  'xstate.error.actor.renewToken': [
    { type: 'xstate.error.actor.renewToken', ...failure },
    { type: 'xstate.error.actor.renewToken', ...refused(403) },
  ],
  'session.online': [{ type: 'session.online' }],
  'session.tokenReceived': [
    { type: 'session.tokenReceived', token: tokens.renewed },
    { type: 'session.tokenReceived', token: tokens.unreadable },
  ],
  'session.signOut': [{ type: 'session.signOut' }],
  'session.expired': [{ type: 'session.expired' }, { type: 'session.expired', token: tokens.expired }],
  'session.signInFailed': [{ type: 'session.signInFailed' }],
  'xstate.done.actor.signOut': [{ type: 'xstate.done.actor.signOut', output: null }],
  'xstate.error.actor.signOut': [{ type: 'xstate.error.actor.signOut', ...failure }],
};

const modelInput: InputFrom<typeof sessionMachine> = { clock: { now: () => startTime } };

interface SessionRig extends Rig<typeof sessionMachine> {
  storage: MemorySessionStorage;
  redirectToProvider: ReturnType<typeof vi.fn>;
  logError: ReturnType<typeof vi.fn>;
  initialisedReports: number;
}

function storedFor(path: { steps: { event: SessionEvent }[] }): StoredSession {
  const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadStored');
  return (loaded?.event as { output?: StoredSession } | undefined)?.output ?? nothingStored;
}

const withoutEmpty = (entries: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null));

const tokenNames = new Map<unknown, string>(Object.entries(tokens).map(([name, token]) => [token, `<${name} token>`]));

function describeSessionEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value instanceof Error ? value.message : (tokenNames.get(value) ?? value),
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

const coverage = new TransitionCoverage(sessionMachine);
const paths = modelPaths(sessionMachine, { inputs: [modelInput], events: sampleEvents, describeEvent: describeSessionEvent });

describe('session machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    let rig: SessionRig | undefined;
    await replayPath<typeof sessionMachine, SessionRig>(path, {
      coverage,
      startTime,
      createRig: ({ scripted, clock, inspect }) => {
        const storage = new MemorySessionStorage(persistedEntries(storedFor(path)));
        const redirectToProvider = vi.fn();
        const logError = vi.fn();
        const machine = sessionMachine.provide({
          actors: {
            loadStored: scripted.logic<StoredSession>(),
            exchangeCode: scripted.logic<TokenResponse, ExchangeCodeInput>(),
            refreshToken: scripted.logic<TokenResponse, BearerInput>(),
            signOut: scripted.logic<unknown, BearerInput>(),
          },
          actions: {
            persist: (_, { key, value }) => storage.set(key, value),
            redirectToProvider: (_, params) => redirectToProvider(params),
            logError: (_, params) => logError(params),
          },
        });
        const actor = createActor(machine, { input: { clock: { now: () => clock.now() } }, clock, inspect });
        rig = { actor, scripted, clock, storage, redirectToProvider, logError, initialisedReports: 0 };
        const current = rig;
        actor.on('session.initialised', () => {
          current.initialisedReports += 1;
        });
        return rig;
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const initialised = !snapshot.matches('initialising');

        expect(Session.isInitialised(snapshot)).toBe(initialised);
        expect(rig.initialisedReports, 'session.initialised is emitted once, on leaving initialising').toBe(initialised ? 1 : 0);
        expect(Session.isBusy(snapshot)).toBe(snapshot.hasTag('loading'));

        if (initialised) {
          expect(rig.storage.contents(), 'browser storage mirrors the session; emptied keys are removed').toEqual(
            withoutEmpty(persistedEntries(context)),
          );
        }

        if (snapshot.matches('signedIn')) {
          expect(context.payload).toEqual(decodeAccessToken(context.accessToken));
          expect(Session.isSignedIn(snapshot)).toBe(true);
          expect(Session.accessToken(snapshot)).toBe(context.accessToken);
          expect(Session.roles(snapshot)).toEqual(context.payload?.roles);
          expect(Session.companyId(snapshot)).toBe(context.payload?.company);
          expect(Session.userId(snapshot)).toBe(context.payload?.sub);
        } else {
          expect(Session.isSignedIn(snapshot)).toBe(false);
          expect(Session.accessToken(snapshot)).toBeNull();
          expect(Session.payload(snapshot)).toBeNull();
          expect(Session.roles(snapshot)).toEqual([]);
        }
        if (snapshot.matches('signedOut')) {
          expect(context.accessToken, 'signed out means no token, in memory or in storage').toBeNull();
          expect(rig.storage.get('accessToken')).toBeNull();
        }
        if (snapshot.matches('exchangingCode') && !previous?.state.matches('exchangingCode')) {
          expect(rig.scripted.lastInput('exchangeCode')).toEqual({ code: context.authCode, inviteCode: context.inviteCode });
        }
        expect(Session.inviteCode(snapshot)).toBe(context.inviteCode);
        expect(Session.provider(snapshot)).toBe(context.provider);

        const { event } = step;
        expect(Session.isStale(snapshot)).toBe(snapshot.matches({ signedIn: 'stale' }));
        if (event.type === 'xstate.error.actor.refreshToken' || event.type === 'xstate.error.actor.renewToken') {
          // Issue 55 §4: only the server refusing the renewal signs out; no answer or a server fault keeps the session.
          const status = (event as unknown as { error: { status?: number } }).error.status;
          const refusal = status === 401 || status === 403;
          expect(Session.isSignedIn(snapshot), 'a renewal with no answer keeps the session').toBe(!refusal);
          if (!refusal) {
            expect(Session.isStale(snapshot)).toBe(true);
            expect(rig.storage.get('accessToken'), 'the unrenewed token is kept').toBe(previous?.state.context.accessToken);
          }
        }
        if (event.type === 'session.expired' && previous?.state.matches('signedIn')) {
          // A 401 for a token the session has since replaced is a late answer: only a refusal of the current token signs out.
          const sent = (event as { token?: string | null }).token;
          const replaced = typeof sent === 'string' && sent !== previous.state.context.accessToken;
          if (replaced) expect(context.accessToken, 'a late 401 for a replaced token keeps the renewed one').toBe(previous.state.context.accessToken);
          if (!replaced && previous.state.matches({ signedIn: 'active' })) expect(snapshot.matches('signedOut'), 'a 401 for the current token signs out').toBe(true);
        }
        if (snapshot.matches({ signedIn: 'renewing' }) && !previous?.state.matches({ signedIn: 'renewing' })) {
          expect(rig.scripted.lastInput('renewToken')).toEqual({ accessToken: context.accessToken });
        }
        if (event.type === 'session.signIn' && snapshot.matches('signedOut')) {
          expect(rig.redirectToProvider).toHaveBeenLastCalledWith({ provider: event.provider, returnTo: event.returnTo ?? null });
        }
        if (event.type.startsWith('xstate.error.actor.')) {
          expect(rig.logError).toHaveBeenLastCalledWith({ error: (event as unknown as { error: unknown }).error });
        }
        if (event.type === 'session.signOut') {
          expect(rig.scripted.lastInput('signOut')).toEqual({ accessToken: context.accessToken });
        }
        const failedNow =
          (snapshot.matches('signedOut') && previous?.state.matches('exchangingCode') === true) || (event.type === 'session.signInFailed' && snapshot.matches('signedOut'));
        const attempting = (event.type === 'session.signIn' || (event.type === 'session.codeReceived' && event.code !== '')) && previous?.state.matches('signedOut') === true;
        if (failedNow) {
          // A code the server answered 400 to was refused; a network failure means the portal was not reached.
          const answered = event.type !== 'xstate.error.actor.exchangeCode' || (event as unknown as { error: { status?: number } }).error.status === 400;
          expect(Session.signInFailure(snapshot), 'a failed sign-in is what the login page says').toBe(answered ? 'refused' : 'unreachable');
        }
        if (attempting || !snapshot.matches('signedOut')) expect(Session.signInFailure(snapshot), 'a new attempt, or being signed in, clears it').toBeNull();
        if (event.type === 'xstate.done.actor.signOut' || event.type === 'xstate.error.actor.signOut') {
          expect(rig.storage.contents(), 'signing out removes every stored value').toEqual({});
        }
      },
    });
    expect(rig).toBeDefined();
  });

  test('every state and transition of the session machine is exercised', () => {
    coverage.assertComplete('session');
  });
});

describe('session machine, timing and wiring', () => {
  test('renews the token one minute before it expires', async () => {
    const clock = new FakeClock(startTime);
    const scripted = new ScriptedActors();
    const storage = new MemorySessionStorage({ accessToken: tokens.live });
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadStored: scripted.logic<StoredSession>(), refreshToken: scripted.logic<TokenResponse, BearerInput>() },
        actions: { persist: (_, { key, value }) => storage.set(key, value) },
      }),
      { input: { clock }, clock },
    ).start();
    scripted.resolve('loadStored', { ...nothingStored, accessToken: tokens.live });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });

    clock.fireNext();
    expect(clock.now()).toBe(startTime + 3600_000 - 60_000);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'renewing' });
    expect(Session.isSignedIn(actor.getSnapshot())).toBe(true);
    expect(scripted.lastInput('renewToken')).toEqual({ accessToken: tokens.live });
    actor.stop();
  });

  test('a received token restarts the renewal timer from its own expiry', async () => {
    const clock = new FakeClock(startTime);
    const scripted = new ScriptedActors();
    const storage = new MemorySessionStorage();
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadStored: scripted.logic<StoredSession>() },
        actions: { persist: (_, { key, value }) => storage.set(key, value) },
      }),
      { input: { clock }, clock },
    ).start();
    scripted.resolve('loadStored', { ...nothingStored, accessToken: tokens.live, inviteCode: 'spent-invite' });
    await new Promise((resolve) => setImmediate(resolve));

    const laterExpiry = adminPayload.exp + 7200;
    const longerToken = fakeJwt({ ...supervisorPayload, exp: laterExpiry });
    actor.send({ type: 'session.tokenReceived', token: longerToken });
    expect(clock.pendingTimers).toBe(1);
    expect(Session.roles(actor.getSnapshot())).toEqual(['CompanySupervisor']);
    expect(storage.contents()).toEqual({ accessToken: longerToken });

    clock.fireNext();
    expect(clock.now()).toBe(laterExpiry * 1000 - 60_000);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'renewing' });
    actor.stop();
  });

  test('reports initialisation through the emitted event and the selector', async () => {
    const { loadStored, persist } = sessionStorageImplementations(new MemorySessionStorage());
    const actor = createActor(sessionMachine.provide({ actors: { loadStored }, actions: { persist } }));
    const reported = vi.fn();
    actor.on('session.initialised', reported);
    actor.start();
    expect(Session.isInitialised(actor.getSnapshot())).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reported).toHaveBeenCalledOnce();
    expect(Session.isInitialised(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.stop();
  });

  test('fails loudly when the storage action is not provided', async () => {
    const actor = createActor(sessionMachine.provide({ actions: { logError: () => undefined } }));
    const errors = vi.fn();
    actor.subscribe({ error: errors });
    actor.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveBeenCalledWith(new Error('persist must be provided'));
  });
});
