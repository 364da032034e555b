/** The outbox's public shape, shared by the provider (./swms-outbox-provider.tsx) and the runner it loads (./outbox-runner.tsx). */
import type { ActorRefFrom } from 'xstate';
import type { SubmitInput } from '../../../machines/swms-builder.machine';
import type { OutboxItem, swmsOutboxMachine } from '../../../machines/swms-outbox.machine';

export type SwmsOutboxActor = ActorRefFrom<typeof swmsOutboxMachine>;

export interface SwmsOutbox {
  readonly actor: SwmsOutboxActor;
  readonly userId: string;
  /** Stores the submission on the phone, then queues it; resolves once it is safe in IndexedDB. */
  enqueue(input: SubmitInput): Promise<void>;
  /** A refused submission as stored, to be opened in the builder again; null when there is none. */
  findRefused(submissionId: string): Promise<OutboxItem | null>;
  /** Takes a submission out of the outbox (once it is safe in the builder's draft). */
  remove(submissionId: string): void;
}
