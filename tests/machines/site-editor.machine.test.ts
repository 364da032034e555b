import { describe, expect, test, vi } from 'vitest';
import { createActor, type EventFromLogic, type InputFrom } from 'xstate';
import { siteEditorMachine, type SaveSiteInput, type SiteEditorInput } from '../../machines/site-editor.machine';
import * as Editor from '../../machines/site-editor.selectors';
import type { ProjectSite } from '../../src/domain/project-site';
import { blankSiteForm, checkSiteForm, formValuesOf, siteTextFields, type SiteField } from '../../src/domain/site-form';
import { modelPaths, type ModelPath } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type ReplayOptions, type Rig } from './model-coverage';

type EditorEvent = EventFromLogic<typeof siteEditorMachine> | { type: string; [key: string]: unknown };

const supervisorId = '7d7c3f0e-2f5b-4b8e-9a57-0c2f1f6d9b11';
const readSite: ProjectSite = {
  _id: 'site-1',
  address: '12 Quay St',
  suburb: 'Haymarket',
  postcode: '2000',
  fullAddress: '12 Quay St, Haymarket 2000',
  siteNumber: 'S-001',
  clientName: 'Harbour Builders',
  timeZone: 'Australia/Sydney',
  supervisor: null,
  supervisorName: null,
  supervisorDetails: null,
  supervisorPhone: '0290000000',
  siteSafetyPlan: { friendlyName: 'plan.pdf', fileKey: 'plans/plan.pdf', type: 'siteSafetyPlan', url: 'https://files.example/plan.pdf' },
  ppe: ['hard_hat', 'high_vis'],
  otherPpe: '',
  status: 'ongoing',
  company: { _id: 'company-1', phone: '0290000000' },
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
/** What someone else saved first: a newer version with other values. */
const othersSite: ProjectSite = { ...readSite, suburb: 'Pyrmont', fullAddress: '12 Quay St, Pyrmont 2000', version: 2 };
const savedSite: ProjectSite = { ...readSite, version: 3 };
const staleVersion = Object.assign(new Error('This site was changed by someone else.'), { status: 409 });
const serverFailure = Object.assign(new Error('Failed to update the information'), { status: 500 });
const loadFailure = new Error('network down');
/** What the server answers for a site id it cannot show (issue 13 §2), and what the page makes of it. */
const loadProblems = [
  { error: loadFailure, problem: 'failed' },
  { error: Object.assign(new Error('This project site does not exist'), { status: 404 }), problem: 'notFound' },
  { error: Object.assign(new Error('Expected a UUID'), { status: 400 }), problem: 'notFound' },
  { error: Object.assign(new Error('You are not authorised to view this page'), { status: 403 }), problem: 'notAllowed' },
] as const;
const allFields: readonly SiteField[] = [...siteTextFields, 'timeZone', 'supervisor', 'ppe', 'siteSafetyPlan'];

/**
 * Samples kept small so the graph stays small: the postcode toggles the form between invalid and
 * valid, the ppe and plan samples equal the read site's (the assignment is still taken), and the
 * supervisor sample chooses one.
 */
const sampleEvents: Record<string, EditorEvent[]> = {
  'xstate.done.actor.loadSite': [{ type: 'xstate.done.actor.loadSite', output: readSite }],
  'xstate.error.actor.loadSite': loadProblems.map(({ error, problem }) => ({ type: 'xstate.error.actor.loadSite', error, problem })),
  'field.change': [
    { type: 'field.change', field: 'postcode', value: 'nope' },
    { type: 'field.change', field: 'postcode', value: readSite.postcode },
  ],
  'field.blur': [{ type: 'field.blur', field: 'postcode' }],
  'timeZone.change': [{ type: 'timeZone.change', timeZone: readSite.timeZone }],
  'ppe.change': [{ type: 'ppe.change', ppe: readSite.ppe }],
  'supervisor.change': [{ type: 'supervisor.change', supervisor: supervisorId }],
  'plan.change': [{ type: 'plan.change', plan: formValuesOf(readSite).siteSafetyPlan }],
  'form.submit': [{ type: 'form.submit' }],
  'site.reload': [{ type: 'site.reload' }],
  'xstate.done.actor.saveSite': [{ type: 'xstate.done.actor.saveSite', output: savedSite }],
  'xstate.error.actor.saveSite': [
    { type: 'xstate.error.actor.saveSite', error: staleVersion },
    { type: 'xstate.error.actor.saveSite', error: serverFailure },
  ],
  'xstate.done.actor.reloadSite': [{ type: 'xstate.done.actor.reloadSite', output: othersSite }],
  'xstate.error.actor.reloadSite': [{ type: 'xstate.error.actor.reloadSite', error: loadFailure }],
};

/** The create form (blank, never valid without typing every field) is walked with text samples of its own. */
const createSampleEvents: Record<string, EditorEvent[]> = {
  ...sampleEvents,
  'field.change': [{ type: 'field.change', field: 'address', value: '1 New St' }],
  'field.blur': [{ type: 'field.blur', field: 'address' }],
  'ppe.change': [{ type: 'ppe.change', ppe: [] }],
  'plan.change': [{ type: 'plan.change', plan: null }],
};

const editInput: InputFrom<typeof siteEditorMachine> = { siteId: readSite._id };
const createInput: InputFrom<typeof siteEditorMachine> = { siteId: null };

const siteNames = new Map<unknown, string>([
  [readSite, '<read site>'],
  [othersSite, "<someone else's save>"],
  [savedSite, '<saved site>'],
  [staleVersion, '<409>'],
  [serverFailure, '<500>'],
  [loadFailure, '<network down>'],
]);

function describeEditorEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) => siteNames.get(value) ?? value);
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface EditorRig extends Rig<typeof siteEditorMachine> {
  notifySaved: ReturnType<typeof vi.fn>;
  notifySaveFailed: ReturnType<typeof vi.fn>;
  expected: { saves: number; loads: number; saved: number; failed: number };
}

