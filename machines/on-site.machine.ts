import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { EndedCheckIn, OnSiteList, OnSitePerson } from '../src/domain/site-visit';
import { mustBeProvided } from './must-be-provided';

export interface OnSiteRef {
  readonly companyId: string;
  readonly siteId: string;
}

export interface OnSiteContext extends OnSiteRef {
  /** The last list that arrived; kept on screen while the next one loads. */
  readonly list: OnSiteList | null;
  /** The person the check-out dialog names. */
  readonly pending: OnSitePerson | null;
  /** Why the list could not be read. */
  readonly loadError: string | null;
  /** Why the check-out failed: the server's message. */
  readonly checkOutError: string | null;
}

export type OnSiteEvent =
  | { type: 'onsite.refresh' }
  | { type: 'checkOut.request'; checkInId: string }
  | { type: 'checkOut.cancel' }
  | { type: 'checkOut.confirm' }
  | { type: 'pdf.download' };

export type OnSiteEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export const onSiteMessages = {
  loadFailed: 'Who is on site could not be loaded',
  checkOutFailed: 'The check-out failed',
  pdfFailed: 'The evacuation list PDF could not be downloaded',
  checkedOut: (name: string) => `${name} was checked out`,
} as const;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message.trim() ? error.message : fallback);

export const personName = (person: Pick<OnSitePerson, 'firstName' | 'surname'>): string => `${person.firstName} ${person.surname}`.trim();

function withoutCheckIn(list: OnSiteList | null, checkInId: string): OnSiteList | null {
  if (!list) return list;
  const people = list.people.filter((person) => person.checkInId !== checkInId);
  return { ...list, people, count: Math.max(0, list.count - (list.people.length - people.length)) };
}

const site = ({ context }: { context: OnSiteContext }): OnSiteRef => ({ companyId: context.companyId, siteId: context.siteId });

/** Issue 10 §3: who is on site now, kept current by live changes, with a manual check-out and the evacuation list PDF. */
export const onSiteMachine = setup({
  types: {} as {
    context: OnSiteContext;
    events: OnSiteEvent;
    input: OnSiteRef;
    emitted: OnSiteEmitted;
    tags: 'loading' | 'unavailable' | 'refreshing' | 'confirming' | 'checkingOut' | 'downloading';
  },
  actors: {
    loadOnSite: fromPromise<OnSiteList, OnSiteRef>(mustBeProvided('loadOnSite')),
    checkOutPerson: fromPromise<EndedCheckIn, OnSiteRef & { checkInId: string }>(mustBeProvided('checkOutPerson')),
    downloadEvacuationList: fromPromise<void, OnSiteRef>(mustBeProvided('downloadEvacuationList')),
  },
  guards: {
    isOnSite: ({ context }, { checkInId }: { checkInId: string }) => context.list?.people.some((person) => person.checkInId === checkInId) === true,
  },
}).createMachine({
  id: 'onSite',
  description: 'The people checked in at a site now: the site details card and the evacuation list.',
  context: ({ input }) => ({ companyId: input.companyId, siteId: input.siteId, list: null, pending: null, loadError: null, checkOutError: null }),
  type: 'parallel',
  states: {
    list: {
      description: "'On site now: N', read again whenever the company's live stream reports a check-in or check-out, or the window regains focus.",
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          description: 'The first read of who is on site; a change heard meanwhile asks again.',
          on: { 'onsite.refresh': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadOnSite',
            src: 'loadOnSite',
            input: site,
            onDone: { target: 'listed', actions: assign(({ event }) => ({ list: event.output, loadError: null })) },
            onError: { target: 'unavailable', actions: assign(({ event }) => ({ loadError: messageOf(event.error, onSiteMessages.loadFailed) })) },
          },
        },
        unavailable: {
          tags: ['unavailable'],
          description: 'The list could not be read; the next change heard (or Try again) asks again.',
          on: { 'onsite.refresh': 'loading' },
        },
        listed: {
          description: 'Each person with trade, phone and time in.',
          initial: 'current',
          on: { 'onsite.refresh': { target: '.refreshing', reenter: true } },
          states: {
            current: {},
            refreshing: {
              tags: ['refreshing'],
              description: 'Read again in the background; the list stays on screen, and stays as it was if the read fails.',
              invoke: {
                id: 'refreshOnSite',
                src: 'loadOnSite',
                input: site,
                onDone: { target: 'current', actions: assign(({ event }) => ({ list: event.output })) },
                onError: 'current',
              },
            },
          },
        },
      },
    },
    checkOut: {
      description: 'An admin or supervisor checks a person out by hand (recorded in the audit trail).',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'checkOut.request': {
              guard: { type: 'isOnSite', params: ({ event }) => ({ checkInId: event.checkInId }) },
              target: 'confirming',
              actions: assign(({ context, event }) => ({ pending: context.list?.people.find((person) => person.checkInId === event.checkInId) ?? null })),
            },
          },
        },
        confirming: {
          tags: ['confirming'],
          description: 'A dialog names the person to be checked out.',
          on: {
            'checkOut.cancel': { target: 'idle', actions: assign({ pending: null }) },
            'checkOut.confirm': 'checkingOut',
          },
        },
        checkingOut: {
          tags: ['confirming', 'checkingOut'],
          description: 'The server ends the check-in as a manual check-out.',
          invoke: {
            id: 'checkOutPerson',
            src: 'checkOutPerson',
            input: ({ context }) => ({ ...site({ context }), checkInId: context.pending?.checkInId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) => ({ type: 'toast', tone: 'success', message: onSiteMessages.checkedOut(context.pending ? personName(context.pending) : '') }) as const),
                assign(({ context, event }) => ({ list: withoutCheckIn(context.list, event.output._id), pending: null, checkOutError: null })),
              ],
            },
            onError: {
              target: 'failed',
              description: 'The person may have left already: the list is read again.',
              actions: [assign(({ event }) => ({ checkOutError: messageOf(event.error, onSiteMessages.checkOutFailed) })), raise({ type: 'onsite.refresh' })],
            },
          },
        },
        failed: {
          tags: ['confirming'],
          description: "The dialog stays open with the server's message; the check-out can be tried again or closed.",
          on: {
            'checkOut.confirm': 'checkingOut',
            'checkOut.cancel': { target: 'idle', actions: assign({ pending: null, checkOutError: null }) },
          },
        },
      },
    },
    pdf: {
      description: 'The evacuation list as an A4 PDF.',
      initial: 'idle',
      states: {
        idle: { on: { 'pdf.download': 'downloading' } },
        downloading: {
          tags: ['downloading'],
          invoke: {
            id: 'downloadEvacuationList',
            src: 'downloadEvacuationList',
            input: site,
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'toast', tone: 'error', message: messageOf(event.error, onSiteMessages.pdfFailed) }) as const),
            },
          },
        },
      },
    },
  },
});
