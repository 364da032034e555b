import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  inviteAcceptanceMachine,
  invitationProblemOf,
  serverMessage,
  type InvitationProblem,
  type DeliverTokenParams,
  type InviteAcceptanceInput,
  type InviteCodeInput,
  type PersistInviteCodeParams,
} from '../../machines/invite-acceptance.machine';
import * as Invite from '../../machines/invite-acceptance.selectors';
import { decideRedirect } from '../../machines/sign-in-redirect.machine';
import { ApiError } from '../../src/api/client';
import type { InvitationView } from '../../src/domain/invite';
import type { TokenResponse } from '../../src/domain/token';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type AcceptanceEvent = EventFromLogic<typeof inviteAcceptanceMachine> | { type: string; [key: string]: unknown };

const invitation: InvitationView = { company: { name: 'Harbour Constructions' }, role: 'CompanyAdmin' };

/** What the server answers for each reason (DESIGN.md Invitations), and what the machine makes of it. */
const refusals: readonly { error: unknown; problem: InvitationProblem; message: string }[] = [
  { error: new ApiError('This invitation has already been used', 410), problem: 'used', message: 'This invitation has already been used' },
  { error: new ApiError('This invitation has expired', 410), problem: 'expired', message: 'This invitation has expired' },
  { error: new ApiError('This invitation was replaced by a newer one', 410), problem: 'replaced', message: 'This invitation was replaced by a newer one' },
  { error: new ApiError('This invitation is not valid', 404), problem: 'notValid', message: 'This invitation is not valid' },
  {
    error: new ApiError('{"message":"This invitation was sent to a different email address"}', 403),
    problem: 'wrongEmail',
    message: 'This invitation was sent to a different email address',
  },
  { error: new ApiError('The database is restarting, try again in a moment', 503), problem: 'unavailable', message: 'The database is restarting, try again in a moment' },
  { error: new TypeError('Failed to fetch'), problem: 'unavailable', message: 'Something went wrong :(' },
];
const refusalOf = (error: unknown) => refusals.find((refusal) => refusal.error === error);
// `reason` only tells the samples apart: the model keys events by their JSON, and errors have no enumerable message.
const errorSamples = (id: string) => refusals.map(({ error, message }) => ({ type: `xstate.error.actor.${id}`, error, reason: message }));

const sampleEvents: Record<string, AcceptanceEvent[]> = {
  'invite.accept': [{ type: 'invite.accept' }],
  'xstate.done.actor.loadInvitation': [{ type: 'xstate.done.actor.loadInvitation', output: invitation }],
  'xstate.error.actor.loadInvitation': errorSamples('loadInvitation'),
  'xstate.done.actor.checkInvitation': [{ type: 'xstate.done.actor.checkInvitation', output: invitation }],
  'xstate.error.actor.checkInvitation': errorSamples('checkInvitation'),
  'xstate.done.actor.acceptInvite': [{ type: 'xstate.done.actor.acceptInvite', output: { token: 'token-with-admin-role' } }],
  'xstate.error.actor.acceptInvite': errorSamples('acceptInvite'),
};

const visitor = (overrides: Partial<InviteAcceptanceInput>): InviteAcceptanceInput => ({
  invitationCodeFromQuery: null,
  storedInvitationCode: null,
  signedIn: false,
  roles: [],
  ...overrides,
});

/** One input per opening decision; the admin and auditor check the code first, the last two read and accept it. */
const inputs: [string, InviteAcceptanceInput][] = [
  ['no code anywhere', visitor({})],
  ['signed out, code in the link', visitor({ invitationCodeFromQuery: 'link-code' })],
  ['signed out, code stored', visitor({ storedInvitationCode: 'stored-code' })],
  [
    'an admin back from a sign-in that took the stored code',
    visitor({ storedInvitationCode: 'stored-code', signedIn: true, roles: ['CompanyAdmin'], homePath: '/company/c-1' }),
  ],
  [
    'an auditor opens a link',
    visitor({ invitationCodeFromQuery: 'link-code', storedInvitationCode: 'stored-code', signedIn: true, roles: ['CompanyAuditor'], homePath: '/company/c-1/audit' }),
  ],
  ['a super user opens a link, no home page given', visitor({ invitationCodeFromQuery: 'link-code', signedIn: true, roles: ['SuperUser'] })],
  ['Unregistered, a newer link than the stored code', visitor({ invitationCodeFromQuery: 'link-code', storedInvitationCode: 'stored-code', signedIn: true, roles: ['Unregistered'] })],
  ['no roles yet, code stored', visitor({ storedInvitationCode: 'stored-code', signedIn: true, roles: [] })],
];

interface AcceptanceRig extends Rig<typeof inviteAcceptanceMachine> {
  persisted: (string | null)[];
  delivered: string[];
}

