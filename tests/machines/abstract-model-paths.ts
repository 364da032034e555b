import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, type AdjacencyValue } from 'xstate/graph';
import type { ModelPath, ModelStep } from './model-coverage';

/*
 * modelPaths (model-coverage.ts) for machines whose context is too rich to walk snapshot by snapshot
 * (a draft of free text, photos, two parallel regions): two snapshots are the same state of the model
 * when `serialize` says so (the state value and the few context facts the guards read), and each
 * state is offered the events a view would send there. Paths are replayed with `replayPath` as usual,
 * and `TransitionCoverage` still proves on the real runs that every state and transition was taken.
 */

type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine> & AnyMachineSnapshot;
type Event<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | { type: string; [key: string]: unknown };

export interface AbstractModelOptions<TMachine extends AnyStateMachine> {
  inputs: readonly InputFrom<TMachine>[];
  /** Sample events by type; every event a reachable state accepts needs samples (the state's own events only are tried). */
  events: Readonly<Record<string, readonly Event<TMachine>[]>>;
  /** Whether a view sends this event in this state; defaults to always. */
  offered?: (type: string, snapshot: Snapshot<TMachine>) => boolean;
  /** The model's notion of one state. */
  serialize: (snapshot: Snapshot<TMachine>) => string;
  describeEvent?: (event: { type: string; [key: string]: unknown }) => string;
}

function defaultDescribe({ type, ...rest }: { type: string }): string {
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
}

function eventsAccepted(snapshot: AnyMachineSnapshot): string[] {
  if (snapshot.status !== 'active') return [];
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents))];
}

function describeValue(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

export function abstractModelPaths<TMachine extends AnyStateMachine>(machine: TMachine, options: AbstractModelOptions<TMachine>): ModelPath<TMachine>[] {
  const describe = options.describeEvent ?? defaultDescribe;
  const paths: ModelPath<TMachine>[] = [];
  for (const input of options.inputs) {
    const anyMachine: AnyStateMachine = machine;
    const adjacency = getAdjacencyMap(anyMachine, {
      input,
      serializeState: (snapshot: AnyMachineSnapshot) => options.serialize(snapshot as Snapshot<TMachine>),
      events: (snapshot: AnyMachineSnapshot) =>
        eventsAccepted(snapshot)
          .filter((type) => options.offered?.(type, snapshot as Snapshot<TMachine>) ?? true)
          .flatMap((type) => {
            const list = options.events[type];
            if (!list?.length) throw new Error(`No sample events for ${type} (accepted in ${describeValue(snapshot)})`);
            return list;
          }),
    });

    const entries = Object.entries(adjacency) as [string, AdjacencyValue<AnyMachineSnapshot, Event<TMachine>>][];
    const byKey = new Map(entries);
    const [initialKey, initial] = entries[0]!;
    const routes = new Map<string, ModelStep<TMachine>[]>([[initialKey, [{ event: { type: 'xstate.init' }, state: initial.state as Snapshot<TMachine> }]]]);
    const queue = [initialKey];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      for (const edge of Object.values(byKey.get(key)!.transitions)) {
        const next = options.serialize(edge.state as Snapshot<TMachine>);
        if (routes.has(next)) continue;
        routes.set(next, [...routes.get(key)!, { event: edge.event, state: edge.state as Snapshot<TMachine> }]);
        queue.push(next);
      }
    }

    const candidates: ModelStep<TMachine>[][] = [routes.get(initialKey)!];
    for (const [key, { transitions }] of entries) {
      const route = routes.get(key);
      if (!route) continue;
      for (const edge of Object.values(transitions)) {
        candidates.push([...route, { event: edge.event, state: edge.state as Snapshot<TMachine> }]);
      }
    }
    const signature = (steps: ModelStep<TMachine>[]) => steps.map((step) => JSON.stringify(step.event)).join('\n');
    const isPrefix = (own: string, longer: string) => longer === own || longer.startsWith(`${own}\n`);
    const kept: { steps: ModelStep<TMachine>[]; signature: string }[] = [];
    for (const steps of candidates.sort((a, b) => b.length - a.length)) {
      const own = signature(steps);
      if (!kept.some((longer) => isPrefix(own, longer.signature))) kept.push({ steps, signature: own });
    }
    for (const { steps } of kept.reverse()) {
      const events = steps.slice(1).map((step) => describe(step.event as { type: string }));
      const end = steps[steps.length - 1]!.state;
      paths.push({ input, steps, description: `${events.length ? events.join(' → ') : '(start)'} ⇒ ${describeValue(end)}` });
    }
  }
  return paths;
}
