import { assign, emit, fromPromise, setup } from 'xstate';
import type { PendingPhotos } from '../src/domain/swms-draft';
import { swmsSubmissionMessages, type SwmsDraft } from '../src/domain/swms-submission';
import { serverMessage } from './server-message';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';

/** A SWMS saved on the phone to be sent (issue 10 §4): the whole draft, so a refused one can be opened again. */
export interface OutboxItem {
  readonly submissionId: string;
  readonly siteId: string;
  /** Issue 57: the SWMS this is the next revision of; null (or absent, stored before revisions) for a new SWMS. */
  readonly revisionOf?: string | null;
  readonly draft: SwmsDraft;
  /** Photos not yet in blob storage: uploaded just before the SWMS is sent. */
  readonly pendingPhotos: PendingPhotos;
  readonly queuedAt: string;
  /** `refused`: the server answered no (4xx); it is not tried again until asked. */
  readonly status: 'waiting' | 'refused';
  readonly message: string | null;
}

export interface SwmsOutboxContext {
  readonly items: readonly OutboxItem[];
  readonly online: boolean;
  /** Failed tries in a row; the wait before the next grows with it. */
  readonly attempt: number;
  /** Submission ids sent while the app was open, until dismissed ('SWMS sent'). */
  readonly sent: readonly string[];
  /** The submission being sent. */
  readonly current: string | null;
}

export type SwmsOutboxEvent =
  | { type: 'outbox.add'; item: OutboxItem }
  | { type: 'outbox.remove'; submissionId: string }
  | { type: 'outbox.retry' }
  | { type: 'outbox.dismiss' }
  | { type: 'network.online' }
  | { type: 'network.offline' };

/** `revision`: the number the server gave what was sent, when it answered one. */
export type SwmsOutboxEmitted = { type: 'outbox.sent'; submissionId: string; revision: number | null };

export interface SendItemInput {
  readonly item: OutboxItem;
}

const maxAttempt = 6;