const coverage = new TransitionCoverage(inviteAcceptanceMachine);
const describeEvent = (event: { type: string; [key: string]: unknown }) => {
  const refusal = refusalOf(event.error);
  return refusal ? `${event.type} (${refusal.problem}: ${refusal.message})` : event.type;
};
const paths = inputs.flatMap(([name, input]) =>
  modelPaths(inviteAcceptanceMachine, { inputs: [input], events: sampleEvents, describeEvent }).map(
    (path) => [`${name}: ${path.description}`, path] as const,
  ),
);

describe('invite acceptance machine, model-based', () => {
  test.for(paths)('%s', async ([, path]) => {
    const rig = await replayPath<typeof inviteAcceptanceMachine, AcceptanceRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const persisted: (string | null)[] = [];
        const delivered: string[] = [];
        const machine = inviteAcceptanceMachine.provide({
          actors: {
            loadInvitation: scripted.logic<InvitationView, InviteCodeInput>(),
            acceptInvite: scripted.logic<TokenResponse, InviteCodeInput>(),
          },
          actions: {
            persistInviteCode: (_, { inviteCode }: PersistInviteCodeParams) => persisted.push(inviteCode),
            deliverToken: (_, { token }: DeliverTokenParams) => delivered.push(token),
          },
        });
        return { actor: createActor(machine, { input, inspect }), scripted, clock, persisted, delivered };
      },
      check: (rig, step) => {
        const snapshot = rig.actor.getSnapshot();
        const { event } = step;
        const code = path.input.invitationCodeFromQuery ?? path.input.storedInvitationCode;
        expect(Invite.isLoading(snapshot)).toBe(snapshot.matches('loading') || snapshot.matches('checking'));
        expect(Invite.isAccepting(snapshot)).toBe(snapshot.matches('accepting'));
        expect(Invite.canAccept(snapshot)).toBe(snapshot.matches('showing'));
        if (snapshot.matches('loading')) {
          expect(rig.scripted.lastInput('loadInvitation'), 'the link wins over the stored code').toEqual({ inviteCode: code });
        }
        if (snapshot.matches('checking')) {
          expect(rig.scripted.lastInput('checkInvitation'), 'a user with a role has the same code checked').toEqual({ inviteCode: code });
        }
        if (snapshot.matches('accepting')) {
          expect(rig.scripted.lastInput('acceptInvite')).toEqual(rig.scripted.lastInput('loadInvitation'));
        }
        if (event.type === 'xstate.done.actor.loadInvitation') {
          expect(Invite.invitation(snapshot)).toEqual({ companyName: 'Harbour Constructions', role: 'CompanyAdmin', roleLabel: 'Admin' });
        }
        expect(rig.delivered, 'the session receives the token once accepted, and only then').toEqual(
          snapshot.matches('accepted') ? ['token-with-admin-role'] : [],
        );
        expect(Invite.acceptedToken(snapshot)).toBe(snapshot.matches('accepted') ? 'token-with-admin-role' : null);
      },
    });

    const end = rig.actor.getSnapshot();
    const last = path.steps.at(-1)?.event as { type: string; error?: unknown };
    const refusal = refusalOf(last.error);
    const code = path.input.invitationCodeFromQuery ?? path.input.storedInvitationCode;
    const home = path.input.homePath ?? '/clients';
    if (end.matches('noInvitation')) {
      expect(Invite.redirectTo(end)).toBe('/');
      expect(rig.persisted).toEqual([]);
    }
    if (end.matches('signInFirst')) {
      expect(Invite.redirectTo(end), 'a signed-out visitor signs in first').toBe('/');
      expect(rig.persisted, 'the code is kept for the sign-in and the way back').toEqual([code]);
    }
    if (end.matches('alreadyRegistered')) {
      expect(Invite.redirectTo(end), "spec §2: home, which is /clients unless the user's own is given").toBe(home);
      expect(Invite.failure(end)).toBeNull();
      expect(rig.persisted, 'the spent code is forgotten').toEqual([null]);
      if (refusal) {
        expect(refusal.problem, 'only a code spent by the sign-in itself goes home without a word').toBe('used');
        expect(path.input.invitationCodeFromQuery).toBeNull();
      }
    }
    if (end.matches('refused')) {
      expect(refusal, 'a refusal ends on the invitation page').toBeDefined();
      expect(Invite.redirectTo(end), 'issue 13 §2: the user stays to read why').toBeNull();
      expect(Invite.failure(end)).toEqual({ kind: 'failed', message: refusal?.message, problem: refusal?.problem, home });
      expect(Invite.failureMessage(end)).toBe(refusal?.message);
      expect(rig.persisted, 'a refused code is forgotten').toEqual([null]);
      if (refusal?.problem === 'used') expect(path.input.invitationCodeFromQuery, 'a used link opened while signed in is explained').not.toBeNull();
    }
    if (end.matches('failed')) {
      expect(Invite.redirectTo(end)).toBeNull();
      expect(Invite.failure(end), 'no home page without a role: Logout is the way out').toEqual({
        kind: 'failed',
        message: refusal?.message,
        problem: refusal?.problem,
        home: null,
      });
      expect(rig.persisted, 'a failed code is forgotten, so the next sign-in does not land here again').toEqual([null]);
    }
    if (end.matches('accepted')) {
      expect(Invite.redirectTo(end)).toBeNull();
      expect(rig.persisted, 'session.tokenReceived forgets the code').toEqual([]);
    }
  });

  test('every state and transition of the invite acceptance machine is exercised', () => {
    coverage.assertComplete('inviteAcceptance');
  });
});

