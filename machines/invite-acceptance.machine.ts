import { assign, fromPromise, setup } from 'xstate';
import type { InvitationView } from '../src/domain/invite';
import type { Role } from '../src/domain/roles';
import type { TokenResponse } from '../src/domain/token';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';
import { serverMessage } from './server-message';

// Its home was here; callers and tests that import it from here still find it.
export { serverMessage };

export interface InviteAcceptanceInput {
  /** `invitationCode` from the address, when there is one. */
  readonly invitationCodeFromQuery: string | null;
  /** The session's stored invitation code (key `invitationCode`). */
  readonly storedInvitationCode: string | null;
  readonly signedIn: boolean;
  /** The signed-in user's roles (token payload); empty when signed out. */
  readonly roles: readonly Role[];
}

export interface InviteAcceptanceContext {
  /** The code from the address, else the stored one. */
  readonly inviteCode: string | null;
  readonly signedIn: boolean;
  readonly roles: readonly Role[];
  readonly invitation: InvitationView | null;
  /** The token POST user/accept answered. */
  readonly token: string | null;
  readonly error: string | null;
}

export type InviteAcceptanceEvent = { type: 'invite.accept' };

export interface InviteCodeInput {
  readonly inviteCode: string;
}

export interface PersistInviteCodeParams {
  /** null forgets the stored code. */
  readonly inviteCode: string | null;
}

export interface DeliverTokenParams {
  readonly token: string;
}

/** Where the gateway ends: leave for a path, or stay with the accepted token, or show the failure. */
export type InviteAcceptanceOutput =
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'accepted'; readonly token: string }
  | { readonly kind: 'failed'; readonly message: string };

export const inviteAcceptanceFallbackMessage = 'Something went wrong :(';

const mayAccept = (roles: readonly Role[]) => roles.length === 0 || roles.includes('Unregistered');

/** Spec §2 /accept_invitation: find the code, make sure the right person is signed in, then accept it. */
export const inviteAcceptanceMachine = setup({
  types: {} as {
    context: InviteAcceptanceContext;
    events: InviteAcceptanceEvent;
    input: InviteAcceptanceInput;
    output: InviteAcceptanceOutput;
    tags: 'loading' | 'busy';
  },
  actors: {
    loadInvitation: fromPromise<InvitationView, InviteCodeInput>(mustBeProvided('loadInvitation')),
    acceptInvite: fromPromise<TokenResponse, InviteCodeInput>(mustBeProvided('acceptInvite')),
  },
  actions: {
    persistInviteCode: actionMustBeProvided<PersistInviteCodeParams>('persistInviteCode'),
    deliverToken: actionMustBeProvided<DeliverTokenParams>('deliverToken'),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({
      error: serverMessage(error, inviteAcceptanceFallbackMessage),
    })),
  },
  guards: {
    hasNoCode: ({ context }) => context.inviteCode === null,
    isSignedOut: ({ context }) => !context.signedIn,
    hasPortalRole: ({ context }) => !mayAccept(context.roles),
  },
}).createMachine({
  id: 'inviteAcceptance',
  description: 'The invitation gateway: an invited person signs in, reads who invited them, and accepts.',
  context: ({ input }) => ({
    inviteCode: input.invitationCodeFromQuery || input.storedInvitationCode || null,
    signedIn: input.signedIn,
    roles: input.signedIn ? input.roles : [],
    invitation: null,
    token: null,
    error: null,
  }),
  initial: 'deciding',
  output: ({ event }) => event.output as InviteAcceptanceOutput,
  states: {
    deciding: {
      description: 'The first rule that applies wins, in this order.',
      always: [
        { guard: 'hasNoCode', target: 'noInvitation' },
        { guard: 'isSignedOut', target: 'signInFirst' },
        { guard: 'hasPortalRole', target: 'alreadyRegistered' },
        { target: 'loading' },
      ],
    },
    noInvitation: {
      type: 'final',
      description: 'Spec §2: no invitation code in the address or in storage: back to the login screen.',
      output: { kind: 'redirect', to: '/' },
    },
    signInFirst: {
      type: 'final',
      description:
        'Signed out: the code is kept in storage and goes with the sign-in; the redirect after sign-in comes back here.',
      entry: { type: 'persistInviteCode', params: ({ context }) => ({ inviteCode: context.inviteCode }) },
      output: { kind: 'redirect', to: '/' },
    },
    alreadyRegistered: {
      type: 'final',
      description:
        'Spec §2: a signed-in user with a role other than Unregistered goes to /clients. The code is forgotten, so later sign-ins do not come back here.',
      entry: { type: 'persistInviteCode', params: { inviteCode: null } },
      output: { kind: 'redirect', to: '/clients' },
    },
    loading: {
      description: 'GET user/invite/{inviteCode}: who invited the user, and as what.',
      tags: ['loading'],
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ inviteCode: context.inviteCode ?? '' }),
        onDone: { target: 'showing', actions: assign({ invitation: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showing: {
      description: "'You have received an invitation from company {name} as {role}' and 'Accept Invite'.",
      on: { 'invite.accept': { target: 'accepting' } },
    },
    accepting: {
      description: 'POST user/accept: the answer is a token carrying the new role.',
      tags: ['busy'],
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }) => ({ inviteCode: context.inviteCode ?? '' }),
        onDone: {
          target: 'accepted',
          actions: [
            assign({ token: ({ event }) => event.output.token }),
            { type: 'deliverToken', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    accepted: {
      type: 'final',
      description:
        'The session holds the new token (session.tokenReceived, which also forgets the stored code); the redirect after sign-in decides where to go.',
      output: ({ context }) => ({ kind: 'accepted', token: context.token ?? '' }),
    },
    failed: {
      type: 'final',
      description:
        "Spec §8: the server's message, full screen, with a logout button. The stored code is forgotten so the next sign-in does not land here again.",
      entry: { type: 'persistInviteCode', params: { inviteCode: null } },
      output: ({ context }) => ({ kind: 'failed', message: context.error ?? inviteAcceptanceFallbackMessage }),
    },
  },
});