/** Backoff while the app is open: 2 s, 4 s, 8 s … then once a minute. */
export function retryDelay(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Whether a failed send is worth trying again: no answer, a timeout, a server fault (5xx, 503 while
 * the database restarts), an expired session (401), 408 or 429. Any other 4xx is the server's answer.
 */
export function isTransientFailure(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 401 || status === 408 || status === 429 || status < 400;
}

const revisionOf = (answer: unknown): number | null =>
  typeof answer === 'object' && answer !== null && 'revision' in answer && typeof answer.revision === 'number' ? answer.revision : null;

const waiting = (items: readonly OutboxItem[]) => items.filter((item) => item.status === 'waiting');

function nextToSend(context: Pick<SwmsOutboxContext, 'items'>): OutboxItem | undefined {
  return waiting(context.items)[0];
}

/** Added at the end, or in its own place when the same submission is queued again. */
function withItem(items: readonly OutboxItem[], item: OutboxItem): OutboxItem[] {
  const queued: OutboxItem = { ...item, status: 'waiting', message: null };
  const known = items.some((candidate) => candidate.submissionId === item.submissionId);
  return known ? items.map((candidate) => (candidate.submissionId === item.submissionId ? queued : candidate)) : [...items, queued];
}

const without = (items: readonly OutboxItem[], submissionId: string) => items.filter((item) => item.submissionId !== submissionId);

/**
 * The offline queue of SWMS submissions (issue 10 §4 'nothing is lost to a bad signal'): items are
 * sent one at a time, oldest first, when the app starts, when the connection returns, and again with
 * a growing wait while the app is open. The server stores a submission id once, so a resend is safe.
 */
export const swmsOutboxMachine = setup({
  types: {} as {
    context: SwmsOutboxContext;
    events: SwmsOutboxEvent;
    input: { online: boolean };
    emitted: SwmsOutboxEmitted;
    tags: 'busy' | 'loading';
  },
  actors: {
    loadOutbox: fromPromise<OutboxItem[]>(mustBeProvided('loadOutbox')),
    sendItem: fromPromise<unknown, SendItemInput>(mustBeProvided('sendItem')),
  },
  actions: {
    clearCurrent: assign({ current: null }),
    countAttempt: assign({ attempt: ({ context }) => Math.min(maxAttempt, context.attempt + 1) }),
    retryRefused: assign({
      items: ({ context }) => context.items.map((item) => ({ ...item, status: 'waiting' as const, message: null })),
      attempt: 0,
    }),
    storeItems: actionMustBeProvided<{ items: readonly OutboxItem[] }>('storeItems'),
    forgetItem: actionMustBeProvided<{ submissionId: string }>('forgetItem'),
  },
  guards: {
    hasWaiting: ({ context }) => nextToSend(context) !== undefined,
    isNothingWaiting: ({ context }) => nextToSend(context) === undefined,
    hasWaitingOnline: ({ context }) => context.online && nextToSend(context) !== undefined,
    isOnline: ({ context }) => context.online,
    isRefusal: ({ event }) => 'error' in event && !isTransientFailure(event.error),
  },
  delays: {
    retryDelay: ({ context }) => retryDelay(context.attempt),
  },
}).createMachine({
  id: 'swmsOutbox',
  description: 'SWMS saved on the phone while offline, sent when the connection returns.',
  context: ({ input }) => ({ items: [], online: input.online, attempt: 0, sent: [], current: null }),
  initial: 'loading',
  on: {
    'outbox.add': { description: 'A submission already stored on the phone joins the queue (again, if it was refused).', actions: assign({ items: ({ context, event }) => withItem(context.items, event.item) }) },
    'outbox.remove': {
      description: 'Taken back into the builder, or discarded.',
      actions: [
        assign({ items: ({ context, event }) => without(context.items, event.submissionId) }),
        { type: 'forgetItem', params: ({ event }) => ({ submissionId: event.submissionId }) },
      ],
    },
    'outbox.retry': {
      description: 'Refused submissions are tried again (after checking in, say).',
      actions: ['retryRefused', { type: 'storeItems', params: ({ context }) => ({ items: context.items }) }],
    },
    'outbox.dismiss': { actions: assign({ sent: [] }) },
    'network.online': { actions: assign({ online: true }) },
    'network.offline': { actions: assign({ online: false }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      description: 'Reads what an earlier visit left on the phone.',
      invoke: {
        id: 'loadOutbox',
        src: 'loadOutbox',
        onDone: {
          target: 'idle',
          actions: assign({ items: ({ context, event }) => event.output.reduce(withStored, context.items) }),
        },
        onError: { target: 'idle' },
      },
    },
    idle: {
      description: 'Nothing to send, or everything left was refused.',
      always: [
        { guard: 'hasWaitingOnline', target: 'sending' },
        { guard: 'hasWaiting', target: 'waitingForNetwork' },
      ],
    },
    waitingForNetwork: {
      description: 'The phone is offline: sending starts when the connection returns.',
      always: { guard: 'isNothingWaiting', target: 'idle' },
      on: {
        'network.online': { target: 'sending', actions: assign({ online: true }) },
        'outbox.retry': {
          target: 'sending',
          actions: ['retryRefused', { type: 'storeItems', params: ({ context }) => ({ items: context.items }) }],
        },
      },
    },
    sending: {
      tags: ['busy'],
      description: 'The oldest waiting submission: its photos are uploaded, then the SWMS is posted.',
      entry: assign({ current: ({ context }) => nextToSend(context)?.submissionId ?? null }),
      invoke: {
        id: 'sendItem',
        src: 'sendItem',
        input: ({ context }) => {
          const item = context.items.find((candidate) => candidate.submissionId === context.current);
          if (!item) throw new Error('Only a waiting submission is sent');
          return { item };
        },
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context, event }) => ({ type: 'outbox.sent', submissionId: context.current ?? '', revision: revisionOf(event.output) }) as const),
            { type: 'forgetItem', params: ({ context }) => ({ submissionId: context.current ?? '' }) },
            assign(({ context }) => ({
              items: without(context.items, context.current ?? ''),
              sent: [...context.sent.filter((id) => id !== context.current), context.current ?? ''],
              attempt: 0,
            })),
            'clearCurrent',
          ],
        },
        onError: [
          {
            guard: 'isRefusal',
            target: 'idle',
            description: 'The server refused it (4xx): kept with its message, not retried until asked.',
            actions: [
              assign({
                items: ({ context, event }) => {
                  const message = serverMessage(event.error, swmsSubmissionMessages.submitFailed);
                  return context.items.map((item) => (item.submissionId === context.current ? { ...item, status: 'refused' as const, message } : item));
                },
              }),
              { type: 'storeItems', params: ({ context }) => ({ items: context.items }) },
              'clearCurrent',
            ],
          },
          { guard: 'isOnline', target: 'backoff', actions: ['countAttempt', 'clearCurrent'] },
          { target: 'waitingForNetwork', actions: ['countAttempt', 'clearCurrent'] },
        ],
      },
    },
    backoff: {
      description: 'No answer, or a server fault: tried again after a growing wait.',
      always: { guard: 'isNothingWaiting', target: 'idle' },
      after: { retryDelay: { target: 'sending' } },
      on: {
        'network.online': { target: 'sending', actions: assign({ online: true }) },
        'network.offline': { target: 'waitingForNetwork', actions: assign({ online: false }) },
        'outbox.retry': { target: 'sending', actions: ['retryRefused', { type: 'storeItems', params: ({ context }) => ({ items: context.items }) }] },
      },
    },
  },
});

/** A stored item read at start, unless the same submission was queued meanwhile. */
function withStored(items: readonly OutboxItem[], stored: OutboxItem): OutboxItem[] {
  return items.some((item) => item.submissionId === stored.submissionId) ? [...items] : [...items, stored];
}