describe('invitationProblemOf', () => {
  test.for(refusals.map((refusal) => [refusal.problem, refusal] as const))('%s', ([problem, { error }]) => {
    expect(invitationProblemOf(error)).toBe(problem);
  });

  test.for([
    ['a 404 without the usual text', new ApiError('Not found', 404), 'notValid'],
    ['a malformed code (400)', new ApiError('This field is required', 400), 'notValid'],
    ['a 410 without the usual text', new ApiError('Gone', 410), 'notValid'],
    ['a 403 without the usual text', new ApiError('You are not authorised to view this page', 403), 'wrongEmail'],
    ['a 500', new ApiError('Internal Server Error', 500), 'unavailable'],
    ['a plain-text reason without a status', new Error('This invitation has expired'), 'expired'],
  ] as const)('%s', ([, error, problem]) => {
    expect(invitationProblemOf(error)).toBe(problem);
  });
});

describe('invite acceptance, the way round through sign-in', () => {
  test('a signed-out visitor keeps the code, signs in, and the redirect brings them back', async () => {
    const stored: (string | null)[] = [];
    const signedOut = createActor(
      inviteAcceptanceMachine.provide({ actions: { persistInviteCode: (_, { inviteCode }) => stored.push(inviteCode) } }),
      { input: visitor({ invitationCodeFromQuery: 'link-code' }) },
    ).start();
    expect(Invite.redirectTo(signedOut.getSnapshot())).toBe('/');
    expect(stored).toEqual(['link-code']);

    const afterSignIn = decideRedirect({
      payload: { sub: 'new-user', exp: 2_000_000_000, roles: ['Unregistered'], company: null },
      inviteCode: stored[0] ?? null,
      returnTo: null,
    });
    expect(afterSignIn).toBe('/accept_invitation');

    const scripted = new ScriptedActors();
    const delivered: string[] = [];
    const back = createActor(
      inviteAcceptanceMachine.provide({
        actors: { loadInvitation: scripted.logic<InvitationView, InviteCodeInput>(), acceptInvite: scripted.logic<TokenResponse, InviteCodeInput>() },
        actions: { deliverToken: (_, { token }) => delivered.push(token) },
      }),
      { input: visitor({ storedInvitationCode: 'link-code', signedIn: true, roles: ['Unregistered'] }) },
    ).start();
    expect(scripted.lastInput('loadInvitation')).toEqual({ inviteCode: 'link-code' });
    scripted.resolve('loadInvitation', { company: { name: 'Harbour Constructions' }, role: 'CompanySupervisor' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(Invite.invitation(back.getSnapshot())?.roleLabel).toBe('Supervisor');
    back.send({ type: 'invite.accept' });
    scripted.resolve('acceptInvite', { token: 'supervisor-token' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toEqual(['supervisor-token']);
    expect(back.getSnapshot().output).toEqual({ kind: 'accepted', token: 'supervisor-token' });
  });

  test('fails loudly when the storage action is not provided', () => {
    const errors: unknown[] = [];
    const actor = createActor(inviteAcceptanceMachine, { input: visitor({ invitationCodeFromQuery: 'link-code' }) });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(errors).toEqual([new Error('persistInviteCode must be provided')]);
  });
});

describe('serverMessage', () => {
  test.for([
    ['a plain-text body', new Error('This invitation has expired'), 'This invitation has expired'],
    ['a JSON body with a message', new Error('{"message":"Email mismatch"}'), 'Email mismatch'],
    ['a JSON string', new Error('"Quoted"'), 'Quoted'],
    ['JSON without a message', new Error('{"code":42}'), '{"code":42}'],
    ['an empty body', new Error('  '), 'Something went wrong :('],
    ['not an Error', 'boom', 'Something went wrong :('],
  ] as const)('%s', ([, error, message]) => {
    expect(serverMessage(error, 'Something went wrong :(')).toBe(message);
  });
});
