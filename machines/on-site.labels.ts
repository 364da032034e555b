import type { MachineLabels } from './machine-labels';

export const onSiteLabels = {
  states: {
    onSite: 'Who is on site now',
    'onSite.list': "'On site now'",
    'onSite.list.loading': 'Reading who is on site',
    'onSite.list.unavailable': 'List not shown',
    'onSite.list.listed': 'Showing who is on site',
    'onSite.list.listed.current': 'Up to date',
    'onSite.list.listed.refreshing': 'Reading it again',
    'onSite.checkOut': 'Checking a person out by hand',
    'onSite.checkOut.idle': 'Nobody being checked out',
    'onSite.checkOut.confirming': 'Asking to confirm the check-out',
    'onSite.checkOut.checkingOut': 'Checking the person out',
    'onSite.checkOut.failed': 'Check-out failed',
    'onSite.pdf': 'Evacuation list PDF',
    'onSite.pdf.idle': 'PDF not being made',
    'onSite.pdf.downloading': 'Downloading the PDF',
  },
  events: {
    'onsite.refresh': 'someone checks in or out, or the window is back in focus',
    'xstate.done.actor.loadOnSite': 'when the list is read',
    'xstate.error.actor.loadOnSite': 'when reading it fails',
    'xstate.done.actor.refreshOnSite': 'when the list is read again',
    'xstate.error.actor.refreshOnSite': 'when reading it again fails',
    'checkOut.request': "'Check out' beside a person",
    'checkOut.cancel': "'Cancel'",
    'checkOut.confirm': 'the check-out is confirmed',
    'xstate.done.actor.checkOutPerson': 'when the person is checked out',
    'xstate.error.actor.checkOutPerson': 'when the check-out fails',
    'pdf.download': 'the evacuation list is asked for',
    'xstate.done.actor.downloadEvacuationList': 'when the PDF is saved',
    'xstate.error.actor.downloadEvacuationList': 'when the download fails',
  },
  guards: {
    isOnSite: 'the person is still on the list',
  },
} satisfies MachineLabels;
