import { expect } from 'vitest';
import {
  fromPromise,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type PromiseActorLogic,
} from 'xstate';
import { describeEvent, labelOf, machineStates, machineTransitions, type ModelEvent, type ModelPath, type ModelStep } from '../support/machine-paths';

/*
 * Model-based testing for machines that invoke actors and wait on timers.
 *
 * The paths come from tests/support/machine-paths.ts (`modelPaths`: every edge of the machine's graph
 * on its own shortest path). Each path is replayed against a real actor whose actors are
 * scripted promises and whose timers run on a fake clock: a done/error step settles the pending
 * invocation with that id, an after step fires the next timer, any other step is sent. After every
 * step the real snapshot must equal the model's, and the machine's own checks (storage, selectors)
 * run. Coverage is measured on the real runs, from the transitions the actor reports taking.
 */

/** A clock for XState's scheduler and for the machine's own idea of now; timers fire only on demand. */
export class FakeClock {
  private current: number;
  private nextId = 0;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: (...args: unknown[]) => void, ms: number): number {
    this.nextId += 1;
    this.timers.set(this.nextId, { due: this.current + ms, fn });
    return this.nextId;
  }

  clearTimeout(id: unknown): void {
    this.timers.delete(id as number);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time to the earliest timer and fires it. */
  fireNext(): void {
    const [id, timer] = [...this.timers].sort(([, a], [, b]) => a.due - b.due)[0] ?? [];
    if (id === undefined || !timer) throw new Error('No timer is pending');
    this.timers.delete(id);
    this.current = Math.max(this.current, timer.due);
    timer.fn();
  }
}

/** Promise actors that stay pending until a test settles them, keyed by the invoke id. */
export class ScriptedActors {
  private readonly pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  readonly calls: { id: string; input: unknown }[] = [];

  logic<TOutput, TInput = unknown>(): PromiseActorLogic<TOutput, TInput> {
    return fromPromise<TOutput, TInput>(({ input, self }) => {
      this.calls.push({ id: self.id, input });
      return new Promise<TOutput>((resolve, reject) => {
        this.pending.set(self.id, { resolve: resolve as (value: unknown) => void, reject });
      });
    });
  }

  lastInput(id: string): unknown {
    return this.calls.filter((call) => call.id === id).at(-1)?.input;
  }

  private take(id: string) {
    const invocation = this.pending.get(id);
    if (!invocation) throw new Error(`The real actor is not waiting on '${id}' (pending: ${[...this.pending.keys()].join(', ') || 'none'})`);
    this.pending.delete(id);
    return invocation;
  }

  resolve(id: string, output: unknown): void {
    this.take(id).resolve(output);
  }

  reject(id: string, error: unknown): void {
    this.take(id).reject(error);
  }
}

/** Which state nodes and transition definitions real runs of a machine went through. */
export class TransitionCoverage {
  private readonly allStates: string[];
  private readonly allTransitions: string[];
  private readonly seenStates = new Set<string>();
  private readonly seenTransitions = new Set<string>();

  constructor(private readonly machine: AnyStateMachine) {
    this.allStates = machineStates(machine);
    this.allTransitions = machineTransitions(machine);
  }

  private noteSnapshot(snapshot: AnyMachineSnapshot): void {
    for (const node of snapshot._nodes) if (node.parent) this.seenStates.add(node.id);
  }

  /** An `inspect` observer for createActor; it records only this machine's microsteps. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    const snapshot = event.snapshot as AnyMachineSnapshot;
    if (snapshot.machine?.id !== this.machine.id) return;
    this.noteSnapshot(snapshot);
    for (const transition of event._transitions) {
      this.seenTransitions.add(labelOf(this.machine, transition));
      if (transition.source.parent) this.seenStates.add(transition.source.id);
    }
  };

  observeSnapshot(snapshot: AnyMachineSnapshot): void {
    this.noteSnapshot(snapshot);
  }

  get missedStates(): string[] {
    return this.allStates.filter((id) => !this.seenStates.has(id));
  }

  get missedTransitions(): string[] {
    return this.allTransitions.filter((label) => !this.seenTransitions.has(label));
  }

  summary(name: string): string {
    const states = this.allStates.length;
    const transitions = this.allTransitions.length;
    return `coverage ${name}: ${states - this.missedStates.length}/${states} states, ${transitions - this.missedTransitions.length}/${transitions} transitions`;
  }

  /** Prints the summary line and fails when any state or transition was never taken. */
  assertComplete(name: string): void {
    console.log(this.summary(name));
    expect({ missedStates: this.missedStates, missedTransitions: this.missedTransitions }).toEqual({
      missedStates: [],
      missedTransitions: [],
    });
  }
}

export interface Rig<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine>;
  scripted: ScriptedActors;
  clock: FakeClock;
}

export interface ReplayOptions<TMachine extends AnyStateMachine, TRig extends Rig<TMachine>> {
  /** A real, unstarted actor wired to `scripted` actors, running timers on `clock`, inspected by `inspect`. */
  createRig(parts: {
    input: InputFrom<TMachine>;
    scripted: ScriptedActors;
    clock: FakeClock;
    inspect: (event: InspectionEvent) => void;
  }): TRig;
  startTime?: number;
  /** The machine's observable effects after each step (storage, emitted events, selectors). */
  check?(rig: TRig, step: ModelStep<TMachine>, previous: ModelStep<TMachine> | undefined): void;
  coverage: TransitionCoverage;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const comparable = (snapshot: AnyMachineSnapshot) => ({
  status: snapshot.status,
  value: snapshot.value,
  context: JSON.parse(JSON.stringify(snapshot.context ?? {})) as unknown,
  output: snapshot.output as unknown,
});

async function takeStep<TMachine extends AnyStateMachine>(rig: Rig<TMachine>, event: ModelEvent) {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (event.type === 'xstate.init') rig.actor.start();
  else if (done) rig.scripted.resolve(done[1]!, event.output);
  else if (failed) rig.scripted.reject(failed[1]!, event.error);
  else if (event.type.startsWith('xstate.after.')) rig.clock.fireNext();
  else rig.actor.send(event as EventFromLogic<TMachine>);
  await settle();
}

/** Replays one model path on a real actor, comparing snapshots step by step. */
export async function replayPath<TMachine extends AnyStateMachine, TRig extends Rig<TMachine>>(
  path: ModelPath<TMachine>,
  options: ReplayOptions<TMachine, TRig>,
): Promise<TRig> {
  const scripted = new ScriptedActors();
  const clock = new FakeClock(options.startTime ?? 0);
  const rig = options.createRig({ input: path.input, scripted, clock, inspect: options.coverage.inspect });
  try {
    for (const [index, step] of path.steps.entries()) {
      await takeStep(rig, step.event);
      const real = rig.actor.getSnapshot() as AnyMachineSnapshot;
      options.coverage.observeSnapshot(real);
      expect(comparable(real), `after step ${index}: ${describeEvent(step.event)}`).toEqual(
        comparable(step.state),
      );
      options.check?.(rig, step, path.steps[index - 1]);
    }
  } finally {
    rig.actor.stop();
  }
  return rig;
}
