import type { SnapshotFrom } from 'xstate';
import type { OutboxItem, swmsOutboxMachine } from './swms-outbox.machine';

export type SwmsOutboxSnapshot = SnapshotFrom<typeof swmsOutboxMachine>;

/** '1 SWMS waiting to send'. */
export const waitingCount = (snapshot: SwmsOutboxSnapshot): number => snapshot.context.items.filter((item) => item.status === 'waiting').length;
export const refusedItems = (snapshot: SwmsOutboxSnapshot): readonly OutboxItem[] => snapshot.context.items.filter((item) => item.status === 'refused');
export const isSending = (snapshot: SwmsOutboxSnapshot): boolean => snapshot.hasTag('busy');
export const isWaitingForNetwork = (snapshot: SwmsOutboxSnapshot): boolean => snapshot.matches('waitingForNetwork');
/** Sent while the app was open and not yet dismissed ('SWMS sent'). */
export const sentCount = (snapshot: SwmsOutboxSnapshot): number => snapshot.context.sent.length;

/** Lists equal item by item: a selector of the refused items re-renders only when they change. */
export const sameItems = (a: readonly OutboxItem[], b: readonly OutboxItem[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index]);
