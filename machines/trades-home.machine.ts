import { assign, emit, fromPromise, setup } from 'xstate';
import { siteVisitMessages, type EndedCheckIn } from '../src/domain/site-visit';
import type { TradesActivity, TradesPerson } from '../src/domain/trades';
import { gotNoAnswer } from './load-problem';
import { serverMessage } from './server-message';
import { failureStatus } from './site-check-in.machine';
import { mustBeProvided } from './must-be-provided';

export interface TradesHome {
  readonly person: TradesPerson;
  readonly activity: TradesActivity;
}

export interface TradesHomeContext {
  readonly tradesId: string;
  readonly home: TradesHome | null;
  /** The site being checked out of. */
  readonly checkingOutSite: string | null;
  readonly error: string | null;
  /** The last read got no answer at all (no signal, or one too weak to carry it). */
  readonly unreachable: boolean;
}

export type TradesHomeEvent = { type: 'home.reload' } | { type: 'checkIn.checkOut'; siteId: string };

export type TradesHomeEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

const tradesHomeFallbackMessage = 'Something went wrong :(';

/** Issue 10 §5: the tradesperson's home (/trades/{id} for themself): their profile, check-ins and SWMS, and check-out. */
export const tradesHomeMachine = setup({
  types: {} as {
    context: TradesHomeContext;
    events: TradesHomeEvent;
    input: { tradesId: string };
    emitted: TradesHomeEmitted;
    tags: 'loading' | 'busy';
  },
  actors: {
    loadHome: fromPromise<TradesHome, { tradesId: string }>(mustBeProvided('loadHome')),
    checkOut: fromPromise<EndedCheckIn, { siteId: string }>(mustBeProvided('checkOut')),
  },
  guards: {
    isConflict: ({ event }) => 'error' in event && failureStatus(event.error) === 409,
  },
}).createMachine({
  id: 'tradesHome',
  description: "Issue 10 §5: a tradesperson's home page: check in, their open check-in with 'Check out', recent check-ins, SWMS and licences.",
  context: ({ input }) => ({ tradesId: input.tradesId, home: null, checkingOutSite: null, error: null, unreachable: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET profile/trades/{id} and GET profile/trades/{id}/activity.',
      tags: ['loading'],
      invoke: {
        id: 'loadHome',
        src: 'loadHome',
        input: ({ context }) => ({ tradesId: context.tradesId }),
        onDone: { target: 'ready', actions: assign({ home: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ unreachable: ({ event }) => gotNoAnswer(event.error) }) },
      },
    },
    failed: {
      description: "Spec §8 'Something went wrong :(' with 'Try again'.",
      on: { 'home.reload': { target: 'loading' } },
    },
    ready: {
      description: 'Everything shown; an open check-in offers Check out.',
      on: {
        'checkIn.checkOut': {
          target: 'checkingOut',
          actions: assign({ checkingOutSite: ({ event }) => event.siteId, error: null }),
        },
      },
    },
    checkingOut: {
      description: 'POST site/{id}/checkout.',
      tags: ['busy'],
      invoke: {
        id: 'checkOut',
        src: 'checkOut',
        input: ({ context }) => ({ siteId: context.checkingOutSite ?? '' }),
        onDone: {
          target: 'refreshing',
          actions: emit({ type: 'toast', tone: 'success', message: siteVisitMessages.checkedOut } as const),
        },
        onError: [
          { description: 'Already checked out (by a supervisor, or at midnight site time): the lists are read again.', guard: 'isConflict', target: 'refreshing' },
          {
            target: 'ready',
            actions: [
              assign({ error: ({ event }) => serverMessage(event.error, tradesHomeFallbackMessage), checkingOutSite: null }),
              emit(({ event }) => ({ type: 'toast', tone: 'error', message: serverMessage(event.error, tradesHomeFallbackMessage) }) as const),
            ],
          },
        ],
      },
    },
    refreshing: {
      description: 'The lists are read again; what is on screen stays meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'refreshHome',
        src: 'loadHome',
        input: ({ context }) => ({ tradesId: context.tradesId }),
        onDone: { target: 'ready', actions: assign({ home: ({ event }) => event.output, checkingOutSite: null }) },
        onError: { target: 'ready', actions: assign({ checkingOutSite: null }) },
      },
    },
  },
});
