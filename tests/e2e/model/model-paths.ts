import {
  createActor,
  createMachine,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, serializeSnapshot } from 'xstate/graph';
import { transitionLabel } from '../../support/transition-label';

/*
 * Paths through a machine for the browser: xstate/graph walks the machine from each start
 * (synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events stand for the server's
 * answers), then a greedy walk strings edges into as few paths as it can: from where it stands it goes
 * to the nearest edge that takes a transition (or enters a state) no path has taken yet, and a path
 * ends when nothing new is reachable. So every transition the samples can reach is taken once,
 * without walking every simple path. Pure: the drift test (vitest) and the Playwright runner share it.
 */

export type ModelEvent = EventObject & Record<string, unknown>;

type Samples = readonly ModelEvent[] | ((snapshot: AnyMachineSnapshot) => readonly ModelEvent[]);

export interface Traversal<TArrange = unknown> {
  /** How the paths from this start are named ('as a super user'). */
  readonly name: string;
  readonly input?: unknown;
  /** What the browser sets up so that the app starts where the model starts. */
  readonly arrange: TArrange;
  /**
   * Sample events by type, or a function of the snapshot when only some fit there (a stale code can
   * only be refused). Only sampled types are tried: the drift test names any accepted type left out.
   */
  readonly events?: Readonly<Record<string, Samples>>;
  /** The model's notion of one state; defaults to the state value and context. */
  readonly serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Events after which the path ends, because the world they leave behind cannot be walked on (a removed company). */
  readonly endsPath?: (event: ModelEvent) => boolean;
}

export interface ModelStep {
  /** `xstate.init` for the first step. */
  readonly event: ModelEvent;
  /** The model's snapshot after the event. */
  readonly state: AnyMachineSnapshot;
  /** Labels (transitionLabel) of the transitions the event took, eventless ones included. */
  readonly transitions: readonly string[];
}

export interface ModelPath {
  readonly traversal: number;
  readonly steps: readonly ModelStep[];
  readonly description: string;
}

function definitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node: AnyStateNode) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

const labelCache = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, string>>();

function labelsOf(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  let labels = labelCache.get(machine);
  if (!labels) {
    labels = new Map();
    const used = new Map<string, number>();
    for (const transition of definitions(machine)) {
      const label = transitionLabel(transition);
      const seen = used.get(label) ?? 0;
      used.set(label, seen + 1);
      labels.set(transition, seen === 0 ? label : `${label} #${seen + 1}`);
    }
    labelCache.set(machine, labels);
  }
  return labels;
}

/** The event type in a transition's label ('always' for an eventless one). */
export function eventTypeOf(label: string): string {
  return /--(.+?)(\[.*\])?-->/.exec(label)?.[1] ?? '';
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
  const types = definitions(machine).map((transition) => transition.eventType).filter(Boolean);
  return [...new Set(types)];
}

/** States a snapshot is in, parents first. */
export function activeStates(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((node) => node.parent).map((node) => node.id);
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
    sessionId: 'model-paths',
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
  readonly state: AnyMachineSnapshot;
  readonly transitions: readonly string[];
}

interface Graph {
  readonly initialKey: string;
  readonly initial: ModelStep;
  readonly edges: ReadonlyMap<string, readonly Edge[]>;
}

