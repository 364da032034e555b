import { describe, expect, test } from 'vitest';
import { eventTypeOf, machineEvents, machineStates, machineTransitions } from '../support/machine-paths';
import { browserModels } from '../e2e/model/models';
import { pathsOf } from '../e2e/model/runner';

/*
 * The model-based browser tests (tests/e2e/model/) drive each machine's paths in Chromium. This drift
 * check runs without a browser: it fails when a machine gains a state, an event or a transition that
 * its browser model neither drives nor excludes with a reason, and when the model names something the
 * machine no longer has.
 */
describe.each(browserModels.map((model) => [model.title, model] as const))('the browser model of %s', (title, model) => {
  const states = machineStates(model.machine);
  const events = machineEvents(model.machine);
  const transitions = machineTransitions(model.machine);
  const excluded = { states: model.excluded.states ?? {}, events: model.excluded.events ?? {}, transitions: model.excluded.transitions ?? {} };

  test('checks every state on screen, or says why not', () => {
    const missing = states.filter((id) => !(id in model.states) && !(id in excluded.states));
    expect(missing, `${title}: states with neither a browser check nor an exclusion`).toEqual([]);
  });

  test('acts out every event in the browser, or says why not', () => {
    const missing = events.filter((type) => !(type in model.events) && !(type in excluded.events));
    expect(missing, `${title}: events with neither a browser action nor an exclusion`).toEqual([]);
  });

  test('names only states, events and transitions the machine has', () => {
    const unknownStates = [...Object.keys(model.states), ...Object.keys(excluded.states)].filter((id) => !states.includes(id));
    const unknownEvents = [...Object.keys(model.events), ...Object.keys(excluded.events)].filter((type) => !events.includes(type));
    const unknownTransitions = Object.keys(excluded.transitions).filter((label) => !transitions.includes(label));
    expect({ unknownStates, unknownEvents, unknownTransitions }, `${title}: stale names in the browser model`).toEqual({
      unknownStates: [],
      unknownEvents: [],
      unknownTransitions: [],
    });
  });

  test('its generated paths take every transition not excluded, and no excluded one', () => {
    const taken = new Set(pathsOf(model).flatMap((path) => path.steps.flatMap((step) => step.transitions)));
    const isExcluded = (label: string) => label in excluded.transitions || eventTypeOf(label) in excluded.events;
    expect(
      transitions.filter((label) => !taken.has(label) && !isExcluded(label)),
      `${title}: transitions no generated path takes (add samples, or exclude them with a reason)`,
    ).toEqual([]);
    expect(
      transitions.filter((label) => taken.has(label) && isExcluded(label)),
      `${title}: excluded transitions that the paths take after all`,
    ).toEqual([]);
  });
});
