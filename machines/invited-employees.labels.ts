import type { MachineLabels } from './machine-labels';

export const invitedEmployeesLabels = {
  states: {
    invitedEmployees: 'Pending invitations',
    'invitedEmployees.loading': 'Reading the invitations',
    'invitedEmployees.failed': 'Could not read them',
    'invitedEmployees.ready': 'Invitations shown',
    'invitedEmployees.ready.idle': 'Showing the list',
    'invitedEmployees.ready.resending': 'Resending an invitation',
    'invitedEmployees.ready.refreshing': 'Reading the list again',
  },
  events: {
    'xstate.done.actor.loadInvites': 'when the invitations are read',
    'xstate.error.actor.loadInvites': 'when reading them fails',
    'invites.reload': "'Try again' or a reload",
    'invite.resend': "'Resend'",
    'xstate.done.actor.resendInvite': 'when the invitation is resent',
    'xstate.error.actor.resendInvite': 'when resending fails',
    'xstate.done.actor.refreshInvites': 'when the list is read again',
    'xstate.error.actor.refreshInvites': 'when reading it again fails',
  },
  guards: {},
} satisfies MachineLabels;
