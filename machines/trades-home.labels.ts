import type { MachineLabels } from './machine-labels';

export const tradesHomeLabels = {
  states: {
    tradesHome: "A tradesperson's home",
    'tradesHome.loading': 'Reading the home page',
    'tradesHome.failed': "'Something went wrong :('",
    'tradesHome.ready': 'Showing check-ins, SWMS and licences',
    'tradesHome.checkingOut': 'Checking out',
    'tradesHome.refreshing': 'Reading the lists again',
  },
  events: {
    'xstate.done.actor.loadHome': 'when the home page is read',
    'xstate.error.actor.loadHome': 'when reading it fails',
    'home.reload': "'Try again'",
    'checkIn.checkOut': "'Check out'",
    'xstate.done.actor.checkOut': 'when the check-out is recorded',
    'xstate.error.actor.checkOut': 'when the check-out fails',
    'xstate.done.actor.refreshHome': 'when the lists are read again',
    'xstate.error.actor.refreshHome': 'when reading them again fails',
  },
  guards: {
    isConflict: 'they were checked out already',
  },
} satisfies MachineLabels;
