import type { MachineLabels } from './machine-labels';

export const swmsSignOnLabels = {
  states: {
    swmsSignOn: 'Signing on to a SWMS',
    'swmsSignOn.loading': 'Reading the latest revision',
    'swmsSignOn.failed': 'Could not be read: try again',
    'swmsSignOn.ready': 'Showing the SWMS',
    'swmsSignOn.ready.reading': 'Reading: not yet ticked',
    'swmsSignOn.ready.signing': 'Ticked: signing',
    'swmsSignOn.sending': 'Sending the sign-on',
    'swmsSignOn.reloading': 'Reading the newer revision',
    'swmsSignOn.sent': "'Signed on'",
  },
  events: {
    'xstate.done.actor.loadSwms': 'when the SWMS is read',
    'xstate.error.actor.loadSwms': 'when reading it fails',
    'signOn.reload': "'Try again'",
    'signOn.tick': "'I have read and understood this SWMS and will work to it'",
    'signOn.mode': "'Type your name instead' or 'Draw instead'",
    'signOn.draw': 'a signature drawn on the pad',
    'signOn.clear': "'Clear'",
    'signOn.typeName': 'the full name typed',
    'signOn.send': "'Send'",
    'xstate.done.actor.sendSignOn': 'when the sign-on is recorded',
    'xstate.error.actor.sendSignOn': 'when the sign-on is refused or gets no answer',
    'xstate.done.actor.reloadSwms': 'when the newer revision is read',
    'xstate.error.actor.reloadSwms': 'when reading it fails',
  },
  guards: {
    isTicked: 'the box is ticked',
    isUnticked: 'the box is unticked',
    hasSignature: 'there is a signature',
    isNotLatest: 'a newer revision came in',
    gotNoAnswer: 'there was no answer',
  },
} satisfies MachineLabels;
