import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

function guardName(transition: AnyTransitionDefinition): string {
  const { guard } = transition;
  if (!guard) return '';
  if (typeof guard === 'string') return `[${guard}]`;
  if (typeof guard === 'object' && 'type' in guard) return `[${String(guard.type)}]`;
  return '[inline guard]';
}

/** A transition as the machine tests and the browser model name it: 'source --event[guard]--> target'. */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map((node: AnyStateNode) => node.id).join(',') ?? '(stay)';
  return `${transition.source.id} --${transition.eventType || 'always'}${guardName(transition)}--> ${targets}`;
}
