import type { MachineLabels } from './machine-labels';

export const inviteSupervisorLabels = {
  states: {
    inviteSupervisor: 'Inviting a supervisor or auditor',
    'inviteSupervisor.editing': 'Filling in the invitation',
    'inviteSupervisor.sending': 'Sending the invitation',
    'inviteSupervisor.sent': 'Sent: back to the employees',
  },
  events: {
    'invite.submit': "'Send Invite'",
    'xstate.done.actor.sendInvite': 'when the invitation is sent',
    'xstate.error.actor.sendInvite': 'when sending the invitation fails',
  },
  guards: {},
} satisfies MachineLabels;
