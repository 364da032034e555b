import type { MachineLabels } from './machine-labels';

export const siteStatusLabels = {
  states: {
    siteStatus: "A project site's status",
    'siteStatus.idle': 'Showing the status',
    'siteStatus.changing': 'Changing the status',
  },
  events: {
    'site.loaded': 'the site is read',
    'status.choose': 'a status is chosen',
    'xstate.done.actor.changeStatus': 'when the status is changed',
    'xstate.error.actor.changeStatus': 'when changing it fails',
  },
  guards: {
    changesSomething: 'it is not the current status',
  },
} satisfies MachineLabels;
