import { assign, emit, fromPromise, setup } from 'xstate';
import type { AccessTokenPayload, TokenResponse } from '../src/domain/token';
import { isTokenLive, type Provider } from '../src/domain/token-claims';
import { decodeAccessToken } from './access-token';
import { httpStatusOf } from './load-problem';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';
import { sessionStorageKeys, storedValue, type PersistParams, type StoredSession } from './session-storage';

interface Clock {
  now(): number;
}

export interface SessionInput {
  /** Where the session reads the current time; tests pass a fake. Defaults to Date.now. */
  clock?: Clock;
}

export interface SessionContext extends StoredSession {
  payload: AccessTokenPayload | null;
  clock: Clock;
  /**
   * Why the last sign-in did not complete, which the login page says until the next attempt: the code was
   * refused (bad or expired), or the portal could not be reached to exchange it.
   */
  signInFailure: SignInFailure | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; provider: Provider; readonly returnTo?: string }
  | { type: 'session.codeReceived'; code: string }
  | { type: 'session.inviteCodeReceived'; inviteCode: string | null }
  | { type: 'session.tokenReceived'; token: string }
  | { type: 'session.signOut' }
  /** A call was answered 401; `token` is the one it sent, if known. */
  | { type: 'session.expired'; token?: string | null }
  | { type: 'session.online' }
  | { type: 'session.signInFailed' };

export type SessionEmitted = { type: 'session.initialised' };

export type SignInFailure = 'refused' | 'unreachable';

/** A code the server answered about (4xx) was refused; no answer or a server fault means it could not be exchanged. */
function signInFailureOf(error: unknown): SignInFailure {
  const status = httpStatusOf(error);
  return status !== null && status >= 400 && status < 500 ? 'refused' : 'unreachable';
}

/** Issue 55 §4: only the server answering 401 or 403 refuses a renewal; no answer (offline) or a server fault leaves the session kept. */
function isRefusedRenewal(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 401 || status === 403;
}

export interface ExchangeCodeInput {
  code: string;
  inviteCode: string | null;
}

export interface BearerInput {
  accessToken: string | null;
}

export interface RedirectToProviderParams {
  provider: Provider;
  /** The page the sign-in comes back to, carried by the server (a site's check-in page only), or null for the person's own. */
  returnTo: string | null;
}

export interface LogErrorParams {
  error: unknown;
}

/** The token is renewed this long before it expires. */
const refreshLeadMs = 60_000;
const longestTimerMs = 2_147_483_647;

const systemClock: Clock = { now: () => Date.now() };

const signedOutValues = { accessToken: null, payload: null } as const;

function removeStored(field: keyof typeof sessionStorageKeys) {
  return { type: 'persist', params: { key: sessionStorageKeys[field], value: null } } as const;
}

const forgetToken = ['clearToken', removeStored('accessToken')] as const;

const forgetStored = [removeStored('provider'), removeStored('authCode'), removeStored('accessToken'), removeStored('inviteCode')];

