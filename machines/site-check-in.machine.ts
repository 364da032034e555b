import { assign, fromPromise, setup } from 'xstate';
import type { Role } from '../src/domain/roles';
import { isClosedForCheckIn, siteVisitMessages, type ActiveCheckIn, type CheckInRequest, type EndedCheckIn, type SiteVisit } from '../src/domain/site-visit';
import type { Provider, TokenResponse } from '../src/domain/token';
import { serverMessage } from './server-message';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';

export interface SiteCheckInInput {
  readonly siteId: string;
  /** `key` from the poster's address. */
  readonly key: string;
  readonly signedIn: boolean;
  /** The signed-in user's roles (token payload); empty when signed out. */
  readonly roles: readonly Role[];
}

/** What 'Try again' repeats. */
export type CheckInAttempt = 'load' | 'join' | 'checkIn' | 'checkOut';

export interface SiteCheckInContext {
  readonly siteId: string;
  readonly key: string;
  readonly signedIn: boolean;
  readonly roles: readonly Role[];
  readonly visit: SiteVisit | null;
  /** The token POST site/{id}/join answered: the reads after joining carry it. */
  readonly token: string | null;
  readonly joined: boolean;
  readonly ppeConfirmed: boolean;
  readonly safetyPlanAcknowledged: boolean;
  readonly checkIn: ActiveCheckIn | null;
  readonly checkedOut: EndedCheckIn | null;
  /** What blocks check-in, each saying what to fix. */
  readonly problems: readonly string[];
  /** What failed, while the failure is shown. */
  readonly failedStep: CheckInAttempt | null;
  readonly error: string | null;
}

export type SiteCheckInEvent =
  | { type: 'visit.signIn'; provider: Provider }
  | { type: 'ppe.confirm'; confirmed: boolean }
  | { type: 'safetyPlan.acknowledge'; acknowledged: boolean }
  | { type: 'visit.checkIn' }
  | { type: 'visit.checkOut' }
  | { type: 'visit.retry' }
  | { type: 'visit.reload' };

export interface SiteKeyInput {
  readonly siteId: string;
  readonly key: string;
}

export interface LoadVisitInput extends SiteKeyInput {
  /** A token newer than the stored one, when there is one. */
  readonly token: string | null;
}

export interface CheckInInput {
  readonly siteId: string;
  readonly request: CheckInRequest;
  readonly token: string | null;
}

export interface CheckOutInput {
  readonly siteId: string;
  readonly token: string | null;
}

const checkInFallbackMessage = 'Something went wrong :(';

/** The HTTP status of a failed call (src/api's ApiError carries one), else null. */
export function failureStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

const isInvalidKeyError = (error: unknown) => failureStatus(error) === 403 && serverMessage(error, '') === siteVisitMessages.invalidKey;

/** Issue 10: a 409 from POST site/{id}/checkin lists what blocks check-in, joined by '; '. */
export function problemsOf(error: unknown): string[] {
  return serverMessage(error, checkInFallbackMessage)
    .split('; ')
    .map((problem) => problem.trim())
    .filter((problem) => problem !== '');
}

/** The site requires PPE: the tradesperson confirms 'I have this PPE' (with none listed, nothing to confirm). */
export function needsPpeConfirmation(visit: SiteVisit | null): boolean {
  return visit !== null && (visit.site.ppe.length > 0 || visit.site.otherPpe.trim() !== '');
}

export function needsSafetyPlanAcknowledgement(visit: SiteVisit | null): boolean {
  return visit !== null && visit.site.hasSafetyPlan;
}

const mayJoin = (roles: readonly Role[]) => roles.length === 0 || roles.includes('Unregistered') || roles.includes('TradesPerson');

