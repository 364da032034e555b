import type { MachineLabels } from './machine-labels';

export const swmsOutboxLabels = {
  states: {
    swmsOutbox: 'SWMS outbox',
    'swmsOutbox.loading': 'Reading the outbox',
    'swmsOutbox.idle': 'Nothing to send',
    'swmsOutbox.waitingForNetwork': 'Waiting for the connection',
    'swmsOutbox.sending': 'Sending the oldest SWMS',
    'swmsOutbox.backoff': 'Waiting to try again',
  },
  events: {
    'outbox.add': 'a SWMS is saved to send later',
    'outbox.remove': 'a SWMS is taken back or discarded',
    'outbox.retry': "'Try again'",
    'outbox.dismiss': 'a message is dismissed',
    'network.online': 'the connection returns',
    'network.offline': 'the connection drops',
    'xstate.done.actor.loadOutbox': 'when the outbox is read',
    'xstate.error.actor.loadOutbox': 'when it cannot be read',
    'xstate.done.actor.sendItem': 'when the SWMS is received',
    'xstate.error.actor.sendItem': 'when sending fails',
    'xstate.after.retryDelay': 'after the wait',
  },
  guards: {
    hasWaitingOnline: 'a SWMS is waiting and the phone is online',
    hasWaiting: 'a SWMS is waiting',
    isNothingWaiting: 'nothing is waiting',
    isRefusal: 'the server refused it',
    isOnline: 'the phone is online',
  },
} satisfies MachineLabels;
