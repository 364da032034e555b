import { describe, expect, it } from 'vitest';
import { workflows } from '../../../src/features/workflows/registry';
import { labelKeys, statechartModel } from '../../../src/features/workflows/statechart-model';

const blank = (words: string | undefined) => words === undefined || words.trim() === '';

describe('every state, event and guard on /workflows has words (issue 55 §9)', () => {
  it.for(workflows.map((workflow) => [workflow.id, workflow] as const))('%s: labelled, and nothing labelled that is not there', async ([, workflow]) => {
    const { machine, labels } = await workflow.load();
    const needed = labelKeys(machine);

    expect(needed.states.filter((id) => blank(labels.states[id])), 'states without words').toEqual([]);
    expect(needed.events.filter((type) => blank(labels.events[type])), 'events without words (an invoked actor answers with xstate.done.actor.<id> and xstate.error.actor.<id>)').toEqual([]);
    expect(needed.guards.filter((name) => blank(labels.guards[name])), 'guards without words').toEqual([]);

    expect(Object.keys(labels.states).filter((id) => !needed.states.includes(id)), 'words for states the machine no longer has').toEqual([]);
    expect(Object.keys(labels.events).filter((type) => !needed.events.includes(type)), 'words for events the machine no longer takes').toEqual([]);
    expect(Object.keys(labels.guards).filter((name) => !needed.guards.includes(name)), 'words for guards the machine no longer checks').toEqual([]);
  });

  it.for(workflows.map((workflow) => [workflow.id, workflow] as const))('%s: the diagram shows words, never a code name', async ([, workflow]) => {
    const { machine, labels } = await workflow.load();
    const model = statechartModel(machine, labels);
    for (const state of model.states) expect(state.label, state.id).not.toBe(state.key);
    for (const transition of model.transitions) {
      const shown = [transition.label, transition.condition ?? ''].join(' ');
      expect(shown, transition.code).not.toContain(transition.eventType || '(at once)');
      if (transition.guard) expect(shown, transition.code).not.toContain(transition.guard);
      expect(shown.trim(), transition.code).not.toBe('');
    }
  });
});
