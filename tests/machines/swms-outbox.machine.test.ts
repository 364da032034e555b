import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic, type InputFrom } from 'xstate';
import { retryDelay, isTransientFailure, swmsOutboxMachine, type OutboxItem, type SendItemInput, type SwmsOutboxEmitted } from '../../machines/swms-outbox.machine';
import * as outbox from '../../machines/swms-outbox.selectors';
import { emptySwmsDraft, swmsSubmissionMessages } from '../../src/domain/swms-submission';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type OutboxEvent = EventFromLogic<typeof swmsOutboxMachine> | { type: string; [key: string]: unknown };
type OutboxSnapshot = ReturnType<typeof createActor<typeof swmsOutboxMachine>>['getSnapshot'] extends () => infer S ? S : never;

const item = (submissionId: string, queuedAt: string): OutboxItem => ({
  submissionId,
  siteId: 'site-1',
  draft: emptySwmsDraft('site-1', submissionId),
  pendingPhotos: {},
  queuedAt,
  status: 'waiting',
  message: null,
});
const stored = item('5b7e3c1a-0000-4000-8000-00000000000a', '2026-03-01T09:00:00.000Z');
const added = item('5b7e3c1a-0000-4000-8000-00000000000b', '2026-03-01T10:00:00.000Z');
const noSignal = new TypeError('Failed to fetch');
const serverDown = Object.assign(new Error('Service Unavailable'), { status: 503 });
const notCheckedIn = Object.assign(new Error(swmsSubmissionMessages.notCheckedIn), { status: 403 });

const sampleEvents: Record<string, OutboxEvent[]> = {
  'xstate.done.actor.loadOutbox': [
    { type: 'xstate.done.actor.loadOutbox', output: [stored] },
    { type: 'xstate.done.actor.loadOutbox', output: [] },
  ],
  'xstate.error.actor.loadOutbox': [{ type: 'xstate.error.actor.loadOutbox', error: new Error('IndexedDB unavailable') }],
  'outbox.add': [{ type: 'outbox.add', item: added }],
  'outbox.remove': [{ type: 'outbox.remove', submissionId: stored.submissionId }],
  'outbox.retry': [{ type: 'outbox.retry' }],
  'outbox.dismiss': [{ type: 'outbox.dismiss' }],
  'network.online': [{ type: 'network.online' }],
  'network.offline': [{ type: 'network.offline' }],
  // A new SWMS answers the SWMS (revision 1); a revision answers its swmsId and number.
  'xstate.done.actor.sendItem': [
    { type: 'xstate.done.actor.sendItem', output: { _id: 'swms-1', revision: 1 } },
    { type: 'xstate.done.actor.sendItem', output: { swmsId: 'swms-1', revision: 3 } },
  ],
  'xstate.error.actor.sendItem': [
    { type: 'xstate.error.actor.sendItem', error: noSignal },
    { type: 'xstate.error.actor.sendItem', error: notCheckedIn },
  ],
  'xstate.after.retryDelay.swmsOutbox.backoff': [{ type: 'xstate.after.retryDelay.swmsOutbox.backoff' }],
};

const serialize = (snapshot: OutboxSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    online: snapshot.context.online,
    items: snapshot.context.items.map((queued) => `${queued.submissionId.slice(-1)}:${queued.status}`),
    retried: snapshot.context.attempt > 0,
    sent: snapshot.context.sent.length > 0,
  });

function describeOutboxEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (key, value: unknown) => {
    if (value === stored) return '<stored A>';
    if (value === added) return '<added B>';
    if (value instanceof Error) return `${value.message}${'status' in value ? ` (${String(value.status)})` : ''}`;
    if (key === 'output' && Array.isArray(value)) return value.map((one) => (one === stored ? '<stored A>' : one));
    return value;
  });
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface OutboxRig extends Rig<typeof swmsOutboxMachine> {
  emitted: SwmsOutboxEmitted[];
  stored: { items: readonly OutboxItem[] }[];
  forgotten: string[];
  lastNow: number;
}

const inputs: InputFrom<typeof swmsOutboxMachine>[] = [{ online: true }, { online: false }];
const coverage = new TransitionCoverage(swmsOutboxMachine);
const paths = modelPaths(swmsOutboxMachine, { inputs, events: sampleEvents, serialize, describeEvent: describeOutboxEvent });

