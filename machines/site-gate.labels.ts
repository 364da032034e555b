import type { MachineLabels } from './machine-labels';

export const siteGateLabels = {
  states: {
    siteGate: "A site's QR code and poster",
    'siteGate.qr': 'QR code',
    'siteGate.qr.loading': 'Reading the QR code',
    'siteGate.qr.unavailable': 'QR code not shown',
    'siteGate.qr.shown': 'Showing the QR code',
    'siteGate.qr.confirming': 'Warning that old posters stop working',
    'siteGate.qr.replacing': 'Replacing the key',
    'siteGate.qr.replaced': 'New QR code: print the poster',
    'siteGate.qr.failed': 'Key not replaced',
    'siteGate.poster': 'Poster',
    'siteGate.poster.idle': 'Poster not being made',
    'siteGate.poster.downloading': 'Downloading the poster',
  },
  events: {
    'xstate.done.actor.loadQr': 'when the QR code is read',
    'xstate.error.actor.loadQr': 'when reading it fails',
    'qr.retry': "'Try again'",
    'replace.request': "'Replace QR code'",
    'replace.cancel': "'Cancel'",
    'replace.confirm': 'the replacement is confirmed',
    'xstate.done.actor.replaceQr': 'when the new key is issued',
    'xstate.error.actor.replaceQr': 'when replacing fails',
    'poster.download': 'the poster is asked for',
    'xstate.done.actor.downloadPoster': 'when the poster is saved',
    'xstate.error.actor.downloadPoster': 'when the download fails',
  },
  guards: {},
} satisfies MachineLabels;
