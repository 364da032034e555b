import {
  createActor,
  createMachine,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, serializeSnapshot } from 'xstate/graph';
import { transitionLabel } from './transition-label';

/*
 * The one generator of paths through a machine, shared by the machine tests (tests/machines, replayed on
 * a real actor) and the browser model tests (tests/e2e/model, acted out in Chromium).
 *
 * xstate/graph's getAdjacencyMap walks the machine from each start with sample events per type; the
 * synthetic `xstate.done.actor.<id>`, `xstate.error.actor.<id>` and `xstate.after.<delay>.<state>`
 * events stand for an actor's answer and a timer. Paths are strung through that graph in one of two ways:
 * - `edges`: every edge of the graph on its own shortest path from the start (a machine test replays
 *   hundreds in milliseconds, and a failure names one edge);
 * - `transitions`: greedily, the fewest paths that together take every transition and enter every state
 *   (a browser path costs seconds): from where it stands a path goes to the nearest edge that takes
 *   something new, and ends when nothing new is reachable; a later start adds only what is new.
 * Every step's snapshot is the machine's own transition from the step before, and names the transitions
 * (by `transitionLabel`) it took, eventless ones included.
 */

export type ModelEvent = EventObject & Record<string, unknown>;
type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine> & AnyMachineSnapshot;

/** Sample events of one type, or a function of the snapshot when only some fit there (a stale code can only be refused). */
export type Samples<TMachine extends AnyStateMachine = AnyStateMachine> =
  | readonly ModelEvent[]
  | ((snapshot: Snapshot<TMachine>) => readonly ModelEvent[]);

export interface Traversal<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** How the paths from this start are named ('as a super user'); none in a path's description when absent. */
  readonly name?: string;
  readonly input?: InputFrom<TMachine>;
  /** Sample events by type; only a state's own accepted types are tried. */
  readonly events?: Readonly<Record<string, Samples<TMachine>>>;
  /**
   * Every type a reachable state accepts must have samples, or the walk fails naming it (the machine
   * tests' rule: a new transition cannot go untested). Otherwise unsampled types are skipped and the
   * browser drift test names them.
   */
  readonly everyEvent?: boolean;
  /** Whether a view sends this event in this state; defaults to always. */
  readonly offered?: (type: string, snapshot: Snapshot<TMachine>) => boolean;
  /**
   * The model's notion of one state; defaults to the state value and context. A coarser one (the few
   * facts the guards read) keeps a rich context's graph small; it must keep every fact a guard reads.
   */
  readonly serialize?: (snapshot: Snapshot<TMachine>) => string;
  /** Events after which the path ends, because the world they leave behind cannot be walked on (a removed company). */
  readonly endsPath?: (event: ModelEvent) => boolean;
}

export interface ModelStep<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** `xstate.init` for the first step. */
  readonly event: EventFromLogic<TMachine> | ModelEvent;
  /** The machine's snapshot after the event. */
  readonly state: Snapshot<TMachine>;
  /** Labels of the transitions the event took, eventless ones included. */
  readonly transitions: readonly string[];
}

export interface ModelPath<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The index of the traversal the path starts from. */
  readonly traversal: number;
  readonly input: InputFrom<TMachine>;
  readonly steps: ModelStep<TMachine>[];
  readonly description: string;
}

export interface PathOptions {
  /** `edges`: each edge of the graph on its own shortest path; `transitions`: the fewest paths taking every transition and state. */
  readonly cover: 'edges' | 'transitions';
  /** How an event reads in a path's description. */
  readonly describeEvent?: (event: ModelEvent) => string;
}

/** A transition's identity across `machine.provide()` copies: its source, event and place among its siblings. */
function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings = transition.eventType ? source.transitions.get(transition.eventType) ?? [] : source.always ?? [];
  return `${source.id}|${transition.eventType}|${siblings.indexOf(transition)}`;
}

function definitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node: AnyStateNode) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

