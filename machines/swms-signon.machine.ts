import { assign, emit, fromPromise, setup } from 'xstate';
import type { Swms } from '../src/domain/swms';
import { swmsSignOnMessages, type SwmsSignOnRequest, type SwmsSignOnResult } from '../src/domain/swms-signon';
import { gotNoAnswer, httpStatusOf, loadProblemOf, type LoadProblem } from './load-problem';
import { mustBeProvided } from './must-be-provided';
import { serverMessage } from './server-message';

export interface SwmsSignOnRef {
  readonly siteId: string;
  readonly swmsId: string;
}

export type SignatureMode = 'drawn' | 'typed';

export interface SwmsSignOnContext extends SwmsSignOnRef {
  readonly swms: Swms | null;
  readonly loadProblem: LoadProblem | null;
  readonly mode: SignatureMode;
  /** The pad's drawing as a PNG data URL, or null while the pad is empty; kept when the worker switches to typing. */
  readonly drawn: string | null;
  readonly typedName: string;
  /** 'Send' was pressed with something missing: the form now names what. */
  readonly attempted: boolean;
  /** Why the last send was refused, or that it got no answer; what was signed stays. */
  readonly sendError: string | null;
  readonly unreachable: boolean;
  /** The revision signed was no longer the latest: the newer one is shown with this notice. */
  readonly newerRevision: boolean;
  readonly result: SwmsSignOnResult | null;
}

export type SwmsSignOnEvent =
  | { type: 'signOn.reload' }
  | { type: 'signOn.tick'; checked: boolean }
  | { type: 'signOn.mode'; mode: SignatureMode }
  | { type: 'signOn.draw'; image: string }
  | { type: 'signOn.clear' }
  | { type: 'signOn.typeName'; name: string }
  | { type: 'signOn.send' };

export type SwmsSignOnEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

/** Shown when a send got no answer at all. */
export const signOnOfflineMessage = 'No signal: your signature is kept on this screen. Send it again when you have signal.';
const fallbackMessage = 'Something went wrong :(';

/** The body the sign-on sends: the revision read, the signature in the chosen mode, and the tick. */
export function signOnRequest(context: SwmsSignOnContext): SwmsSignOnRequest {
  const signature = context.mode === 'drawn' ? { kind: 'drawn' as const, image: context.drawn ?? '' } : { kind: 'typed' as const, name: context.typedName.trim() };
  return { revision: context.swms?.revision ?? 0, signature, confirmed: true };
}

/** Whether the chosen mode holds a signature to send (its format is the server's and the selectors' to check). */
const hasSignature = (context: SwmsSignOnContext) => (context.mode === 'drawn' ? context.drawn !== null : context.typedName.trim() !== '');

