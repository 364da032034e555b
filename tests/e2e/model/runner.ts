import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import {
  activeStates,
  describeValue,
  eventTypeOf,
  machinePaths,
  machineStates,
  machineTransitions,
  type ModelEvent,
  type ModelPath,
  type ModelStep,
  type Traversal,
} from '../../support/machine-paths';

/** One start of a browser model: the generator's traversal, named, with what the browser sets up first. */
export interface BrowserTraversal<TArrange = unknown> extends Traversal {
  /** How the paths from this start are named ('as a super user'). */
  readonly name: string;
  /** What the browser sets up so that the app starts where the model starts. */
  readonly arrange: TArrange;
}

/** How a step reads in a browser test's name and steps: a server's answer as '<call> answers' or '<call> fails'. */
export function describeStep(event: ModelEvent): string {
  const label = typeof event.label === 'string' ? event.label : null;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  const base = done ? `${done[1]} answers` : failed ? `${failed[1]} fails` : event.type;
  return label ? `${base} (${label})` : base;
}

/** What a path drives: one browser context of its own. */
export interface World {
  readonly context: BrowserContext;
  readonly page: Page;
}

export type Outcome = 'done' | 'error';

export interface StepContext<TWorld> {
  readonly world: TWorld;
  readonly event: ModelEvent;
  readonly before: AnyMachineSnapshot;
  readonly after: AnyMachineSnapshot;
  /** How the path says an invoked actor ends later on (its next done/error step), or null. */
  outcome(actorId: string): Outcome | null;
}

export interface StateContext<TWorld> {
  readonly world: TWorld;
  readonly snapshot: AnyMachineSnapshot;
  /** The event that led here (`xstate.init` at the start). */
  readonly event: ModelEvent;
}

/** What the user sees in one state (a page object's assertions). */
export type StateCheck<TWorld> = (state: StateContext<TWorld>) => Promise<void>;
/** What the user (or, for a server's answer, the network) does for one event. */
export type EventAction<TWorld> = (step: StepContext<TWorld>) => Promise<void>;

/** What is not driven in the browser, each with the reason why (see the drift test). */
export interface Exclusions {
  /** States with no check of their own: passed through before anything renders, or never reachable in the app. */
  readonly states?: Readonly<Record<string, string>>;
  readonly events?: Readonly<Record<string, string>>;
  /** Single transitions (by label) the app cannot take though their event is driven. */
  readonly transitions?: Readonly<Record<string, string>>;
}

/** The part of a browser model the drift test reads. */
export interface ModelDefinition {
  readonly title: string;
  readonly machine: AnyStateMachine;
  readonly traversals: readonly BrowserTraversal[];
  readonly states: Readonly<Record<string, unknown>>;
  readonly events: Readonly<Record<string, unknown>>;
  readonly excluded: Exclusions;
}

export interface BrowserModel<TWorld extends World, TShared, TArrange> extends ModelDefinition {
  readonly traversals: readonly BrowserTraversal<TArrange>[];
  /** Once per worker: the sign-ins and records every path shares. */
  prepare(browser: Browser): Promise<TShared>;
  /** After the file: puts back what the paths changed in shared records. */
  finish?(shared: TShared): Promise<void>;
  /** A fresh context arranged so the app starts where the path starts. */
  open(args: { browser: Browser; shared: TShared; traversal: BrowserTraversal<TArrange>; path: ModelPath }): Promise<TWorld>;
  readonly states: Readonly<Record<string, StateCheck<TWorld>>>;
  readonly events: Readonly<Record<string, EventAction<TWorld>>>;
}

export function defineModel<TWorld extends World, TShared, TArrange>(model: BrowserModel<TWorld, TShared, TArrange>) {
  return model;
}

/** The fewest paths that take every transition and enter every state the model's samples reach. */
export function pathsOf(model: ModelDefinition): ModelPath[] {
  return machinePaths(model.machine, model.traversals, { cover: 'transitions', describeEvent: describeStep });
}

/** How a path says an invoked actor ends after step `index` (its next done/error step), or null. */
export function outcomeAfter(path: ModelPath, index: number, actorId: string): Outcome | null {
  for (const step of path.steps.slice(index + 1)) {
    if (step.event.type === `xstate.done.actor.${actorId}`) return 'done';
    if (step.event.type === `xstate.error.actor.${actorId}`) return 'error';
  }
  return null;
}

