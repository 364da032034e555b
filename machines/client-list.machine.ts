import { assign, fromPromise, setup } from 'xstate';
import type { CompanyList } from '../src/domain/company';
import { mustBeProvided } from './must-be-provided';
import type { ClientListQuery } from '../src/domain/client-list';

export interface ClientListContext {
  readonly query: ClientListQuery;
  /** The last page that arrived; kept on screen while the next one loads. */
  readonly list: CompanyList | null;
}

export type ClientListEvent = { type: 'query.changed'; query: ClientListQuery };

/** Spec §2 /clients: the server searches, sorts and pages; a newer query cancels an older request. */
export const clientListMachine = setup({
  types: {} as { context: ClientListContext; events: ClientListEvent; input: { query: ClientListQuery }; tags: 'loading' | 'failed' },
  actors: {
    loadClients: fromPromise<CompanyList, ClientListQuery>(mustBeProvided('loadClients')),
  },
}).createMachine({
  id: 'clientList',
  context: ({ input }) => ({ query: input.query, list: null }),
  initial: 'loading',
  on: {
    'query.changed': { target: '.loading', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadClients',
        src: 'loadClients',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: { tags: ['failed'], description: "Spec §8: 'Something went wrong :('." },
  },
});