describe('SWMS outbox machine, model-based', () => {
  test.for(paths.map((path) => [`${path.input.online ? 'online' : 'offline'}: ${path.description}`, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof swmsOutboxMachine, OutboxRig>(path, {
      coverage,
      startTime: 1_000,
      createRig: ({ input, scripted, clock, inspect }) => {
        const rig: Partial<OutboxRig> = { emitted: [], stored: [], forgotten: [], lastNow: 1_000 };
        const machine = swmsOutboxMachine.provide({
          actors: { loadOutbox: scripted.logic<OutboxItem[]>(), sendItem: scripted.logic<unknown, SendItemInput>() },
          actions: {
            storeItems: (_, params) => rig.stored?.push(params),
            forgetItem: (_, { submissionId }) => rig.forgotten?.push(submissionId),
          },
        });
        const actor = createActor(machine, { input, clock, inspect });
        actor.on('*', (event) => rig.emitted?.push(event));
        return Object.assign(rig, { actor, scripted, clock }) as OutboxRig;
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const before = previous?.state;
        const event = step.event as { type: string; error?: unknown; submissionId?: string };
        expect(snapshot.hasTag('busy'), 'busy while sending').toBe(snapshot.matches('sending'));
        expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
        expect(outbox.waitingCount(snapshot)).toBe(snapshot.context.items.filter((queued) => queued.status === 'waiting').length);

        if (snapshot.matches('sending') && !before?.matches('sending')) {
          const oldestWaiting = snapshot.context.items.find((queued) => queued.status === 'waiting');
          expect(rig.scripted.lastInput('sendItem'), 'the oldest waiting submission is sent first').toEqual({ item: oldestWaiting });
        }
        if (snapshot.matches('idle')) expect(outbox.waitingCount(snapshot), 'idle only with nothing waiting').toBe(0);
        if (snapshot.matches('waitingForNetwork')) expect(outbox.waitingCount(snapshot)).toBeGreaterThan(0);

        if (event.type === 'xstate.done.actor.sendItem' && before) {
          const sentId = before.context.current;
          const revision = (event as { output?: { revision?: number } }).output?.revision;
          expect(rig.emitted.at(-1), 'the builder is told the number the server gave it').toEqual({ type: 'outbox.sent', submissionId: sentId, revision });
          expect(rig.forgotten.at(-1), 'a sent submission is removed from the phone').toBe(sentId);
          expect(snapshot.context.items.some((queued) => queued.submissionId === sentId)).toBe(false);
          expect(outbox.sentCount(snapshot)).toBeGreaterThan(0);
          expect(snapshot.context.attempt).toBe(0);
        }
        if (event.type === 'xstate.error.actor.sendItem' && before) {
          const failedId = before.context.current;
          const failed = snapshot.context.items.find((queued) => queued.submissionId === failedId);
          if (!failed) {
            expect(snapshot.matches('idle'), 'taken out of the outbox while it was being sent: nothing left to do').toBe(outbox.waitingCount(snapshot) === 0);
          } else if (isTransientFailure(event.error)) {
            expect(failed.status, 'no answer: tried again later').toBe('waiting');
            expect(snapshot.context.attempt).toBe(Math.min(6, before.context.attempt + 1));
            expect(snapshot.matches(snapshot.context.online ? 'backoff' : 'waitingForNetwork')).toBe(true);
          } else {
            expect(failed).toMatchObject({ status: 'refused', message: swmsSubmissionMessages.notCheckedIn });
            expect(outbox.refusedItems(snapshot)).toContainEqual(failed);
            expect(rig.stored.at(-1)?.items, 'the refusal is kept on the phone').toEqual(snapshot.context.items);
          }
        }
        if (event.type.startsWith('xstate.after.') && before) {
          expect(rig.clock.now() - rig.lastNow, 'the wait grows with each failed try').toBe(retryDelay(before.context.attempt));
        }
        if (event.type === 'outbox.retry') {
          expect(outbox.refusedItems(snapshot)).toEqual([]);
          expect(rig.stored.at(-1)?.items).toEqual(snapshot.context.items);
        }
        if (event.type === 'outbox.remove') {
          expect(rig.forgotten.at(-1)).toBe(event.submissionId);
          expect(snapshot.context.items.some((queued) => queued.submissionId === event.submissionId)).toBe(false);
        }
        if (event.type === 'outbox.dismiss') expect(outbox.sentCount(snapshot)).toBe(0);
        rig.lastNow = rig.clock.now();
      },
    });
  });

  test('every state and transition of the outbox machine is exercised', () => {
    coverage.assertComplete('swmsOutbox');
  });
});

describe('SWMS outbox, rules', () => {
  test('waits 2 s, 4 s, 8 s … between tries, and never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });

  test('no answer, a timeout, a server fault or an expired session is tried again; any other 4xx is the answer', () => {
    expect(isTransientFailure(noSignal)).toBe(true);
    expect(isTransientFailure(Object.assign(new Error('timeout'), { name: 'TimeoutError' }))).toBe(true);
    expect(isTransientFailure(serverDown)).toBe(true);
    for (const status of [401, 408, 429, 500]) expect(isTransientFailure({ status })).toBe(true);
    for (const status of [400, 403, 404, 409]) expect(isTransientFailure({ status })).toBe(false);
  });

  test('an unprovided sendItem fails loudly: the submission waits for a retry, nothing is lost', async () => {
    const actor = createActor(swmsOutboxMachine.provide({ actions: { storeItems: () => undefined, forgetItem: () => undefined } }), { input: { online: true } }).start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    actor.send({ type: 'outbox.add', item: added });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('backoff');
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    actor.stop();
  });

  test('submissions queued while the stored ones load are kept, and a stored copy of the same one is not doubled', () => {
    const scripted = new ScriptedActors();
    const actor = createActor(swmsOutboxMachine.provide({ actors: { loadOutbox: scripted.logic(), sendItem: scripted.logic() } }), { input: { online: false } }).start();
    actor.send({ type: 'outbox.add', item: added });
    scripted.resolve('loadOutbox', [stored, added]);
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      expect(actor.getSnapshot().context.items.map((queued) => queued.submissionId)).toEqual([added.submissionId, stored.submissionId]);
      expect(actor.getSnapshot().value).toBe('waitingForNetwork');
      actor.stop();
    });
  });
});
