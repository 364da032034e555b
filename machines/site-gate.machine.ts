import { assign, emit, fromPromise, setup } from 'xstate';
import { siteVisitMessages, type SiteQr } from '../src/domain/site-visit';
import { mustBeProvided } from './must-be-provided';

export interface SiteRef {
  readonly companyId: string;
  readonly siteId: string;
}

export interface SiteGateContext extends SiteRef {
  /** The check-in page's address for the site's current key; the QR code encodes it. */
  readonly url: string | null;
  /** Why the QR code could not be read, or why the key was not replaced. */
  readonly error: string | null;
}

export type SiteGateEvent =
  | { type: 'qr.retry' }
  | { type: 'replace.request' }
  | { type: 'replace.cancel' }
  | { type: 'replace.confirm' }
  | { type: 'poster.download' };

export type SiteGateEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export const siteGateMessages = {
  qrFailed: 'The site QR code could not be loaded',
  replaceFailed: 'The QR code could not be replaced',
  posterFailed: 'The site poster could not be downloaded',
  keyReplaced: siteVisitMessages.keyReplaced,
} as const;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message.trim() ? error.message : fallback);

/** Issue 10 §1: the site's gate QR code on its details page, the A4 poster, and replacing the key so old posters stop working. */
export const siteGateMachine = setup({
  types: {} as {
    context: SiteGateContext;
    events: SiteGateEvent;
    input: SiteRef;
    emitted: SiteGateEmitted;
    tags: 'loading' | 'unavailable' | 'confirming' | 'replacing' | 'replaced' | 'replaceFailed' | 'downloading';
  },
  actors: {
    loadQr: fromPromise<SiteQr, SiteRef>(mustBeProvided('loadQr')),
    replaceQr: fromPromise<SiteQr, SiteRef>(mustBeProvided('replaceQr')),
    downloadPoster: fromPromise<void, SiteRef>(mustBeProvided('downloadPoster')),
  },
}).createMachine({
  id: 'siteGate',
  description: "A site's check-in QR code: shown to admins and supervisors, printed on the poster, replaced when a poster must stop working.",
  context: ({ input }) => ({ companyId: input.companyId, siteId: input.siteId, url: null, error: null }),
  type: 'parallel',
  states: {
    qr: {
      description: "The QR code for the site's current key.",
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          description: "The server answers the check-in address for the site's current key.",
          invoke: {
            id: 'loadQr',
            src: 'loadQr',
            input: ({ context }) => ({ companyId: context.companyId, siteId: context.siteId }),
            onDone: { target: 'shown', actions: assign(({ event }) => ({ url: event.output.url, error: null })) },
            onError: { target: 'unavailable', actions: assign(({ event }) => ({ error: messageOf(event.error, siteGateMessages.qrFailed) })) },
          },
        },
        unavailable: {
          tags: ['unavailable'],
          description: 'The QR code could not be read; the message says why and it can be asked for again.',
          on: { 'qr.retry': 'loading' },
        },
        shown: {
          description: 'The QR code, its address with a copy button, the poster and Replace QR code.',
          on: { 'replace.request': 'confirming' },
        },
        confirming: {
          tags: ['confirming'],
          description: 'A dialog warns that every printed poster stops working once the key is replaced.',
          on: { 'replace.cancel': 'shown', 'replace.confirm': 'replacing' },
        },
        replacing: {
          tags: ['confirming', 'replacing'],
          description: 'The server issues a new key; the old one is refused from now on.',
          entry: assign({ error: null }),
          invoke: {
            id: 'replaceQr',
            src: 'replaceQr',
            input: ({ context }) => ({ companyId: context.companyId, siteId: context.siteId }),
            onDone: {
              target: 'replaced',
              actions: [
                assign(({ event }) => ({ url: event.output.url })),
                emit({ type: 'toast', tone: 'success', message: siteGateMessages.keyReplaced } as const),
              ],
            },
            onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error, siteGateMessages.replaceFailed) })) },
          },
        },
        replaced: {
          tags: ['replaced'],
          description: 'The new QR code is shown with a reminder to print the new poster.',
          on: { 'replace.request': 'confirming' },
        },
        failed: {
          tags: ['replaceFailed'],
          description: 'The key was not replaced (old posters still work); the server message says why.',
          on: { 'replace.request': 'confirming' },
        },
      },
    },
    poster: {
      description: 'The A4 site poster PDF.',
      initial: 'idle',
      states: {
        idle: { on: { 'poster.download': 'downloading' } },
        downloading: {
          tags: ['downloading'],
          description: 'The server draws the poster for the current key and the browser saves it.',
          invoke: {
            id: 'downloadPoster',
            src: 'downloadPoster',
            input: ({ context }) => ({ companyId: context.companyId, siteId: context.siteId }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'toast', tone: 'error', message: messageOf(event.error, siteGateMessages.posterFailed) }) as const),
            },
          },
        },
      },
    },
  },
});
