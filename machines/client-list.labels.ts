import type { MachineLabels } from './machine-labels';

export const clientListLabels = {
  states: {
    clientList: 'Client list',
    'clientList.loading': 'Reading the clients',
    'clientList.ready': 'Showing the clients',
    'clientList.failed': "'Something went wrong :('",
  },
  events: {
    'query.changed': 'the search, sort or page changes',
    'xstate.done.actor.loadClients': 'when the clients are read',
    'xstate.error.actor.loadClients': 'when reading them fails',
  },
  guards: {},
} satisfies MachineLabels;
