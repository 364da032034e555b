import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface DiagramState {
  readonly id: string;
  readonly key: string;
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

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface DiagramTransition {
  readonly id: string;
  readonly sourceId: string;
  /** Empty for a transition that stays in its state (actions only). */
  readonly targetIds: readonly string[];
  readonly eventType: string;
  readonly kind: TransitionKind;
  /** What the arrow says: the event, a delay, 'always', 'done: actor'. */
  readonly label: string;
  readonly guard: string | null;
  readonly description: string | null;
}

export interface StatechartModel {
  readonly machineId: string;
  readonly rootId: string;
  readonly states: readonly DiagramState[];
  readonly transitions: readonly DiagramTransition[];
}

interface TransitionLike {
  readonly eventType: string;
  readonly target?: readonly AnyStateNode[] | undefined;
  readonly guard?: unknown;
  readonly description?: string | undefined;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}

const milliseconds = /^\d+$/;

function delayLabel(delay: string): string {
  if (!milliseconds.test(delay)) return `after ${delay}`;
  const ms = Number(delay);
  return ms % 1000 === 0 ? `after ${ms / 1000} s` : `after ${ms} ms`;
}

/** The kind and the words of a transition's event, as the diagram prints them. */
export function describeEvent(eventType: string): { kind: TransitionKind; label: string } {
  if (eventType === '') return { kind: 'always', label: 'always' };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return { kind: 'done', label: `done: ${done[1]}` };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return { kind: 'error', label: `error: ${error[1]}` };
  const after = /^xstate\.after\.(.+?)\.[^.]+(\..+)?$/.exec(eventType);
  if (after?.[1]) return { kind: 'after', label: delayLabel(after[1]) };
  return { kind: 'event', label: eventType };
}

function stateOf(node: AnyStateNode, parent: AnyStateNode | null): DiagramState {
  const initialTargets: readonly AnyStateNode[] = parent?.initial?.target ?? [];
  return {
    id: node.id,
    key: node.key,
    parentId: parent?.id ?? null,
    kind: node.type as StateKind,
    initial: parent !== null && parent.type !== 'parallel' && initialTargets.some((target) => target.id === node.id),
    region: parent?.type === 'parallel',
    description: node.description ?? null,
    tags: [...(node.tags ?? [])],
    childIds: Object.values(node.states).map((child) => child.id),
  };
}

/**
 * Issue 9: the drawing's model of a machine, read from the machine's own definition (the export the
 * app runs and the tests walk): every state, and every transition with its event, guard and delay.
 */
export function statechartModel(machine: AnyStateMachine): StatechartModel {
  const states: DiagramState[] = [];
  const transitions: DiagramTransition[] = [];
  const visit = (node: AnyStateNode, parent: AnyStateNode | null) => {
    states.push(stateOf(node, parent));
    const own: TransitionLike[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    own.forEach((transition, index) => {
      const { kind, label } = describeEvent(transition.eventType);
      transitions.push({
        id: `${node.id}#${index}`,
        sourceId: node.id,
        targetIds: (transition.target ?? []).map((target) => target.id),
        eventType: transition.eventType,
        kind,
        label,
        guard: guardName(transition.guard),
        description: transition.description ?? null,
      });
    });
    for (const child of Object.values(node.states)) visit(child, node);
  };
  visit(machine.root, null);
  return { machineId: machine.id, rootId: machine.root.id, states, transitions };
}