const labelCache = new WeakMap<AnyStateMachine, Map<string, string>>();

/** Labels by transition key; a label two transitions share gets ' #2', ' #3' on the later ones. */
function labelsOf(machine: AnyStateMachine): Map<string, string> {
  let labels = labelCache.get(machine);
  if (!labels) {
    labels = new Map();
    const used = new Map<string, number>();
    for (const transition of definitions(machine)) {
      const label = transitionLabel(transition);
      const seen = used.get(label) ?? 0;
      used.set(label, seen + 1);
      labels.set(transitionKey(transition), seen === 0 ? label : `${label} #${seen + 1}`);
    }
    labelCache.set(machine, labels);
  }
  return labels;
}

/** The label of one of `machine`'s transitions (or of a transition of a `machine.provide()` copy). */
export function labelOf(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  return labelsOf(machine).get(transitionKey(transition)) ?? transitionLabel(transition);
}

/** Every transition of the machine by label: `source --event[guard]--> targets`. */
export function machineTransitions(machine: AnyStateMachine): string[] {
  return [...labelsOf(machine).values()];
}

/** Every state node id but the root's. */
export function machineStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node: AnyStateNode) => node.id);
}

/** Every event type some state accepts, the synthetic done/error/after ones included. */
export function machineEvents(machine: AnyStateMachine): string[] {
  return [...new Set(definitions(machine).map((transition) => transition.eventType).filter(Boolean))];
}

/** The event type in a transition's label ('always' for an eventless one). */
export function eventTypeOf(label: string): string {
  return /--(.+?)(\[.*\])?-->/.exec(label)?.[1] ?? '';
}

/** States a snapshot is in, parents first. */
export function activeStates(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((node) => node.parent).map((node) => node.id);
}

export function describeValue(snapshot: AnyMachineSnapshot): string {
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  if (snapshot.status !== 'done') return value;
  return snapshot.output === undefined ? `${value} (final)` : `${value} (final: ${JSON.stringify(snapshot.output)})`;
}

/** An event as a path's description shows it by default: its type and its other fields. */
export function describeEvent({ type, ...rest }: ModelEvent): string {
  return Object.keys(rest).length > 0 ? `${type} ${serializeEvent(rest)}` : type;
}

/** Errors keep their message and fields in an event's key, so two error samples of one type stay two edges. */
function serializeEvent(event: unknown): string {
  return JSON.stringify(event, (_, value: unknown) =>
    value instanceof Error ? { error: value.message, ...Object.fromEntries(Object.entries(value)) } : value,
  );
}

/** An actor scope that reports each microstep's transitions, for machine.transition(). */
function recordingScope(record: (transitions: AnyTransitionDefinition[]) => void): AnyActorScope {
  const observer = createActor(createMachine({}), {
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') record(event._transitions);
    },
  });
  const noop = () => undefined;
  return {
    self: observer,
    logger: noop,
    id: '',
    sessionId: 'machine-paths',
    defer: noop,
    system: observer.system,
    stopChild: noop,
    emit: noop,
    actionExecutor: noop,
  } as unknown as AnyActorScope;
}

interface Edge {
  readonly event: ModelEvent;
  readonly target: string;
  readonly transitions: readonly string[];
  readonly entered: readonly string[];
}

/** One traversal's graph, and the machine's own step from a snapshot. */
interface Graph {
  readonly initialKey: string;
  readonly initial: ModelStep;
  readonly edges: ReadonlyMap<string, readonly Edge[]>;
  /** The machine's own step; it fails when the state reached is not the graph's `expectedKey`. */
  step(from: AnyMachineSnapshot, event: ModelEvent, expectedKey?: string): ModelStep;
}

