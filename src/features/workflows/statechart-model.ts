import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { MachineLabels } from '../../../machines/machine-labels';

type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface DiagramState {
  readonly id: string;
  readonly key: string;
  /** The state in words, from the machine's labels; its key when it has none. */
  readonly label: string;
  readonly parentId: string | null;
  readonly kind: StateKind;
  /** The state its parent enters first. */
  readonly initial: boolean;
  /** A region of a parallel state: drawn side by side with its siblings. */
  readonly region: boolean;
  readonly description: string | null;
  readonly tags: readonly string[];
  readonly childIds: readonly string[];
}

type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface DiagramTransition {
  readonly id: string;
  readonly sourceId: string;
  /** Empty for a transition that stays in its state (actions only). */
  readonly targetIds: readonly string[];
  readonly eventType: string;
  readonly kind: TransitionKind;
  /** The event in words ('when the review is saved'); empty for a transition taken at once on a condition. */
  readonly label: string;
  /** The guard in words ('if the flag is yours'), or 'otherwise' after a guarded sibling. */
  readonly condition: string | null;
  /** The code names, as the machine spells them: 'review.mark [isViewerFlag]'. */
  readonly code: string;
  readonly guard: string | null;
  readonly description: string | null;
}

export interface StatechartModel {
  readonly machineId: string;
  readonly rootId: string;
  readonly states: readonly DiagramState[];
  readonly transitions: readonly DiagramTransition[];
}

export interface LabelledMachine {
  readonly machine: AnyStateMachine;
  readonly labels: MachineLabels;
}

interface TransitionLike {
  readonly eventType: string;
  readonly target?: readonly AnyStateNode[] | undefined;
  readonly guard?: unknown;
  readonly description?: string | undefined;
}

interface CompositeGuard {
  readonly name: string;
  readonly check?: unknown;
  readonly guards?: readonly unknown[];
  readonly stateValue?: unknown;
}

const checkOf = (guard: unknown) => (guard as CompositeGuard).check;
/** xstate's guard helpers, known by their check (a minified build renames the functions themselves). */
const composites = new Map<unknown, string>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('guard')), 'not'],
  [checkOf(stateIn('guard')), 'in'],
]);

/** A guard's code name; xstate's `not`, `and`, `or` and `stateIn` spelled out with what they hold. */
function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as unknown as CompositeGuard;
    const kind = composites.get(composite.check);
    if (kind === 'in') return `in(${typeof composite.stateValue === 'string' ? composite.stateValue : JSON.stringify(composite.stateValue)})`;
    if (kind) return `${kind}(${(composite.guards ?? []).map((inner) => guardName(inner) ?? 'guard').join(', ')})`;
    return composite.name || 'guard';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}

const milliseconds = /^\d+$/;

function delayWords(delay: string): string {
  const ms = Number(delay);
  return ms % 1000 === 0 ? `after ${ms / 1000} s` : `after ${ms} ms`;
}

/** The kind of a transition's event, and the key its words are found under in the machine's labels. */
function describeEvent(eventType: string): { kind: TransitionKind; labelKey: string } {
  if (eventType === '') return { kind: 'always', labelKey: '' };
  if (eventType.startsWith('xstate.done.actor.')) return { kind: 'done', labelKey: eventType };
  if (eventType.startsWith('xstate.error.actor.')) return { kind: 'error', labelKey: eventType };
  const after = /^xstate\.after\.(.+?)\.[^.]+(\..+)?$/.exec(eventType);
  if (after?.[1]) return { kind: 'after', labelKey: `xstate.after.${after[1]}` };
  return { kind: 'event', labelKey: eventType };
}

/** Words the diagram writes itself: a transition taken at once (its condition says when), and a numeric delay. */
function ownWords(kind: TransitionKind, labelKey: string, conditional: boolean): string | null {
  if (kind === 'always') return conditional ? '' : 'at once';
  const delay = kind === 'after' ? labelKey.slice('xstate.after.'.length) : '';
  return milliseconds.test(delay) ? delayWords(delay) : null;
}

/** Every state id, event label key and guard name a machine's diagram needs words for. */
export function labelKeys(machine: AnyStateMachine): { states: string[]; events: string[]; guards: string[] } {
  const model = statechartModel(machine, { states: {}, events: {}, guards: {} });
  const events = model.transitions.flatMap((transition) => {
    const { kind, labelKey } = describeEvent(transition.eventType);
    return ownWords(kind, labelKey, transition.condition !== null) === null ? [labelKey] : [];
  });
  const guards = model.transitions.flatMap((transition) => (transition.guard ? [transition.guard] : []));
  return { states: model.states.map((state) => state.id), events: [...new Set(events)], guards: [...new Set(guards)] };
}

function stateOf(node: AnyStateNode, parent: AnyStateNode | null, labels: MachineLabels): DiagramState {
  const initialTargets: readonly AnyStateNode[] = parent?.initial?.target ?? [];
  return {
    id: node.id,
    key: node.key,
    label: labels.states[node.id] ?? node.key,
    parentId: parent?.id ?? null,
    kind: node.type as StateKind,
    initial: parent !== null && parent.type !== 'parallel' && initialTargets.some((target) => target.id === node.id),
    region: parent?.type === 'parallel',
    description: node.description ?? null,
    tags: [...(node.tags ?? [])],
    childIds: Object.values(node.states).map((child) => child.id),
  };
}

function transitionOf(node: AnyStateNode, transition: TransitionLike, index: number, siblings: readonly TransitionLike[], labels: MachineLabels): DiagramTransition {
  const { kind, labelKey } = describeEvent(transition.eventType);
  const guard = guardName(transition.guard);
  const afterGuarded = siblings.slice(0, index).some((sibling) => sibling.eventType === transition.eventType && sibling.guard);
  const condition = guard ? `if ${labels.guards[guard] ?? guard}` : afterGuarded ? 'otherwise' : null;
  const label = ownWords(kind, labelKey, condition !== null) ?? labels.events[labelKey] ?? transition.eventType;
  const event = transition.eventType === '' ? '(at once)' : transition.eventType;
  return {
    id: `${node.id}#${index}`,
    sourceId: node.id,
    targetIds: (transition.target ?? []).map((target) => target.id),
    eventType: transition.eventType,
    kind,
    label,
    condition,
    code: guard ? `${event} [${guard}]` : event,
    guard,
    description: transition.description ?? null,
  };
}

/**
 * Issue 9: the drawing's model of a machine, read from the machine's own definition (the export the
 * app runs and the tests walk): every state, and every transition with its event, guard and delay;
 * issue 55 §9: each in the words of the machine's labels, with its code name kept beside them.
 */
export function statechartModel(machine: AnyStateMachine, labels: MachineLabels): StatechartModel {
  const states: DiagramState[] = [];
  const transitions: DiagramTransition[] = [];
  const visit = (node: AnyStateNode, parent: AnyStateNode | null) => {
    states.push(stateOf(node, parent, labels));
    const own: TransitionLike[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    own.forEach((transition, index) => transitions.push(transitionOf(node, transition, index, own, labels)));
    for (const child of Object.values(node.states)) visit(child, node);
  };
  visit(machine.root, null);
  return { machineId: machine.id, rootId: machine.root.id, states, transitions };
}