const coverage = new TransitionCoverage(siteEditorMachine);
const paths: ModelPath<typeof siteEditorMachine>[] = [
  ...modelPaths(siteEditorMachine, { inputs: [editInput], events: sampleEvents, describeEvent: describeEditorEvent }),
  ...modelPaths(siteEditorMachine, { inputs: [createInput], events: createSampleEvents, describeEvent: describeEditorEvent }),
];

const createRig: ReplayOptions<typeof siteEditorMachine, EditorRig>['createRig'] = ({ input, scripted, clock, inspect }) => {
  const notifySaved = vi.fn();
  const notifySaveFailed = vi.fn();
  const machine = siteEditorMachine.provide({
    actors: {
      loadSite: scripted.logic<ProjectSite, { siteId: string }>(),
      saveSite: scripted.logic<ProjectSite, SaveSiteInput>(),
    },
    actions: {
      notifySaved: (_, params) => notifySaved(params),
      notifySaveFailed: (_, params) => notifySaveFailed(params),
    },
  });
  const actor = createActor(machine, { input, clock, inspect });
  return { actor, scripted, clock, notifySaved, notifySaveFailed, expected: { saves: 0, loads: 0, saved: 0, failed: 0 } };
};

describe('site editor machine, model-based', () => {
  test.for(paths.map((path) => [`${JSON.stringify(path.input)} ${path.description}`, path] as const))('%s', async ([, path]) => {
    const { siteId } = path.input as SiteEditorInput;
    const created = siteId === null;
    await replayPath<typeof siteEditorMachine, EditorRig>(path, {
      coverage,
      createRig,
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const checked = checkSiteForm(context.values);
        const event = step.event as { type: string; output?: unknown; error?: unknown };

        expect(Editor.isLoading(snapshot)).toBe(snapshot.matches('loading'));
        expect(Editor.isReloading(snapshot)).toBe(snapshot.matches('reloading'));
        expect(Editor.isMissing(snapshot)).toBe(snapshot.matches('missing'));
        expect(Editor.isSaving(snapshot)).toBe(snapshot.matches('saving') || snapshot.matches('saved'));
        expect(Editor.values(snapshot)).toBe(context.values);
        expect(Editor.site(snapshot)).toBe(context.site);
        expect(Editor.error(snapshot)).toBe(context.error);
        expect(Editor.conflict(snapshot)).toBe(context.conflict);
        expect(Editor.shownSupervisor(snapshot)).toBe(
          context.values.supervisor === undefined ? (context.site?.supervisor ?? null) : context.values.supervisor,
        );
        const visible = Editor.visibleErrors(snapshot);
        for (const field of allFields) {
          expect(visible[field], `${field} shows its message only once touched`).toBe(
            context.touched.includes(field) ? checked.errors[field] : undefined,
          );
        }
        if (created) expect(snapshot.matches('loading') || snapshot.matches('reloading'), 'create never loads').toBe(false);

        // Every read is of this site, once on start and once per reload.
        if ((snapshot.matches('loading') || snapshot.matches('reloading')) && previous?.state.value !== snapshot.value) {
          rig.expected.loads += 1;
          const id = snapshot.matches('loading') ? 'loadSite' : 'reloadSite';
          expect(rig.scripted.lastInput(id)).toEqual({ siteId });
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'loadSite' || call.id === 'reloadSite')).toHaveLength(rig.expected.loads);

        // Only a checked form is saved, with the version it was read at.
        if (snapshot.matches('saving') && !previous?.state.matches('saving')) {
          rig.expected.saves += 1;
          expect(checked.input).not.toBeNull();
          expect(rig.scripted.lastInput('saveSite')).toEqual({ siteId, input: checked.input, version: context.site?.version ?? null });
          expect(context.error, 'a new attempt clears the last message').toBeNull();
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'saveSite')).toHaveLength(rig.expected.saves);

        if (event.type === 'xstate.done.actor.loadSite') {
          expect(context.values, 'the edit is prefilled without the supervisor').toEqual(formValuesOf(readSite));
          expect(context.values.supervisor).toBeUndefined();
        }
        if (event.type === 'form.submit' && snapshot.matches('editing')) {
          expect(checked.input, 'an invalid form stays open').toBeNull();
          expect(context.touched, 'an invalid submit shows every message').toEqual(allFields);
          expect(context.values).toEqual(previous?.state.context.values);
        }
        if (event.type === 'xstate.done.actor.saveSite') {
          rig.expected.saved += 1;
          expect(snapshot.status).toBe('done');
          expect(context.site).toBe(event.output);
          expect(rig.notifySaved).toHaveBeenLastCalledWith({ site: event.output, created });
        }
        if (event.type === 'xstate.error.actor.saveSite') {
          rig.expected.failed += 1;
          expect(snapshot.matches('editing')).toBe(true);
          expect(rig.notifySaveFailed).toHaveBeenLastCalledWith({ error: event.error, created });
          expect(context.values, 'a failed save keeps every typed value').toEqual(previous?.state.context.values);
          expect(context.touched).toEqual(previous?.state.context.touched);
          if (event.error === staleVersion) {
            expect(context.conflict).toBe(staleVersion.message);
            expect(context.error).toBeNull();
          } else {
            expect(context.error).toBe(serverFailure.message);
            expect(context.conflict).toBe(previous?.state.context.conflict);
          }
        }
        if (event.type === 'site.reload') {
          expect(snapshot.matches('reloading')).toBe(!created);
        }
        if (event.type === 'xstate.done.actor.reloadSite') {
          expect(context.site).toBe(othersSite);
          expect(context.values, "the other person's site replaces the form").toEqual(formValuesOf(othersSite));
          expect({ touched: context.touched, conflict: context.conflict, error: context.error }).toEqual({ touched: [], conflict: null, error: null });
        }
        if (event.type === 'xstate.error.actor.reloadSite') {
          expect(snapshot.matches('editing')).toBe(true);
          expect(context.error).toBe(loadFailure.message);
          expect(context.values).toEqual(previous?.state.context.values);
        }
        if (event.type === 'xstate.error.actor.loadSite') {
          expect(snapshot.matches('missing')).toBe(true);
          expect(Editor.problem(snapshot), 'decided from the HTTP status').toBe((step.event as { problem?: string }).problem);
        } else {
          expect(Editor.problem(snapshot)).toBeNull();
        }
        expect(rig.notifySaved).toHaveBeenCalledTimes(rig.expected.saved);
        expect(rig.notifySaveFailed).toHaveBeenCalledTimes(rig.expected.failed);
      },
    });
  });

  test('every state and transition of the site editor machine is exercised', () => {
    coverage.assertComplete('siteEditor');
  });
});