function buildGraph(machine: AnyStateMachine, traversal: Traversal): Graph {
  const labels = labelsOf(machine);
  let taken: AnyTransitionDefinition[] = [];
  const scope = recordingScope((transitions) => taken.push(...transitions));
  const takenLabels = () => {
    const result = [...new Set(taken.map((transition) => labels.get(transition) ?? transitionLabel(transition)))];
    taken = [];
    return result;
  };
  const serialize = traversal.serialize ?? ((snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot));
  const ended = new WeakSet<AnyMachineSnapshot>();
  const keyOf = (snapshot: AnyMachineSnapshot) => `${serialize(snapshot)}${ended.has(snapshot) ? ' (path ends)' : ''}`;
  const samplesFor = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
    if (snapshot.status !== 'active' || ended.has(snapshot)) return [];
    const accepted = new Set(snapshot._nodes.flatMap((node) => node.ownEvents));
    return Object.entries(traversal.events ?? {})
      .filter(([type]) => accepted.has(type))
      .flatMap(([, samples]) => (typeof samples === 'function' ? samples(snapshot) : samples));
  };

  const anyMachine: AnyStateMachine = machine;
  const adjacency = getAdjacencyMap(anyMachine, {
    input: traversal.input,
    events: samplesFor,
    serializeState: (snapshot: AnyMachineSnapshot, event: ModelEvent | undefined) => {
      if (event && traversal.endsPath?.(event)) ended.add(snapshot);
      return keyOf(snapshot);
    },
  });

  taken = [];
  const initialState = anyMachine.getInitialSnapshot(scope, traversal.input) as AnyMachineSnapshot;
  const initial: ModelStep = { event: { type: 'xstate.init' }, state: initialState, transitions: takenLabels() };
  const edges = new Map<string, Edge[]>();
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const out: Edge[] = [];
    for (const { event } of Object.values(transitions) as { event: ModelEvent }[]) {
      const next = anyMachine.transition(state, event, scope) as AnyMachineSnapshot;
      const took = takenLabels();
      if (took.length === 0) continue;
      if (traversal.endsPath?.(event as ModelEvent)) ended.add(next);
      out.push({ event: event as ModelEvent, target: keyOf(next), state: next, transitions: took });
    }
    edges.set(key, out);
  }
  const initialKey = Object.keys(adjacency)[0] ?? '';
  return { initialKey, initial, edges };
}

function describeEvent(event: ModelEvent): string {
  const label = typeof event.label === 'string' ? event.label : null;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  const base = done ? `${done[1]} answers` : failed ? `${failed[1]} fails` : event.type;
  return label ? `${base} (${label})` : base;
}

export function describeValue(snapshot: AnyMachineSnapshot): string {
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  return snapshot.status === 'done' ? `${value} (final)` : value;
}

export function describeStep(step: ModelStep): string {
  return describeEvent(step.event);
}

/**
 * The shortest set of paths, greedily built, that together take every transition and enter every
 * state the traversals can reach. Starts are walked in order; a later one adds only what is new.
 */
export function coveringPaths(machine: AnyStateMachine, traversals: readonly Traversal[]): ModelPath[] {
  const covered = new Set<string>();
  const entered = new Set<string>();
  const isNew = (transitions: readonly string[], state: AnyMachineSnapshot) =>
    transitions.some((label) => !covered.has(label)) || activeStates(state).some((id) => !entered.has(id));
  const take = (transitions: readonly string[], state: AnyMachineSnapshot) => {
    for (const label of transitions) covered.add(label);
    for (const id of activeStates(state)) entered.add(id);
  };

  const paths: ModelPath[] = [];
  traversals.forEach((traversal, index) => {
    const graph = buildGraph(machine, traversal);
    /** Breadth first from `from` to the nearest edge with something new. */
    const nearestNew = (from: string): Edge[] | null => {
      const routes = new Map<string, Edge[]>([[from, []]]);
      const queue = [from];
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        const route = routes.get(key) ?? [];
        for (const edge of graph.edges.get(key) ?? []) {
          if (isNew(edge.transitions, edge.state)) return [...route, edge];
          if (routes.has(edge.target)) continue;
          routes.set(edge.target, [...route, edge]);
          queue.push(edge.target);
        }
      }
      return null;
    };

    let first = true;
    for (;;) {
      const steps: ModelStep[] = [graph.initial];
      let gained = first && isNew(graph.initial.transitions, graph.initial.state);
      take(graph.initial.transitions, graph.initial.state);
      first = false;
      let at = graph.initialKey;
      for (let route = nearestNew(at); route; route = nearestNew(at)) {
        for (const edge of route) {
          take(edge.transitions, edge.state);
          steps.push({ event: edge.event, state: edge.state, transitions: edge.transitions });
          at = edge.target;
        }
        gained = true;
      }
      if (!gained) break;
      const events = steps.slice(1).map(describeStep);
      const end = describeValue(steps[steps.length - 1]!.state);
      paths.push({ traversal: index, steps, description: `${traversal.name}: ${events.length ? events.join(' → ') : '(start)'} ⇒ ${end}` });
    }
  });
  return paths;
}
