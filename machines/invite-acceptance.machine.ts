import { assign, fromPromise, setup } from 'xstate';
import { inviteMessages, type InvitationView } from '../src/domain/invite';
import type { Role } from '../src/domain/roles';
import type { TokenResponse } from '../src/domain/token';
import { httpStatusOf } from './load-problem';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';
import { serverMessage } from './server-message';

// Re-exported for the callers and tests that import it from this machine.
export { serverMessage };

export interface InviteAcceptanceInput {
  /** `invitationCode` from the address, when there is one. */
  readonly invitationCodeFromQuery: string | null;
  /** The session's stored invitation code (key `invitationCode`). */
  readonly storedInvitationCode: string | null;
  readonly signedIn: boolean;
  /** The signed-in user's roles (token payload); empty when signed out. */
  readonly roles: readonly Role[];
  /**
   * Where the signed-in user's home page is (`decideRedirect` without an invitation or a return
   * path). Spec §2 sends a user with a role to /clients, which is the default.
   */
  readonly homePath?: string;
}

/**
 * Why an invitation cannot be accepted (issue 13 §2), read from the server's answer: `used`,
 * `expired`, `replaced` (a resend voided it, or its company was deleted), `notValid` (no such code),
 * `wrongEmail` (sent to another address) or `unavailable` (the server or the network failed).
 * The view says what to do next for each.
 */
export type InvitationProblem = 'used' | 'expired' | 'replaced' | 'notValid' | 'wrongEmail' | 'unavailable';

export interface InviteAcceptanceContext {
  /** The code from the address, else the stored one. */
  readonly inviteCode: string | null;
  /** True when the code came from the address; false when it was stored before a sign-in (and went with it). */
  readonly codeFromLink: boolean;
  readonly signedIn: boolean;
  readonly roles: readonly Role[];
  readonly homePath: string;
  readonly invitation: InvitationView | null;
  /** The token POST user/accept answered. */
  readonly token: string | null;
  /** The server's message when the invitation was refused. */
  readonly error: string | null;
  readonly problem: InvitationProblem | null;
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

/** Why the invitation page stays on screen without an invitation to accept. */
export interface InvitationFailure {
  /** The server's message, as it said it (spec §8). */
  readonly message: string;
  readonly problem: InvitationProblem;
  /** The user's home page when they already have a role there ('Go to your home page'); null for someone without one. */
  readonly home: string | null;
}

/** Where the gateway ends: leave for a path, or stay with the accepted token, or explain why not. */
export type InviteAcceptanceOutput =
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'accepted'; readonly token: string }
  | ({ readonly kind: 'failed' } & InvitationFailure);

const inviteAcceptanceFallbackMessage = 'Something went wrong :(';

const problemsByMessage = new Map<string, InvitationProblem>([
  [inviteMessages.used, 'used'],
  [inviteMessages.expired, 'expired'],
  [inviteMessages.voided, 'replaced'],
  [inviteMessages.notValid, 'notValid'],
  [inviteMessages.wrongEmail, 'wrongEmail'],
]);

/** DESIGN.md Invitations: each refusal of GET user/invite/{code} and POST user/accept names its reason. */
export function invitationProblemOf(error: unknown): InvitationProblem {
  const named = problemsByMessage.get(serverMessage(error, ''));
  if (named) return named;
  const status = httpStatusOf(error);
  if (status === 400 || status === 404 || status === 410) return 'notValid';
  if (status === 403) return 'wrongEmail';
  return 'unavailable';
}

const mayAccept = (roles: readonly Role[]) => roles.length === 0 || roles.includes('Unregistered');

/** The server's message (spec §8); a call that got no answer at all has only the fallback to say. */
function refusal(error: unknown): Pick<InviteAcceptanceContext, 'error' | 'problem'> {
  const problem = invitationProblemOf(error);
  const answered = problem !== 'unavailable' || httpStatusOf(error) !== null;
  return { error: answered ? serverMessage(error, inviteAcceptanceFallbackMessage) : inviteAcceptanceFallbackMessage, problem };
}

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
    rememberFailure: assign((_, { error }: { error: unknown }) => refusal(error)),
  },
  guards: {
    hasNoCode: ({ context }) => context.inviteCode === null,
    isSignedOut: ({ context }) => !context.signedIn,
    hasPortalRole: ({ context }) => !mayAccept(context.roles),
    spentAtSignIn: ({ context }, { error }: { error: unknown }) => !context.codeFromLink && invitationProblemOf(error) === 'used',
  },
}).createMachine({
  id: 'inviteAcceptance',
  description: 'The invitation gateway: an invited person signs in, reads who invited them, and accepts.',
  context: ({ input }) => ({
    inviteCode: input.invitationCodeFromQuery || input.storedInvitationCode || null,
    codeFromLink: Boolean(input.invitationCodeFromQuery),
    signedIn: input.signedIn,
    roles: input.signedIn ? input.roles : [],
    homePath: input.homePath || '/clients',
    invitation: null,
    token: null,
    error: null,
    problem: null,
  }),
  initial: 'deciding',
  output: ({ event }) => event.output as InviteAcceptanceOutput,
  states: {
    deciding: {
      description: 'The first rule that applies wins, in this order.',
      always: [
        { guard: 'hasNoCode', target: 'noInvitation' },
        { guard: 'isSignedOut', target: 'signInFirst' },
        { guard: 'hasPortalRole', target: 'checking' },
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
    checking: {
      description:
        'Issue 13 §2: signed in with a role other than Unregistered. GET user/invite/{inviteCode} says whether the invitation still stands before the user is sent home, so a refused one is explained rather than skipped.',
      tags: ['loading'],
      invoke: {
        id: 'checkInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ inviteCode: context.inviteCode ?? '' }),
        onDone: { target: 'alreadyRegistered' },
        onError: [
          {
            description:
              'A stored code went with the sign-in, which accepts a valid invitation (spec §7 auth/token): already used means it gave this user their role.',
            guard: { type: 'spentAtSignIn', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyRegistered',
          },
          { target: 'refused', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    alreadyRegistered: {
      type: 'final',
      description:
        'Spec §2: a signed-in user with a role other than Unregistered goes home (/clients unless their home page is given). The code is forgotten, so later sign-ins do not come back here.',
      entry: { type: 'persistInviteCode', params: { inviteCode: null } },
      output: ({ context }) => ({ kind: 'redirect', to: context.homePath }),
    },
    refused: {
      type: 'final',
      description:
        "Issue 13 §2: the invitation was used, expired, replaced or never existed. The server's message stays on the invitation page with what to do next and a way to the user's home page; the code is forgotten.",
      entry: { type: 'persistInviteCode', params: { inviteCode: null } },
      output: ({ context }) => ({
        kind: 'failed',
        message: context.error ?? inviteAcceptanceFallbackMessage,
        problem: context.problem ?? 'unavailable',
        home: context.homePath,
      }),
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
        "Spec §8: the server's message, full screen, with what to do next and a logout button (no home page without a role). The stored code is forgotten so the next sign-in does not land here again.",
      entry: { type: 'persistInviteCode', params: { inviteCode: null } },
      output: ({ context }) => ({
        kind: 'failed',
        message: context.error ?? inviteAcceptanceFallbackMessage,
        problem: context.problem ?? 'unavailable',
        home: null,
      }),
    },
  },
});