/** Issue 57 §3: a worker reads the SWMS's latest revision, ticks that they will work to it, signs and sends. */
export const swmsSignOnMachine = setup({
  types: {} as {
    context: SwmsSignOnContext;
    events: SwmsSignOnEvent;
    input: SwmsSignOnRef;
    emitted: SwmsSignOnEmitted;
    tags: 'loading' | 'busy' | 'failed' | 'ticked' | 'sent';
  },
  actors: {
    loadSwms: fromPromise<Swms, SwmsSignOnRef>(mustBeProvided('loadSwms')),
    sendSignOn: fromPromise<SwmsSignOnResult, SwmsSignOnRef & { request: SwmsSignOnRequest }>(mustBeProvided('sendSignOn')),
  },
  guards: {
    isTicked: ({ event }) => event.type === 'signOn.tick' && event.checked,
    isUnticked: ({ event }) => event.type === 'signOn.tick' && !event.checked,
    hasSignature: ({ context }) => hasSignature(context),
    isNotLatest: ({ event }) => 'error' in event && httpStatusOf(event.error) === 409 && serverMessage(event.error, '') === swmsSignOnMessages.notLatest,
    gotNoAnswer: ({ event }) => 'error' in event && gotNoAnswer(event.error),
  },
  actions: {
    keepSignature: assign(({ event }) => {
      if (event.type === 'signOn.mode') return { mode: event.mode };
      if (event.type === 'signOn.draw') return { drawn: event.image };
      if (event.type === 'signOn.clear') return { drawn: null };
      if (event.type === 'signOn.typeName') return { typedName: event.name };
      return {};
    }),
    markAttempted: assign({ attempted: true }),
  },
}).createMachine({
  id: 'swmsSignOn',
  description: "Issue 57 §3 (WHS Regulation 300): 'Read and sign' on the phone: the SWMS's latest revision, the tick, a drawn or typed signature, and the sign-on sent.",
  context: ({ input }) => ({
    siteId: input.siteId,
    swmsId: input.swmsId,
    swms: null,
    loadProblem: null,
    mode: 'drawn',
    drawn: null,
    typedName: '',
    attempted: false,
    sendError: null,
    unreachable: false,
    newerRevision: false,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET site/{siteId}/swms/{swmsId}: the latest revision.',
      tags: ['loading'],
      invoke: {
        id: 'loadSwms',
        src: 'loadSwms',
        input: ({ context }) => ({ siteId: context.siteId, swmsId: context.swmsId }),
        onDone: { target: 'ready', actions: assign({ swms: ({ event }) => event.output, loadProblem: null }) },
        onError: {
          target: 'failed',
          actions: assign({ loadProblem: ({ event }) => loadProblemOf(event.error), unreachable: ({ event }) => gotNoAnswer(event.error) }),
        },
      },
    },
    failed: {
      description: "The SWMS could not be read: not this site's, not checked in, or no answer; 'Try again'.",
      tags: ['failed'],
      on: { 'signOn.reload': { target: 'loading' } },
    },
    ready: {
      description: 'The whole revision shown, with the tick and the signature below it; the signature is kept through every failure.',
      initial: 'reading',
      on: {
        'signOn.mode': { actions: 'keepSignature' },
        'signOn.draw': { actions: 'keepSignature' },
        'signOn.clear': { actions: 'keepSignature' },
        'signOn.typeName': { actions: 'keepSignature' },
      },
      states: {
        reading: {
          description: "Not yet ticked: 'I have read and understood this SWMS and will work to it'.",
          on: {
            'signOn.tick': { guard: 'isTicked', target: 'signing' },
            'signOn.send': { description: 'The form names the missing tick.', actions: 'markAttempted' },
          },
        },
        signing: {
          description: 'Ticked: the worker draws on the pad or types their full name, then sends.',
          tags: ['ticked'],
          on: {
            'signOn.tick': { guard: 'isUnticked', target: 'reading' },
            'signOn.send': [
              { guard: 'hasSignature', target: '#swmsSignOn.sending' },
              { description: 'The form names the missing signature.', actions: 'markAttempted' },
            ],
          },
        },
      },
    },
    sending: {
      description: 'POST site/{siteId}/swms/{swmsId}/signon with the revision read.',
      tags: ['busy', 'ticked'],
      entry: assign({ sendError: null, unreachable: false, newerRevision: false }),
      invoke: {
        id: 'sendSignOn',
        src: 'sendSignOn',
        input: ({ context }) => ({ siteId: context.siteId, swmsId: context.swmsId, request: signOnRequest(context) }),
        onDone: {
          target: 'sent',
          actions: [
            assign({ result: ({ event }) => event.output }),
            emit({ type: 'toast', tone: 'success', message: swmsSignOnMessages.signedOn } as const),
          ],
        },
        onError: [
          { description: 'A newer revision came in while reading: it is read again.', guard: 'isNotLatest', target: 'reloading' },
          {
            description: 'No answer: the signature stays to send again.',
            guard: 'gotNoAnswer',
            target: 'ready.signing',
            actions: assign({ sendError: signOnOfflineMessage, unreachable: true }),
          },
          {
            description: "The server's refusal is shown as it says it; the signature stays.",
            target: 'ready.signing',
            actions: [
              assign({ sendError: ({ event }) => serverMessage(event.error, fallbackMessage) }),
              emit(({ event }) => ({ type: 'toast', tone: 'error', message: serverMessage(event.error, fallbackMessage) }) as const),
            ],
          },
        ],
      },
    },
    reloading: {
      description: 'The newer revision is read; the tick must be given again for it, the signature is kept.',
      tags: ['loading'],
      invoke: {
        id: 'reloadSwms',
        src: 'loadSwms',
        input: ({ context }) => ({ siteId: context.siteId, swmsId: context.swmsId }),
        onDone: { target: 'ready.reading', actions: assign({ swms: ({ event }) => event.output, newerRevision: true, attempted: false }) },
        onError: {
          target: 'failed',
          actions: assign({ loadProblem: ({ event }) => loadProblemOf(event.error), unreachable: ({ event }) => gotNoAnswer(event.error) }),
        },
      },
    },
    sent: {
      description: "Signed on: the list of the site's SWMS shows 'Signed on'.",
      tags: ['sent'],
      type: 'final',
    },
  },
});
