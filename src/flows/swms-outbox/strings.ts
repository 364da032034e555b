import { swmsSubmissionMessages } from '../../domain/swms-submission';

export const outboxText = {
  waiting: (count: number) => `${count} SWMS waiting to send`,
  sending: swmsSubmissionMessages.sending,
  offline: 'They will be sent when the connection returns.',
  retrying: 'No answer yet: trying again shortly.',
  sendNow: 'Send now',
  sent: 'SWMS sent',
  dismiss: 'Dismiss',
  refused: 'This SWMS was not accepted',
  open: 'Open this SWMS',
  tryAgain: 'Try again',
  region: 'SWMS outbox',
} as const;
