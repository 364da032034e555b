import { assign, emit, fromPromise, setup } from 'xstate';
import type { Company, Employee } from '../src/domain/company';
import { loadProblemOf, type LoadProblem } from './load-problem';
import { mustBeProvided } from './must-be-provided';

export interface ClientRecord {
  readonly company: Company;
  readonly employees: readonly Employee[];
}

export interface ClientDetailsContext {
  readonly clientId: string;
  readonly client: ClientRecord | null;
  /** Why the client could not be read: not found, not allowed, or a failure worth retrying (issue 13 §2). */
  readonly problem: LoadProblem | null;
}

export type ClientDetailsEvent = { type: 'delete.open' } | { type: 'delete.cancel' } | { type: 'delete.confirm' };

export type ClientDetailsEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

/** Spec §8 delete messages. */
export const deleteMessages = { deleted: 'Deleted successfully', failed: 'Delete failed' } as const;

/** Spec §2 /clients/{clientId}: the client and its people; 'Delete Account' asks first (a soft delete, DESIGN.md). */
export const clientDetailsMachine = setup({
  types: {} as {
    context: ClientDetailsContext;
    events: ClientDetailsEvent;
    input: { clientId: string };
    emitted: ClientDetailsEmitted;
    tags: 'loading' | 'missing' | 'confirming' | 'deleting';
  },
  actors: {
    loadClient: fromPromise<ClientRecord, { clientId: string }>(mustBeProvided('loadClient')),
    deleteClient: fromPromise<void, { clientId: string }>(mustBeProvided('deleteClient')),
  },
}).createMachine({
  id: 'clientDetails',
  context: ({ input }) => ({ clientId: input.clientId, client: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadClient',
        src: 'loadClient',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'showing', actions: assign({ client: ({ event }) => event.output }) },
        onError: { target: 'missing', actions: assign({ problem: ({ event }) => loadProblemOf(event.error) }) },
      },
    },
    missing: {
      tags: ['missing'],
      description:
        "The client cannot be read: `problem` says whether it does not exist (400/404), is not for this user (403), or failed ('Something went wrong :(', spec §8).",
    },
    showing: { on: { 'delete.open': 'confirmingDelete' } },
    confirmingDelete: {
      description: 'The dialog names the company and says what deleting does.',
      tags: ['confirming'],
      on: { 'delete.cancel': 'showing', 'delete.confirm': 'deleting' },
    },
    deleting: {
      tags: ['confirming', 'deleting'],
      invoke: {
        id: 'deleteClient',
        src: 'deleteClient',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'deleted', actions: emit({ type: 'toast', tone: 'success', message: deleteMessages.deleted } as const) },
        onError: { target: 'showing', actions: emit({ type: 'toast', tone: 'error', message: deleteMessages.failed } as const) },
      },
    },
    deleted: { type: 'final', description: 'Back to /clients.' },
  },
});