/** Issue 10 §2: the page a site poster's QR code opens, from sign-in to check-out. */
export const siteCheckInMachine = setup({
  types: {} as {
    context: SiteCheckInContext;
    events: SiteCheckInEvent;
    input: SiteCheckInInput;
    tags: 'loading' | 'busy';
  },
  actors: {
    loadVisit: fromPromise<SiteVisit, LoadVisitInput>(mustBeProvided('loadVisit')),
    joinSite: fromPromise<TokenResponse, SiteKeyInput>(mustBeProvided('joinSite')),
    checkIn: fromPromise<ActiveCheckIn, CheckInInput>(mustBeProvided('checkIn')),
    checkOut: fromPromise<EndedCheckIn, CheckOutInput>(mustBeProvided('checkOut')),
  },
  actions: {
    startSignIn: actionMustBeProvided<{ provider: Provider }>('startSignIn'),
    deliverToken: actionMustBeProvided<{ token: string }>('deliverToken'),
    rememberFailure: assign((_, { error, attempt }: { error: unknown; attempt: CheckInAttempt }) => ({
      error: serverMessage(error, checkInFallbackMessage),
      failedStep: attempt,
    })),
    forgetFailure: assign({ error: null, failedStep: null }),
  },
  guards: {
    isInvalidKey: ({ event }) => 'error' in event && isInvalidKeyError(event.error),
    isForbidden: ({ event }) => 'error' in event && failureStatus(event.error) === 403,
    isConflict: ({ event }) => 'error' in event && failureStatus(event.error) === 409,
    isSignedOut: ({ context }) => !context.signedIn,
    isSiteClosed: ({ context }) => context.visit !== null && isClosedForCheckIn(context.visit.site.status),
    isCheckedIn: ({ context }) => context.checkIn !== null,
    hasIncompleteProfile: ({ context }) => context.visit?.visitor?.profileComplete === false,
    hasProblems: ({ context }) => context.problems.length > 0,
    isTradesperson: ({ context }) => context.visit?.visitor != null,
    mayJoin: ({ context }) => !context.joined && mayJoin(context.roles),
    canCheckIn: ({ context }) =>
      (context.ppeConfirmed || !needsPpeConfirmation(context.visit)) &&
      (context.safetyPlanAcknowledged || !needsSafetyPlanAcknowledgement(context.visit)),
    retriesJoin: ({ context }) => context.failedStep === 'join',
    retriesCheckIn: ({ context }) => context.failedStep === 'checkIn',
    retriesCheckOut: ({ context }) => context.failedStep === 'checkOut',
  },
}).createMachine({
  id: 'siteCheckIn',
  description: "Issue 10: the site gate. Anyone holding the poster's key sees the site; a tradesperson confirms PPE and checks in or out.",
  context: ({ input }) => ({
    siteId: input.siteId,
    key: input.key,
    signedIn: input.signedIn,
    roles: input.signedIn ? input.roles : [],
    visit: null,
    token: null,
    joined: false,
    ppeConfirmed: false,
    safetyPlanAcknowledged: false,
    checkIn: null,
    checkedOut: null,
    problems: [],
    failedStep: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET site/{id}?key: the site, and for a tradesperson their open check-in and what blocks check-in.',
      tags: ['loading'],
      invoke: {
        id: 'loadVisit',
        src: 'loadVisit',
        input: ({ context }) => ({ siteId: context.siteId, key: context.key, token: context.token }),
        onDone: {
          target: 'deciding',
          actions: assign(({ event }) => ({
            visit: event.output,
            checkIn: event.output.visitor?.checkIn ?? null,
            problems: event.output.visitor?.problems ?? [],
          })),
        },
        onError: [
          { guard: 'isInvalidKey', target: 'invalidKey' },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, attempt: 'load' as const }) } },
        ],
      },
    },
    deciding: {
      description: 'The first rule that applies wins, in this order.',
      always: [
        { guard: 'isCheckedIn', target: 'checkedIn' },
        { guard: 'isSiteClosed', target: 'siteClosed' },
        { guard: 'isSignedOut', target: 'signedOut' },
        { guard: 'hasIncompleteProfile', target: 'profileIncomplete' },
        { guard: 'hasProblems', target: 'blocked' },
        { guard: 'isTradesperson', target: 'ready' },
        { guard: 'mayJoin', target: 'joining' },
        { target: 'notTradesperson' },
      ],
    },
    invalidKey: {
      type: 'final',
      description: "A replaced key or an unknown site: 'This site QR code is no longer valid', and whom to ask for the current one.",
    },
    siteClosed: {
      type: 'final',
      description:
        "The site is Completed or Cancelled: 'This site is not open for check-in' says so before any sign-in or tick. A worker still checked in there checks out first.",
    },
    signedOut: {
      description: 'The site is shown with Continue with Google or Apple; the sign-in comes straight back to this page.',
      on: {
        'visit.signIn': { target: 'signingIn', actions: { type: 'startSignIn', params: ({ event }) => ({ provider: event.provider }) } },
      },
    },
    signingIn: {
      type: 'final',
      description: 'This page is remembered and the browser leaves for the identity provider.',
      tags: ['busy'],
    },
    joining: {
      description:
        'Signed in with no role: POST site/{id}/join makes them a TradesPerson; the new token goes to the session (session.tokenReceived), then the visit is read again with it.',
      tags: ['loading'],
      invoke: {
        id: 'joinSite',
        src: 'joinSite',
        input: ({ context }) => ({ siteId: context.siteId, key: context.key }),
        onDone: {
          target: 'loading',
          actions: [
            assign(({ event }) => ({ token: event.output.token, joined: true, roles: ['TradesPerson'] as const })),
            { type: 'deliverToken', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: [
          { guard: 'isInvalidKey', target: 'invalidKey' },
          { guard: 'isForbidden', target: 'notTradesperson' },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, attempt: 'join' as const }) } },
        ],
      },
    },
    notTradesperson: {
      type: 'final',
      description: "Signed in with a company role: 'Only a tradesperson can check in at a site', and a way to their own home page.",
    },
    profileIncomplete: {
      type: 'final',
      description: 'First visit: the tradesperson profile is completed first (/trades/{id}/edit), which comes back here when saved.',
    },
    blocked: {
      description: 'Check-in is refused (and recorded): each problem says what to fix, with a way to the profile. Check again after fixing it.',
      on: { 'visit.reload': { target: 'loading' } },
    },
    ready: {
      description: "The site's PPE with 'I have this PPE', the safety plan with its acknowledgement when the site has one, then 'Check in'.",
      on: {
        'ppe.confirm': { actions: assign({ ppeConfirmed: ({ event }) => event.confirmed }) },
        'safetyPlan.acknowledge': { actions: assign({ safetyPlanAcknowledged: ({ event }) => event.acknowledged }) },
        'visit.checkIn': { guard: 'canCheckIn', target: 'checkingIn' },
      },
    },
    checkingIn: {
      description: 'POST site/{id}/checkin with the confirmations.',
      tags: ['busy'],
      invoke: {
        id: 'checkIn',
        src: 'checkIn',
        input: ({ context }) => ({
          siteId: context.siteId,
          token: context.token,
          request: {
            key: context.key,
            ppeConfirmed: true,
            ...(needsSafetyPlanAcknowledgement(context.visit) ? { safetyPlanAcknowledged: context.safetyPlanAcknowledged } : {}),
          },
        }),
        onDone: { target: 'checkedIn', actions: assign({ checkIn: ({ event }) => event.output, checkedOut: null }) },
        onError: [
          {
            description: 'A 409 lists what blocks check-in.',
            guard: 'isConflict',
            target: 'blocked',
            actions: assign({ problems: ({ event }) => problemsOf(event.error) }),
          },
          { guard: 'isInvalidKey', target: 'invalidKey' },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, attempt: 'checkIn' as const }) } },
        ],
      },
    },
    checkedIn: {
      description: "On site: the time in, 'Check out', and 'New SWMS' for this site. Scanning again lands here.",
      on: { 'visit.checkOut': { target: 'checkingOut' } },
    },
    checkingOut: {
      description: 'POST site/{id}/checkout.',
      tags: ['busy'],
      invoke: {
        id: 'checkOut',
        src: 'checkOut',
        input: ({ context }) => ({ siteId: context.siteId, token: context.token }),
        onDone: { target: 'checkedOut', actions: assign({ checkedOut: ({ event }) => event.output, checkIn: null }) },
        onError: [
          {
            description: 'Already checked out (by a supervisor, or at midnight site time): read the visit again.',
            guard: 'isConflict',
            target: 'loading',
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, attempt: 'checkOut' as const }) } },
        ],
      },
    },
    checkedOut: {
      description: "Checked out, with the times; 'New SWMS' stays open for today; 'Check in again' reads the visit again.",
      on: { 'visit.reload': { target: 'loading', actions: assign({ checkedOut: null }) } },
    },
    failed: {
      description: "The server's message and 'Try again', which repeats what failed; nothing the user ticked is lost.",
      on: {
        'visit.retry': [
          { guard: 'retriesJoin', target: 'joining', actions: 'forgetFailure' },
          { guard: 'retriesCheckIn', target: 'checkingIn', actions: 'forgetFailure' },
          { guard: 'retriesCheckOut', target: 'checkingOut', actions: 'forgetFailure' },
          { target: 'loading', actions: 'forgetFailure' },
        ],
      },
    },
  },
});