function buildGraph(machine: AnyStateMachine, traversal: Traversal): Graph {
  let taken: AnyTransitionDefinition[] = [];
  const scope = recordingScope((transitions) => taken.push(...transitions));
  const takenLabels = () => {
    const result = [...new Set(taken.map((transition) => labelOf(machine, transition)))];
    taken = [];
    return result;
  };
  const serialize = traversal.serialize ?? ((snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot));
  const ends = (event: ModelEvent | undefined) => event !== undefined && (traversal.endsPath?.(event) ?? false);
  const keyOf = (snapshot: AnyMachineSnapshot, event: ModelEvent | undefined) => `${serialize(snapshot)}${ends(event) ? ' (path ends)' : ''}`;
  const ended = new WeakSet<AnyMachineSnapshot>();
  const samples = traversal.events ?? {};
  const samplesFor = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
    if (snapshot.status !== 'active' || ended.has(snapshot)) return [];
    const accepted = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents))].filter(
      (type) => traversal.offered?.(type, snapshot) ?? true,
    );
    if (traversal.everyEvent) {
      const missing = accepted.find((type) => {
        const list = samples[type];
        return list === undefined || (typeof list !== 'function' && list.length === 0);
      });
      if (missing) throw new Error(`No sample events for ${missing} (accepted in ${describeValue(snapshot)})`);
    }
    return Object.entries(samples)
      .filter(([type]) => accepted.includes(type))
      .flatMap(([, list]) => (typeof list === 'function' ? list(snapshot) : list));
  };

  const anyMachine: AnyStateMachine = machine;
  const adjacency = getAdjacencyMap(anyMachine, {
    input: traversal.input,
    events: samplesFor,
    serializeEvent: serializeEvent as (event: ModelEvent) => string,
    serializeState: (snapshot: AnyMachineSnapshot, event: ModelEvent | undefined) => {
      if (ends(event)) ended.add(snapshot);
      return keyOf(snapshot, event);
    },
  });

  const step = (from: AnyMachineSnapshot, event: ModelEvent, expectedKey?: string): ModelStep => {
    taken = [];
    const state = anyMachine.transition(from, event, scope) as AnyMachineSnapshot;
    const key = keyOf(state, event);
    if (expectedKey !== undefined && key !== expectedKey) {
      throw new Error(
        `${traversal.name ?? machine.id}: after ${describeEvent(event)} the machine is in ${key}, where the graph has ${expectedKey}: ` +
          'serialize leaves out something the machine reads',
      );
    }
    return { event, state, transitions: takenLabels() };
  };

  taken = [];
  const initialState = anyMachine.getInitialSnapshot(scope, traversal.input) as AnyMachineSnapshot;
  const initial: ModelStep = { event: { type: 'xstate.init' }, state: initialState, transitions: takenLabels() };
  const edges = new Map<string, Edge[]>();
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    edges.set(
      key,
      (Object.values(transitions) as { event: ModelEvent }[]).map(({ event }) => {
        const next = step(state, event);
        return { event, target: keyOf(next.state, event), transitions: next.transitions, entered: activeStates(next.state) };
      }),
    );
  }
  return { initialKey: Object.keys(adjacency)[0] ?? '', initial, edges, step };
}

function describePath(traversal: Traversal, steps: readonly ModelStep[], describe: (event: ModelEvent) => string): string {
  const events = steps.slice(1).map((step) => describe(step.event));
  const walk = `${events.length ? events.join(' → ') : '(start)'} ⇒ ${describeValue(steps[steps.length - 1]!.state)}`;
  return traversal.name ? `${traversal.name}: ${walk}` : walk;
}

