import type { MachineLabels } from './machine-labels';

export const clientDetailsLabels = {
  states: {
    clientDetails: 'Client details',
    'clientDetails.loading': 'Reading the client',
    'clientDetails.missing': 'Client not shown',
    'clientDetails.showing': 'Showing the client',
    'clientDetails.confirmingDelete': 'Asking to confirm the delete',
    'clientDetails.deleting': 'Deleting the client',
    'clientDetails.deleted': 'Deleted: back to the clients',
  },
  events: {
    'xstate.done.actor.loadClient': 'when the client is read',
    'xstate.error.actor.loadClient': 'when reading it fails',
    'delete.open': "'Delete Account'",
    'delete.cancel': "'Cancel'",
    'delete.confirm': 'the delete is confirmed',
    'xstate.done.actor.deleteClient': 'when the client is deleted',
    'xstate.error.actor.deleteClient': 'when deleting fails',
  },
  guards: {},
} satisfies MachineLabels;
