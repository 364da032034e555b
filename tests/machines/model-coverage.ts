import { expect } from 'vitest';
import {
  fromPromise,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type PromiseActorLogic,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, serializeSnapshot, type AdjacencyValue } from 'xstate/graph';
import { transitionLabel } from '../support/transition-label';

/*
 * Model-based testing for machines that invoke actors and wait on timers.
 *
 * xstate/graph walks the machine as a pure model: invoked actors and delays are stepped with the
 * synthetic events XState itself delivers (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<stateId>`). Every edge of that graph becomes a path (shortest route to the
 * edge's source, then the edge). Each path is replayed against a real actor whose actors are
 * scripted promises and whose timers run on a fake clock: a done/error step settles the pending
 * invocation with that id, an after step fires the next timer, any other step is sent. After every
 * step the real snapshot must equal the model's, and the machine's own checks (storage, selectors)
 * run. Coverage is measured on the real runs, from the transitions the actor reports taking.
 */

type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine> & AnyMachineSnapshot;
type Event<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | { type: string; [key: string]: unknown };

export interface ModelStep<TMachine extends AnyStateMachine> {
  /** The event taken; the first step's is `xstate.init`. */
  event: Event<TMachine>;
  /** The model's snapshot after the event. */
  state: Snapshot<TMachine>;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine>;
  steps: ModelStep<TMachine>[];
  description: string;
}

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /** One traversal per input; a machine that decides at start (no events) needs one input per outcome. */
  inputs: readonly InputFrom<TMachine>[];
  /**
   * Sample events by event type. Every event a reachable state accepts, synthetic ones included,
   * must have samples: a missing one fails the traversal, so a new transition cannot go untested.
   */
  events?: Readonly<Record<string, readonly Event<TMachine>[]>>;
  /** How an event reads in a path's name; defaults to its type and JSON fields. */
  describeEvent?: (event: { type: string; [key: string]: unknown }) => string;
}

function describeEvent(event: { type: string }): string {
  const { type, ...rest } = event;
  const details = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${details}`;
}

function describeValue(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

function describePath(
  steps: readonly ModelStep<AnyStateMachine>[],
  describe: (event: { type: string; [key: string]: unknown }) => string,
): string {
  const events = steps.slice(1).map((step) => describe(step.event));
  const end = steps[steps.length - 1]!.state;
  const outcome = end.status === 'done' ? `done ${JSON.stringify(end.output)}` : describeValue(end);
  return `${events.length ? events.join(' → ') : '(start)'} ⇒ ${outcome}`;
}

function eventsAccepted(snapshot: AnyMachineSnapshot): string[] {
  if (snapshot.status !== 'active') return [];
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents))];
}

/** Paths that together take every edge of the model graph, deduplicated by prefix. */
export function modelPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
): ModelPath<TMachine>[] {
  const samples = options.events ?? {};
  const paths: ModelPath<TMachine>[] = [];
  for (const input of options.inputs) {
    const anyMachine: AnyStateMachine = machine;
    const adjacency = getAdjacencyMap(anyMachine, {
      input,
      events: (snapshot: AnyMachineSnapshot) =>
        eventsAccepted(snapshot).flatMap((type) => {
          const list = samples[type];
          if (!list?.length) throw new Error(`No sample events for ${type} (accepted in ${describeValue(snapshot)})`);
          return list;
        }),
    });

    const entries = Object.entries(adjacency) as [string, AdjacencyValue<AnyMachineSnapshot, Event<TMachine>>][];
    const byKey = new Map(entries);
    const [initialKey, initial] = entries[0]!;
    const routes = new Map<string, ModelStep<TMachine>[]>([
      [initialKey, [{ event: { type: 'xstate.init' }, state: initial.state as Snapshot<TMachine> }]],
    ]);
    const queue = [initialKey];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      for (const edge of Object.values(byKey.get(key)!.transitions)) {
        const next = serializeSnapshot(edge.state);
        if (routes.has(next)) continue;
        routes.set(next, [...routes.get(key)!, { event: edge.event, state: edge.state as Snapshot<TMachine> }]);
        queue.push(next);
      }
    }

    const candidates: ModelStep<TMachine>[][] = [routes.get(initialKey)!];
    for (const [key, { transitions }] of entries) {
      for (const edge of Object.values(transitions)) {
        candidates.push([...routes.get(key)!, { event: edge.event, state: edge.state as Snapshot<TMachine> }]);
      }
    }
    const signature = (steps: ModelStep<TMachine>[]) => steps.map((step) => JSON.stringify(step.event)).join('\n');
    const kept: ModelStep<TMachine>[][] = [];
    const isPrefix = (own: string, longer: string) => longer === own || longer.startsWith(`${own}\n`);
    for (const steps of candidates.sort((a, b) => b.length - a.length)) {
      const own = signature(steps);
      if (!kept.some((longer) => isPrefix(own, signature(longer)))) kept.push(steps);
    }
    for (const steps of kept.reverse()) {
      paths.push({ input, steps, description: describePath(steps as ModelStep<AnyStateMachine>[], options.describeEvent ?? describeEvent) });
    }
  }
  return paths;
}

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

function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings = transition.eventType ? source.transitions.get(transition.eventType) ?? [] : source.always ?? [];
  return `${source.id}|${transition.eventType}|${siblings.indexOf(transition)}`;
}

/** Which state nodes and transition definitions real runs of a machine went through. */
export class TransitionCoverage {
  private readonly allStates: string[];
  private readonly allTransitions = new Map<string, string>();
  private readonly seenStates = new Set<string>();
  private readonly seenTransitions = new Set<string>();

  constructor(private readonly machine: AnyStateMachine) {
    const nodes = getStateNodes(machine.root);
    this.allStates = nodes.map((node) => node.id);
    for (const node of [machine.root, ...nodes]) {
      for (const transitions of node.transitions.values()) {
        for (const transition of transitions) this.allTransitions.set(transitionKey(transition), transitionLabel(transition));
      }
      for (const transition of node.always ?? []) this.allTransitions.set(transitionKey(transition), transitionLabel(transition));
    }
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
      this.seenTransitions.add(transitionKey(transition));
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
    return [...this.allTransitions].filter(([key]) => !this.seenTransitions.has(key)).map(([, label]) => label);
  }

  summary(name: string): string {
    const states = this.allStates.length;
    const transitions = this.allTransitions.size;
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

async function takeStep<TMachine extends AnyStateMachine>(rig: Rig<TMachine>, event: { type: string; [key: string]: unknown }) {
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
      await takeStep(rig, step.event as { type: string });
      const real = rig.actor.getSnapshot() as AnyMachineSnapshot;
      options.coverage.observeSnapshot(real);
      expect(comparable(real), `after step ${index}: ${describeEvent(step.event as { type: string })}`).toEqual(
        comparable(step.state),
      );
      options.check?.(rig, step, path.steps[index - 1]);
    }
  } finally {
    rig.actor.stop();
  }
  return rig;
}