interface Exercised {
  readonly states: readonly string[];
  readonly transitions: readonly string[];
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Why a transition was not exercised, when the model says why. */
function reasonFor(model: ModelDefinition, label: string): string {
  const explicit = model.excluded.transitions?.[label];
  if (explicit) return explicit;
  return model.excluded.events?.[eventTypeOf(label)] ?? 'not reached: a path failed before it';
}

/** 'client onboarding: 7/7 states, 12/14 transitions in Chromium', then what was left out and why. */
export function coverageSummary(model: ModelDefinition, exercised: readonly Exercised[]): string {
  const states = machineStates(model.machine);
  const transitions = machineTransitions(model.machine);
  const seenStates = new Set(exercised.flatMap((entry) => entry.states));
  const seenTransitions = new Set(exercised.flatMap((entry) => entry.transitions));
  const lines = [
    `${model.title}: ${states.filter((id) => seenStates.has(id)).length}/${states.length} states, ` +
      `${transitions.filter((label) => seenTransitions.has(label)).length}/${transitions.length} transitions in Chromium`,
  ];
  for (const id of states.filter((state) => !seenStates.has(state))) {
    lines.push(`  state not reached: ${id}: ${model.excluded.states?.[id] ?? 'not reached: a path failed before it'}`);
  }
  for (const label of transitions.filter((transition) => !seenTransitions.has(transition))) {
    lines.push(`  transition not taken: ${label}: ${reasonFor(model, label)}`);
  }
  return lines.join('\n');
}

async function checkStates<TWorld>(model: BrowserModel<World, unknown, unknown>, world: TWorld, step: ModelStep): Promise<void> {
  const checks = model.states as Readonly<Record<string, StateCheck<TWorld>>>;
  for (const id of activeStates(step.state)) {
    const check = checks[id];
    if (check) await check({ world, snapshot: step.state, event: step.event });
    else if (!model.excluded.states?.[id]) throw new Error(`${model.title}: no browser check for state ${id}`);
  }
}

/**
 * One Playwright test per covering path. Each step's event is acted out in Chromium, then every
 * state the model is in is checked on screen; what passed is recorded, and after the file the
 * states and transitions exercised in the real app are printed.
 */
export function describeModel<TWorld extends World, TShared, TArrange>(model: BrowserModel<TWorld, TShared, TArrange>): void {
  const paths = pathsOf(model);
  const generic = model as unknown as BrowserModel<World, unknown, unknown>;
  test.describe(`${model.title} (model-based)`, () => {
    let shared: TShared | undefined;
    const recordFile = (outputDir: string) => path.join(outputDir, 'model-coverage', `${slug(model.title)}.jsonl`);

    test.beforeAll(async ({ browser }) => {
      shared = await model.prepare(browser);
    });

    paths.forEach((modelPath, index) => {
      test(`path ${index + 1}: ${modelPath.description}`, async ({ browser }, testInfo) => {
        const file = recordFile(testInfo.project.outputDir);
        mkdirSync(path.dirname(file), { recursive: true });
        const traversal = model.traversals[modelPath.traversal]!;
        if (shared === undefined) throw new Error(`${model.title}: prepare did not run`);
        const world = await model.open({ browser, shared, traversal, path: modelPath });
        try {
          for (const [at, step] of modelPath.steps.entries()) {
            if (at > 0) {
              const action = model.events[step.event.type];
              if (!action) throw new Error(`${model.title}: no browser action for event ${step.event.type}`);
              await test.step(`do: ${describeStep(step.event)}`, () =>
                action({
                  world,
                  event: step.event,
                  before: modelPath.steps[at - 1]!.state,
                  after: step.state,
                  outcome: (actorId) => outcomeAfter(modelPath, at, actorId),
                }),
              );
            }
            await test.step(`see: ${describeValue(step.state)}`, () => checkStates(generic, world, step));
            const sources = step.transitions.map((label) => label.split(' --', 1)[0] ?? '');
            const exercised: Exercised = { states: [...activeStates(step.state), ...sources], transitions: step.transitions };
            appendFileSync(file, `${JSON.stringify(exercised)}\n`);
          }
        } finally {
          await world.context.close();
        }
      });
    });

    test.afterAll(async () => {
      if (shared !== undefined) await model.finish?.(shared);
      const file = recordFile(test.info().project.outputDir);
      const exercised = existsSync(file)
        ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Exercised)
        : [];
      console.log(`[model] ${coverageSummary(model, exercised)}`);
    });
  });
}
