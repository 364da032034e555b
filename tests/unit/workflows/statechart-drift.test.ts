import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutStatechart } from '../../../src/features/workflows/layout';
import { workflows } from '../../../src/features/workflows/registry';
import { statechartModel } from '../../../src/features/workflows/statechart-model';

const machinesDir = path.resolve(import.meta.dirname, '../../../machines');

const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allNodes)];

/** Every transition of the definition, read straight from its state nodes: source, event and targets. */
function definedTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of allNodes(machine.root)) {
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of all) keys.push(`${node.id} --${transition.eventType}--> ${(transition.target ?? []).map((target) => target.id).join(',')}`);
  }
  return keys.sort();
}

describe('the workflow diagrams never show less than the code', () => {
  it('list every machine exported from machines/', async () => {
    const files = readdirSync(machinesDir).filter((name) => name.endsWith('.machine.ts'));
    const exported: string[] = [];
    for (const file of files) {
      const module = (await import(path.join(machinesDir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (typeof value === 'object' && value !== null && 'root' in value && 'id' in value && 'provide' in value) exported.push((value as AnyStateMachine).id);
      }
    }
    expect(exported.length).toBe(files.length);
    expect(workflows.map((workflow) => workflow.id).sort()).toEqual(exported.sort());
  });

  it.for(workflows.map((workflow) => [workflow.id, workflow] as const))('%s: every state and transition is in the drawing', async ([id, workflow]) => {
    const { machine, labels } = await workflow.load();
    expect(machine.id).toBe(id);
    const model = statechartModel(machine, labels);
    const layout = await layoutStatechart(model, new ELK());

    const states = allNodes(machine.root).map((node) => node.id).sort();
    expect(model.states.map((state) => state.id).sort()).toEqual(states);
    expect(layout.states.map((placed) => placed.state.id).sort()).toEqual(states);
    for (const placed of layout.states) expect(placed.width * placed.height, placed.state.id).toBeGreaterThan(0);

    const drawnModel = model.transitions.map((transition) => `${transition.sourceId} --${transition.eventType}--> ${transition.targetIds.join(',')}`).sort();
    expect(drawnModel).toEqual(definedTransitions(machine));
    const arrows = new Set(layout.transitions.filter((placed) => placed.points.length >= 2).map((placed) => placed.transition.id));
    for (const transition of model.transitions) expect(arrows.has(transition.id), `${transition.id} ${transition.code}`).toBe(true);

    for (const state of model.states.filter((candidate) => candidate.initial)) {
      expect(layout.initials.some((initial) => initial.parentId === state.parentId), `initial marker of ${state.parentId}`).toBe(true);
    }
  });
});
