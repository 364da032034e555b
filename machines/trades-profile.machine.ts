import { assign, fromPromise, setup } from 'xstate';
import { tradesMessages, type TradesPerson, type TradesProfileUpdate } from '../src/domain/trades';
import {
  allFieldIds,
  applyProfileEdit,
  checkTradesProfile,
  editedFieldId,
  formValuesOf,
  type TradesProfileEdit,
  type TradesProfileValues,
} from '../src/domain/trades-profile-form';
import { gotNoAnswer } from './load-problem';
import { serverMessage } from './server-message';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';

export interface TradesProfileInput {
  readonly tradesId: string;
  /** The unsaved values kept in the browser since the last visit, if any. */
  readonly draft: TradesProfileValues | null;
}

export interface TradesProfileContext {
  readonly tradesId: string;
  readonly draft: TradesProfileValues | null;
  /** The tradesperson as the server last answered. */
  readonly person: TradesPerson | null;
  readonly values: TradesProfileValues | null;
  /** Field ids whose message is shown (see `licenceFieldId`). */
  readonly touched: readonly string[];
  /** The form opened on a draft restored over the server's values. */
  readonly restoredDraft: boolean;
  /** The server's reason when the last save failed. */
  readonly error: string | null;
  /** The last read got no answer at all (no signal, or one too weak to carry it). */
  readonly unreachable: boolean;
}

export type TradesProfileEvent =
  | { type: 'form.edit'; edit: TradesProfileEdit }
  | { type: 'form.blur'; field: string }
  | { type: 'form.submit' }
  | { type: 'draft.discard' }
  | { type: 'profile.reload' };

export interface SaveTradesProfileInput {
  readonly tradesId: string;
  readonly update: TradesProfileUpdate;
}

const addTouched = (touched: readonly string[], id: string | null) => (id === null || touched.includes(id) ? touched : [...touched, id]);

/** Issue 10: the tradesperson's own profile, first time and later; every change is kept as a draft until saved. */
export const tradesProfileMachine = setup({
  types: {} as {
    context: TradesProfileContext;
    events: TradesProfileEvent;
    input: TradesProfileInput;
    tags: 'loading' | 'saving' | 'missing';
  },
  actors: {
    loadProfile: fromPromise<TradesPerson, { tradesId: string }>(mustBeProvided('loadProfile')),
    saveProfile: fromPromise<TradesPerson, SaveTradesProfileInput>(mustBeProvided('saveProfile')),
  },
  actions: {
    persistDraft: actionMustBeProvided<{ values: TradesProfileValues }>('persistDraft'),
    clearDraft: actionMustBeProvided('clearDraft'),
    notifySaved: actionMustBeProvided<{ person: TradesPerson }>('notifySaved'),
    notifySaveFailed: actionMustBeProvided<{ error: unknown }>('notifySaveFailed'),
  },
  guards: {
    isValid: ({ context }) => context.values !== null && checkTradesProfile(context.values).update !== null,
  },
}).createMachine({
  id: 'tradesProfile',
  description: "Issue 10 tradesperson profile (/trades/{id}/edit): the spec's /trades fields, the white card photo and licences.",
  context: ({ input }) => ({
    tradesId: input.tradesId,
    draft: input.draft,
    person: null,
    values: null,
    touched: [],
    restoredDraft: false,
    error: null,
    unreachable: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "GET profile/trades/{id}; a draft kept in the browser is laid over the server's values.",
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ tradesId: context.tradesId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            person: event.output,
            values: context.draft ? { ...formValuesOf(event.output), ...context.draft } : formValuesOf(event.output),
            restoredDraft: context.draft !== null,
            draft: null,
          })),
        },
        onError: { target: 'missing', actions: assign({ unreachable: ({ event }) => gotNoAnswer(event.error) }) },
      },
    },
    missing: {
      description: "Spec §8: the profile could not be read: 'Something went wrong :(' and a way to try again.",
      tags: ['missing'],
      on: { 'profile.reload': { target: 'loading' } },
    },
    editing: {
      description: 'The form is open. Every change is kept in the browser at once; a message shows once its field is touched.',
      on: {
        'form.edit': {
          actions: [
            assign(({ context, event }) => ({
              values: context.values && applyProfileEdit(context.values, event.edit),
              touched: addTouched(context.touched, editedFieldId(event.edit)),
            })),
            { type: 'persistDraft', params: ({ context }) => ({ values: context.values as TradesProfileValues }) },
          ],
        },
        'form.blur': { actions: assign(({ context, event }) => ({ touched: addTouched(context.touched, event.field) })) },
        'form.submit': [
          { guard: 'isValid', target: 'saving' },
          {
            description: 'Save Edits with a message left: every message shows, nothing is sent.',
            actions: assign(({ context }) => ({ touched: context.values ? allFieldIds(context.values) : [] })),
          },
        ],
        'draft.discard': {
          description: "Back to the server's values; the kept draft is forgotten.",
          actions: [
            assign(({ context }) => ({
              values: context.person && formValuesOf(context.person),
              touched: [],
              restoredDraft: false,
              error: null,
            })),
            'clearDraft',
          ],
        },
      },
    },
    saving: {
      description: 'PUT profile/trades/{id} with the checked values.',
      tags: ['saving'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => {
          const update = context.values && checkTradesProfile(context.values).update;
          if (!update) throw new Error('Only a checked profile is saved');
          return { tradesId: context.tradesId, update };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign(({ event }) => ({ person: event.output, values: formValuesOf(event.output), touched: [], restoredDraft: false })),
            'clearDraft',
            { type: 'notifySaved', params: ({ event }) => ({ person: event.output }) },
          ],
        },
        onError: {
          description: "Spec §8 'Failed to update the info': every typed value stays, and so does the draft.",
          target: 'editing',
          actions: [
            assign(({ event }) => ({ error: serverMessage(event.error, tradesMessages.saveFailed) })),
            { type: 'notifySaveFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saved: {
      type: 'final',
      description: "'Details updated successfully'; the page goes back where it came from (the check-in page when it sent the user).",
      tags: ['saving'],
    },
  },
});