describe('site editor machine, create and wiring', () => {
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  test('a typed create form is posted without a version or an unchosen supervisor, and notifies created', async () => {
    const scripted = new ScriptedActors();
    const notifySaved = vi.fn();
    const actor = createActor(
      siteEditorMachine.provide({
        actors: { loadSite: scripted.logic<ProjectSite, { siteId: string }>(), saveSite: scripted.logic<ProjectSite, SaveSiteInput>() },
        actions: { notifySaved: (_, params) => notifySaved(params), notifySaveFailed: () => undefined },
      }),
      { input: { siteId: null } },
    ).start();
    expect(actor.getSnapshot().context.values).toEqual(blankSiteForm);
    for (const field of ['address', 'suburb', 'postcode', 'siteNumber', 'clientName'] as const) {
      actor.send({ type: 'field.change', field, value: readSite[field] });
    }
    expect(Editor.visibleErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(scripted.lastInput('saveSite')).toEqual({
      siteId: null,
      input: {
        address: '12 Quay St',
        suburb: 'Haymarket',
        postcode: '2000',
        siteNumber: 'S-001',
        clientName: 'Harbour Builders',
        otherPpe: '',
        timeZone: 'Australia/Sydney',
        ppe: [],
        siteSafetyPlan: null,
      },
      version: null,
    });
    scripted.resolve('saveSite', savedSite);
    await settle();
    expect(notifySaved).toHaveBeenCalledWith({ site: savedSite, created: true });
    expect(actor.getSnapshot().status).toBe('done');
  });

  test('the time zone follows the postcode until one is chosen by hand, and is sent with the site', () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteEditorMachine.provide({
        actors: { loadSite: scripted.logic<ProjectSite, { siteId: string }>(), saveSite: scripted.logic<ProjectSite, SaveSiteInput>() },
        actions: { notifySaved: () => undefined, notifySaveFailed: () => undefined },
      }),
      { input: { siteId: null } },
    ).start();
    const zone = () => actor.getSnapshot().context.values.timeZone;
    for (const postcode of ['6', '60', '600', '6000']) actor.send({ type: 'field.change', field: 'postcode', value: postcode });
    expect(zone()).toBe('Australia/Perth');
    actor.send({ type: 'field.change', field: 'postcode', value: '2880' });
    expect(zone()).toBe('Australia/Broken_Hill');
    actor.send({ type: 'timeZone.change', timeZone: 'Australia/Brisbane' });
    actor.send({ type: 'field.change', field: 'postcode', value: '3000' });
    expect(zone(), 'a zone chosen by hand stays').toBe('Australia/Brisbane');
    for (const field of ['address', 'suburb', 'siteNumber', 'clientName'] as const) actor.send({ type: 'field.change', field, value: readSite[field] });
    actor.send({ type: 'form.submit' });
    expect((scripted.lastInput('saveSite') as SaveSiteInput).input.timeZone).toBe('Australia/Brisbane');
    actor.stop();
  });

  test('an edited site whose zone was set by hand keeps it when the postcode changes', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteEditorMachine.provide({
        actors: { loadSite: scripted.logic<ProjectSite, { siteId: string }>(), saveSite: scripted.logic<ProjectSite, SaveSiteInput>() },
        actions: { notifySaved: () => undefined, notifySaveFailed: () => undefined },
      }),
      { input: { siteId: readSite._id } },
    ).start();
    scripted.resolve('loadSite', { ...readSite, timeZone: 'Australia/Lord_Howe' });
    await settle();
    actor.send({ type: 'field.change', field: 'postcode', value: '6000' });
    expect(actor.getSnapshot().context.values.timeZone).toBe('Australia/Lord_Howe');
    actor.stop();
  });

  test('a chosen supervisor (or Unallocated) is sent; an unchosen one is left for the server to keep', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteEditorMachine.provide({
        actors: { loadSite: scripted.logic<ProjectSite, { siteId: string }>(), saveSite: scripted.logic<ProjectSite, SaveSiteInput>() },
        actions: { notifySaved: () => undefined, notifySaveFailed: () => undefined },
      }),
      { input: { siteId: readSite._id } },
    ).start();
    scripted.resolve('loadSite', { ...readSite, supervisor: supervisorId });
    await settle();
    expect(Editor.shownSupervisor(actor.getSnapshot())).toBe(supervisorId);
    actor.send({ type: 'supervisor.change', supervisor: null });
    expect(Editor.shownSupervisor(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.submit' });
    expect((scripted.lastInput('saveSite') as SaveSiteInput).input.supervisor).toBeNull();
    expect((scripted.lastInput('saveSite') as SaveSiteInput).version).toBe(1);
    actor.stop();
  });

  test('fails loudly when the notify actions are not provided', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      siteEditorMachine.provide({
        actors: { loadSite: scripted.logic<ProjectSite, { siteId: string }>(), saveSite: scripted.logic<ProjectSite, SaveSiteInput>() },
      }),
      { input: { siteId: readSite._id } },
    );
    const errors = vi.fn();
    actor.subscribe({ error: errors });
    actor.start();
    scripted.resolve('loadSite', readSite);
    await settle();
    actor.send({ type: 'form.submit' });
    scripted.reject('saveSite', serverFailure);
    await settle();
    expect(errors).toHaveBeenCalledWith(new Error('notifySaveFailed must be provided'));
  });
});