/** Spec §4 Session: load the stored values, exchange the auth code, keep the token fresh, sign out. */
export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    // void keeps the input optional for createActor (XState drops a plain `| undefined`).
    input: SessionInput | void;
    emitted: SessionEmitted;
  },
  actors: {
    loadStored: fromPromise<StoredSession>(mustBeProvided('loadStored')),
    exchangeCode: fromPromise<TokenResponse, ExchangeCodeInput>(mustBeProvided('exchangeCode')),
    refreshToken: fromPromise<TokenResponse, BearerInput>(mustBeProvided('refreshToken')),
    signOut: fromPromise<unknown, BearerInput>(mustBeProvided('signOut')),
  },
  actions: {
    persist: actionMustBeProvided<PersistParams>('persist'),
    redirectToProvider: actionMustBeProvided<RedirectToProviderParams>('redirectToProvider'),
    logError: (_, { error }: LogErrorParams) => console.error(error),
    reportInitialised: emit({ type: 'session.initialised' } as const),
    clearToken: assign(signedOutValues),
    clearAuthCode: assign({ authCode: null }),
    clearSession: assign({ provider: null, authCode: null, inviteCode: null, signInFailure: null, ...signedOutValues }),
    rememberSignInFailure: assign((_, { failure }: { failure: SignInFailure }) => ({ signInFailure: failure })),
    restoreStored: assign(({ context }, stored: StoredSession) => {
      const accessToken = storedValue(stored.accessToken);
      return {
        provider: stored.provider,
        authCode: context.authCode ?? storedValue(stored.authCode),
        accessToken,
        inviteCode: context.inviteCode ?? storedValue(stored.inviteCode),
        payload: decodeAccessToken(accessToken),
      };
    }),
    acceptToken: assign((_, { token }: { token: string }) => ({
      accessToken: token,
      payload: decodeAccessToken(token),
      signInFailure: null,
    })),
  },
  guards: {
    hasCode: ({ event }) => event.type === 'session.codeReceived' && event.code !== '',
    hasInviteCode: ({ event }) => event.type === 'session.inviteCodeReceived' && Boolean(event.inviteCode),
    hasAuthCode: ({ context }) => context.authCode !== null,
    hasLiveToken: ({ context }) => context.payload !== null && isTokenLive(context.payload, context.clock.now()),
    hasToken: ({ context }) => context.payload !== null,
    /** The refused call sent a token the session has since replaced: its answer says nothing of the current one. */
    refusedAReplacedToken: ({ context, event }) => event.type === 'session.expired' && typeof event.token === 'string' && event.token !== context.accessToken,
    hasExpiredToken: ({ context }) => context.payload === null || !isTokenLive(context.payload, context.clock.now()),
    isRefusal: (_, { error }: LogErrorParams) => isRefusedRenewal(error),
    isReadableToken: (_, { token }: { token: string }) => decodeAccessToken(token) !== null,
  },
  delays: {
    refreshDue: ({ context }) => {
      const expiresAt = (context.payload?.exp ?? 0) * 1000;
      return Math.min(longestTimerMs, Math.max(0, expiresAt - context.clock.now() - refreshLeadMs));
    },
  },
}).createMachine({
  id: 'session',
  description: 'Spec §3/§4 Session: provider choice, auth code, access token and invitation code, mirrored in browser storage.',
  context: ({ input }) => ({
    provider: null,
    authCode: null,
    accessToken: null,
    inviteCode: null,
    payload: null,
    clock: (input ? input.clock : undefined) ?? systemClock,
    signInFailure: null,
  }),
  initial: 'initialising',
  on: {
    'session.inviteCodeReceived': {
      description: 'An invitation link was opened (or the code was spent): remember it, or forget it when empty.',
      actions: [
        assign({ inviteCode: ({ event }) => storedValue(event.inviteCode) }),
        { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.inviteCode, value: storedValue(event.inviteCode) }) },
      ],
    },
  },
  states: {
    initialising: {
      description: 'Loading the stored provider choice, auth code, access token and invitation code.',
      tags: ['loading'],
      exit: 'reportInitialised',
      invoke: {
        id: 'loadStored',
        src: 'loadStored',
        onDone: {
          target: 'restoring',
          actions: { type: 'restoreStored', params: ({ event }) => event.output },
        },
        onError: {
          description: 'Storage could not be read: carry on with whatever arrived meanwhile.',
          target: 'restoring',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'session.codeReceived': {
          description: 'The identity provider sent the browser back with a code before storage was read.',
          guard: 'hasCode',
          actions: [
            assign({ authCode: ({ event }) => event.code }),
            { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.authCode, value: event.code }) },
          ],
        },
        'session.inviteCodeReceived': [
          {
            description: 'An invitation link was opened before storage was read: it wins over a stored code.',
            guard: 'hasInviteCode',
            actions: [
              assign({ inviteCode: ({ event }) => event.inviteCode }),
              { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.inviteCode, value: event.inviteCode }) },
            ],
          },
          { description: 'Forgetting the invitation code waits until the stored one is known.' },
        ],
      },
    },
    restoring: {
      description:
        'Decides where the stored values lead. A pending auth code is newer than any stored token (codes are removed once exchanged), so it is exchanged first.',
      always: [
        { guard: 'hasAuthCode', target: 'exchangingCode' },
        { guard: 'hasLiveToken', target: 'signedIn' },
        { guard: 'hasToken', target: 'refreshing' },
        {
          target: 'signedOut',
          actions: [...forgetToken],
        },
      ],
    },
    signedOut: {
      description: 'No usable token. The login screen offers Google and Apple.',
      on: {
        'session.signIn': {
          description: 'Remember the provider choice and leave for the identity provider.',
          actions: [
            assign({ provider: ({ event }) => event.provider, signInFailure: null }),
            { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.provider, value: event.provider }) },
            { type: 'redirectToProvider', params: ({ event }) => ({ provider: event.provider, returnTo: event.returnTo ?? null }) },
          ],
        },
        'session.signInFailed': {
          description: 'The identity provider sent the browser back without a sign-in (the server logs why): the login page says so.',
          actions: [{ type: 'logError', params: () => ({ error: new Error('Sign-in with the identity provider did not complete') }) },
            { type: 'rememberSignInFailure', params: { failure: 'refused' } },
          ],
        },
        'session.codeReceived': {
          guard: 'hasCode',
          target: 'exchangingCode',
          actions: [
            assign({ authCode: ({ event }) => event.code, signInFailure: null }),
            { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.authCode, value: event.code }) },
          ],
        },
      },
    },
    exchangingCode: {
      description: 'Exchanging the auth code (and the invitation code, when there is one) for an access token.',
      tags: ['loading'],
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.authCode ?? '', inviteCode: context.inviteCode }),
        onDone: [
          {
            guard: { type: 'isReadableToken', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              { type: 'acceptToken', params: ({ event }) => event.output },
              { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.accessToken, value: event.output.token }) },
              'clearAuthCode',
              removeStored('authCode'),
            ],
          },
          {
            description: 'Spec §8: a failed exchange is logged and the token is not set; the login page says it failed (issue 55 §8).',
            target: 'signedOut',
            actions: [
              { type: 'logError', params: () => ({ error: new Error('The token exchange answered an unreadable token') }) },
              { type: 'rememberSignInFailure', params: { failure: 'refused' } },
              'clearAuthCode',
              'clearToken',
              removeStored('authCode'),
              removeStored('accessToken'),
            ],
          },
        ],
        onError: {
          description: 'Spec §8: a failed exchange is logged and the token is not set; the login page says it failed (issue 55 §8).',
          target: 'signedOut',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'rememberSignInFailure', params: ({ event }) => ({ failure: signInFailureOf(event.error) }) },
            'clearAuthCode',
            'clearToken',
            removeStored('authCode'),
            removeStored('accessToken'),
          ],
        },
      },
    },
    refreshing: {
      description: 'The stored token has expired: renewing it with the refresh cookie before showing anything.',
      tags: ['loading', 'refreshing'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: [
          {
            guard: { type: 'isReadableToken', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              { type: 'acceptToken', params: ({ event }) => event.output },
              { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.accessToken, value: event.output.token }) },
            ],
          },
          {
            target: 'signedOut',
            actions: [
              { type: 'logError', params: () => ({ error: new Error('The token refresh answered an unreadable token') }) },
              ...forgetToken,
            ],
          },
        ],
        onError: [
          {
            description: 'The server refused the renewal (401 or 403): signed out.',
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ...forgetToken,
            ],
          },
          {
            description: 'Issue 55 §4: no answer (offline) or a server fault: the session is kept, its token not renewed, and the screens the phone keeps open.',
            target: 'signedIn.stale',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    signedIn: {
      description: 'A live access token; its payload gives the roles and the company.',
      initial: 'active',
      on: {
        'session.tokenReceived': [
          {
            description: 'A new token (after an invitation is accepted): it replaces the old one and the invitation code is spent.',
            guard: { type: 'isReadableToken', params: ({ event }) => event },
            target: '.active',
            actions: [
              { type: 'acceptToken', params: ({ event }) => event },
              { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.accessToken, value: event.token }) },
              assign({ inviteCode: null }),
              removeStored('inviteCode'),
            ],
          },
          {
            description: 'An unreadable token is ignored (and logged); the current one stays.',
            actions: { type: 'logError', params: () => ({ error: new Error('Ignored an unreadable access token') }) },
          },
        ],
        'session.signOut': { target: 'signingOut' },
        'session.expired': [
          {
            description: 'A call sent with a token since renewed was refused (its answer came after the renewal): the renewed token stands.',
            guard: 'refusedAReplacedToken',
          },
          {
            description: 'The server rejected the token: forget it.',
            target: 'signedOut',
            actions: [...forgetToken],
          },
        ],
      },
      states: {
        active: {
          description: 'Waiting until a minute before the token expires.',
          after: { refreshDue: { target: 'renewing' } },
        },
        renewing: {
          description: 'Renewing the token in the background; the user stays signed in meanwhile.',
          tags: ['refreshing'],
          invoke: {
            id: 'renewToken',
            src: 'refreshToken',
            input: ({ context }) => ({ accessToken: context.accessToken }),
            onDone: [
              {
                guard: { type: 'isReadableToken', params: ({ event }) => event.output },
                target: 'active',
                actions: [
                  { type: 'acceptToken', params: ({ event }) => event.output },
                  { type: 'persist', params: ({ event }) => ({ key: sessionStorageKeys.accessToken, value: event.output.token }) },
                ],
              },
              {
                target: '#session.signedOut',
                actions: [
                  { type: 'logError', params: () => ({ error: new Error('The token refresh answered an unreadable token') }) },
                  ...forgetToken,
                ],
              },
            ],
            onError: [
              {
                description: 'The server refused the renewal (401 or 403): signed out.',
                guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: [
                  { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                  ...forgetToken,
                ],
              },
              {
                description: 'Issue 55 §4: no answer (offline) or a server fault: the session is kept until the connection returns.',
                target: 'stale',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          on: {
            'session.expired': [
              {
                description: 'A call sent with a token since renewed was refused (its answer came after the renewal): the renewed token stands.',
                guard: 'refusedAReplacedToken',
              },
              {
                description: 'A call sent with the expired token was refused while it is being renewed: the renewal decides.',
                guard: 'hasExpiredToken',
              },
              {
                description: 'The server rejected a live token: forget it.',
                target: '#session.signedOut',
                actions: [...forgetToken],
              },
            ],
          },
        },
        stale: {
          description:
            'Issue 55 §4: signed in, but the token could not be renewed because the portal was not reached; the screens the phone keeps stay open until the connection returns.',
          tags: ['stale'],
          on: {
            'session.online': {
              description: 'The browser is back online: renew the token.',
              target: 'renewing',
            },
            'session.expired': {
              description: 'A call reached the portal with the old token and was refused: renew it rather than sign out.',
              target: 'renewing',
            },
          },
        },
      },
    },
    signingOut: {
      description: 'The server revokes the refresh cookie; then every stored value is cleared, whatever it answered.',
      tags: ['loading'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: { target: 'signedOut', actions: ['clearSession', ...forgetStored] },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'clearSession', ...forgetStored],
        },
      },
    },
  },
});
