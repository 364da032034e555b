import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  inviteAcceptanceMachine,
  serverMessage,
  type DeliverTokenParams,
  type InviteAcceptanceInput,
  type InviteCodeInput,
  type PersistInviteCodeParams,
} from '../../machines/invite-acceptance.machine';
import * as Invite from '../../machines/invite-acceptance.selectors';
import { decideRedirect } from '../../machines/sign-in-redirect.machine';
import type { InvitationView } from '../../src/domain/invite';
import type { TokenResponse } from '../../src/domain/token';
import { modelPaths, replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type AcceptanceEvent = EventFromLogic<typeof inviteAcceptanceMachine> | { type: string; [key: string]: unknown };

const invitation: InvitationView = { company: { name: 'Harbour Constructions' }, role: 'CompanyAdmin' };
const expired = new Error('This invitation has expired');
const wrongEmail = new Error('{"message":"This invitation was sent to a different email address"}');

const sampleEvents: Record<string, AcceptanceEvent[]> = {
  'invite.accept': [{ type: 'invite.accept' }],
  'xstate.done.actor.loadInvitation': [{ type: 'xstate.done.actor.loadInvitation', output: invitation }],
  'xstate.error.actor.loadInvitation': [{ type: 'xstate.error.actor.loadInvitation', error: expired }],
  'xstate.done.actor.acceptInvite': [{ type: 'xstate.done.actor.acceptInvite', output: { token: 'token-with-admin-role' } }],
  'xstate.error.actor.acceptInvite': [{ type: 'xstate.error.actor.acceptInvite', error: wrongEmail }],
};

const visitor = (overrides: Partial<InviteAcceptanceInput>): InviteAcceptanceInput => ({
  invitationCodeFromQuery: null,
  storedInvitationCode: null,
  signedIn: false,
  roles: [],
  ...overrides,
});

/** One input per opening decision; the last two read and accept the invitation. */
const inputs: [string, InviteAcceptanceInput][] = [
  ['no code anywhere', visitor({})],
  ['signed out, code in the link', visitor({ invitationCodeFromQuery: 'link-code' })],
  ['signed out, code stored', visitor({ storedInvitationCode: 'stored-code' })],
  ['an admin already', visitor({ storedInvitationCode: 'stored-code', signedIn: true, roles: ['CompanyAdmin'] })],
  ['Unregistered, a newer link than the stored code', visitor({ invitationCodeFromQuery: 'link-code', storedInvitationCode: 'stored-code', signedIn: true, roles: ['Unregistered'] })],
  ['no roles yet, code stored', visitor({ storedInvitationCode: 'stored-code', signedIn: true, roles: [] })],
];

interface AcceptanceRig extends Rig<typeof inviteAcceptanceMachine> {
  persisted: (string | null)[];
  delivered: string[];
}

const coverage = new TransitionCoverage(inviteAcceptanceMachine);
const paths = inputs.flatMap(([name, input]) =>
  modelPaths(inviteAcceptanceMachine, { inputs: [input], events: sampleEvents }).map((path) => [`${name}: ${path.description}`, path] as const),
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
        expect(Invite.isLoading(snapshot)).toBe(snapshot.matches('loading'));
        expect(Invite.isAccepting(snapshot)).toBe(snapshot.matches('accepting'));
        expect(Invite.canAccept(snapshot)).toBe(snapshot.matches('showing'));
        if (snapshot.matches('loading')) {
          expect(rig.scripted.lastInput('loadInvitation'), 'the link wins over the stored code').toEqual({
            inviteCode: path.input.invitationCodeFromQuery ?? path.input.storedInvitationCode,
          });
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
    const code = path.input.invitationCodeFromQuery ?? path.input.storedInvitationCode;
    if (end.matches('noInvitation')) {
      expect(Invite.redirectTo(end)).toBe('/');
      expect(rig.persisted).toEqual([]);
    }
    if (end.matches('signInFirst')) {
      expect(Invite.redirectTo(end), 'a signed-out visitor signs in first').toBe('/');
      expect(rig.persisted, 'the code is kept for the sign-in and the way back').toEqual([code]);
    }
    if (end.matches('alreadyRegistered')) {
      expect(Invite.redirectTo(end)).toBe('/clients');
      expect(rig.persisted, 'the spent code is forgotten').toEqual([null]);
    }
    if (end.matches('failed')) {
      expect(Invite.redirectTo(end)).toBeNull();
      expect(Invite.failureMessage(end)).toBe(
        path.steps.at(-1)?.event.type === 'xstate.error.actor.loadInvitation'
          ? 'This invitation has expired'
          : 'This invitation was sent to a different email address',
      );
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