/** Every edge of the graph on its own shortest path; a path that is the start of a longer one is left out. */
function edgePaths(graph: Graph): ModelStep[][] {
  const routes = new Map<string, ModelStep[]>([[graph.initialKey, [graph.initial]]]);
  const queue = [graph.initialKey];
  const candidates: ModelStep[][] = [[graph.initial]];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const route = routes.get(key)!;
    for (const edge of graph.edges.get(key) ?? []) {
      const steps = [...route, graph.step(route[route.length - 1]!.state, edge.event, edge.target)];
      candidates.push(steps);
      if (routes.has(edge.target)) continue;
      routes.set(edge.target, steps);
      queue.push(edge.target);
    }
  }
  const signature = (steps: readonly ModelStep[]) => steps.map((step) => serializeEvent(step.event)).join('\n');
  const isPrefix = (own: string, longer: string) => longer === own || longer.startsWith(`${own}\n`);
  const kept: { steps: ModelStep[]; signature: string }[] = [];
  for (const steps of [...candidates].sort((a, b) => b.length - a.length)) {
    const own = signature(steps);
    if (!kept.some((longer) => isPrefix(own, longer.signature))) kept.push({ steps, signature: own });
  }
  return kept.reverse().map(({ steps }) => steps);
}

/** The covering walk: see the file's comment. `covered` and `entered` carry over from earlier traversals. */
function transitionPaths(graph: Graph, covered: Set<string>, entered: Set<string>): ModelStep[][] {
  const isNew = (transitions: readonly string[], states: readonly string[]) =>
    transitions.some((label) => !covered.has(label)) || states.some((id) => !entered.has(id));
  const take = (step: ModelStep) => {
    for (const label of step.transitions) covered.add(label);
    for (const id of activeStates(step.state)) entered.add(id);
  };
  /** Breadth first from `from` to the nearest edge with something new. */
  const nearestNew = (from: string): Edge[] | null => {
    const routes = new Map<string, Edge[]>([[from, []]]);
    const queue = [from];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const route = routes.get(key) ?? [];
      for (const edge of graph.edges.get(key) ?? []) {
        if (isNew(edge.transitions, edge.entered)) return [...route, edge];
        if (routes.has(edge.target)) continue;
        routes.set(edge.target, [...route, edge]);
        queue.push(edge.target);
      }
    }
    return null;
  };

  const paths: ModelStep[][] = [];
  for (let first = true; ; first = false) {
    const steps: ModelStep[] = [graph.initial];
    let gained = first && isNew(graph.initial.transitions, activeStates(graph.initial.state));
    take(graph.initial);
    let at = graph.initialKey;
    for (let route = nearestNew(at); route; route = nearestNew(at)) {
      for (const edge of route) {
        const next = graph.step(steps[steps.length - 1]!.state, edge.event, edge.target);
        take(next);
        steps.push(next);
        at = edge.target;
      }
      gained = true;
    }
    if (!gained) return paths;
    paths.push(steps);
  }
}

/** Paths through `machine` from each traversal's start (see the file's comment for the two kinds). */
export function machinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  traversals: readonly Traversal<TMachine>[],
  options: PathOptions,
): ModelPath<TMachine>[] {
  const describe = options.describeEvent ?? describeEvent;
  const covered = new Set<string>();
  const entered = new Set<string>();
  return traversals.flatMap((traversal, index) => {
    const generic = traversal as unknown as Traversal;
    const graph = buildGraph(machine, generic);
    const walks = options.cover === 'edges' ? edgePaths(graph) : transitionPaths(graph, covered, entered);
    return walks.map((steps) => ({
      traversal: index,
      input: traversal.input as InputFrom<TMachine>,
      steps: steps as unknown as ModelStep<TMachine>[],
      description: describePath(generic, steps, describe),
    }));
  });
}

/** The machine tests' paths: every edge from every input, each accepted event sampled. */
export function modelPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    readonly inputs: readonly InputFrom<TMachine>[];
    readonly events?: Readonly<Record<string, Samples<TMachine>>>;
    readonly offered?: Traversal<TMachine>['offered'];
    readonly serialize?: Traversal<TMachine>['serialize'];
    readonly describeEvent?: (event: ModelEvent) => string;
  },
): ModelPath<TMachine>[] {
  const { inputs, describeEvent: describe, ...rest } = options;
  return machinePaths(
    machine,
    inputs.map((input) => ({ ...rest, input, everyEvent: true })),
    { cover: 'edges', ...(describe ? { describeEvent: describe } : {}) },
  );
}
