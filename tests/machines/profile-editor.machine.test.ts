import { describe, expect, test, vi } from 'vitest';
import { createActor, type EventFromLogic, type InputFrom } from 'xstate';
import { profileEditorMachine, roleOf, type ProfileEditorInput } from '../../machines/profile-editor.machine';
import * as Editor from '../../machines/profile-editor.selectors';
import type { Profile, ProfileUpdate } from '../../src/domain/profile';
import { businessFields, checkProfileForm, formValuesOf, personalFields, type ProfileField } from '../../src/domain/profile-form';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type EditorEvent = EventFromLogic<typeof profileEditorMachine> | { type: string; [key: string]: unknown };

const ownProfile: Profile = {
  _id: 'user-1',
  firstName: 'Sam',
  surname: 'Okafor',
  contactEmail: 'sam@harbour.example',
  phone: '0412345678',
  emergencyContactName: 'Ada Okafor',
  emergencyContactPhone: '0411111111',
  userRole: { _id: 'role-1', user: 'user-1', role: 'TradesPerson' },
};
const otherProfile: Profile = {
  ...ownProfile,
  _id: 'user-2',
  firstName: 'Lee',
  userRole: { _id: 'role-2', user: 'user-2', role: 'TradesPerson' },
};
const validPhone = '0498765432';
const invalidPhone = 'call me';
const savedProfile: Profile = { ...ownProfile, phone: validPhone };
const failure = { error: new Error('network down') };
const allFields: readonly ProfileField[] = [...personalFields, ...businessFields];

const sampleEvents: Record<string, EditorEvent[]> = {
  'xstate.done.actor.loadProfile': [
    { type: 'xstate.done.actor.loadProfile', output: ownProfile },
    { type: 'xstate.done.actor.loadProfile', output: otherProfile },
  ],
  'xstate.error.actor.loadProfile': [{ type: 'xstate.error.actor.loadProfile', ...failure }],
  'field.change': [
    { type: 'field.change', field: 'phone', value: validPhone },
    { type: 'field.change', field: 'phone', value: invalidPhone },
  ],
  'field.blur': [{ type: 'field.blur', field: 'surname' }],
  'form.submit': [{ type: 'form.submit' }],
  'xstate.done.actor.saveProfile': [{ type: 'xstate.done.actor.saveProfile', output: savedProfile }],
  'xstate.error.actor.saveProfile': [{ type: 'xstate.error.actor.saveProfile', ...failure }],
};

/** `/profile/{id}` with the user's own id, and `/profile/create` (no id: any loaded profile is the user's). */
const inputs: InputFrom<typeof profileEditorMachine>[] = [{ profileId: ownProfile._id }, { profileId: null }];

const profileNames = new Map<unknown, string>([
  [ownProfile, '<own profile>'],
  [otherProfile, "<someone else's profile>"],
  [savedProfile, '<saved profile>'],
]);

function describeEditorEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value instanceof Error ? value.message : (profileNames.get(value) ?? value),
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface EditorRig extends Rig<typeof profileEditorMachine> {
  notifySaved: ReturnType<typeof vi.fn>;
  notifySaveFailed: ReturnType<typeof vi.fn>;
  expected: { saves: number; saved: number; failed: number };
}

const coverage = new TransitionCoverage(profileEditorMachine);
const paths = modelPaths(profileEditorMachine, { inputs, events: sampleEvents, describeEvent: describeEditorEvent });

describe('profile editor machine, model-based', () => {
  test.for(paths.map((path) => [`${JSON.stringify(path.input)} ${path.description}`, path] as const))('%s', async ([, path]) => {
    let rig: EditorRig | undefined;
    await replayPath<typeof profileEditorMachine, EditorRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const notifySaved = vi.fn();
        const notifySaveFailed = vi.fn();
        const machine = profileEditorMachine.provide({
          actors: {
            loadProfile: scripted.logic<Profile>(),
            saveProfile: scripted.logic<Profile, ProfileUpdate>(),
          },
          actions: {
            notifySaved: (_, params) => notifySaved(params),
            notifySaveFailed: (_, params) => notifySaveFailed(params),
          },
        });
        const actor = createActor(machine, { input, clock, inspect });
        rig = { actor, scripted, clock, notifySaved, notifySaveFailed, expected: { saves: 0, saved: 0, failed: 0 } };
        return rig;
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const role = roleOf(context);
        const checked = checkProfileForm(context.values, role);

        expect(Editor.isLoading(snapshot)).toBe(snapshot.matches('loading'));
        expect(Editor.isMissing(snapshot)).toBe(snapshot.matches('missing'));
        expect(Editor.isSaving(snapshot)).toBe(snapshot.matches('saving'));
        expect(Editor.values(snapshot)).toBe(context.values);
        expect(Editor.showsBusinessDetails(snapshot)).toBe(role === 'CompanySupervisor');
        expect(Editor.canSave(snapshot)).toBe(snapshot.matches('editing') && checked.update !== null);
        const visible = Editor.visibleErrors(snapshot);
        for (const field of allFields) {
          expect(visible[field], `${field} shows its message only once touched`).toBe(
            context.touched.includes(field) ? checked.errors[field] : undefined,
          );
        }
        if (snapshot.matches('editing') || snapshot.matches('saving')) {
          const profileId = (path.input as ProfileEditorInput).profileId;
          expect(profileId === null || context.profile?._id === profileId, 'only the own profile is edited').toBe(true);
        }

        const event = step.event as { type: string; output?: unknown; error?: unknown };
        if (snapshot.matches('saving') && !previous?.state.matches('saving')) {
          rig.expected.saves += 1;
          expect(rig.scripted.lastInput('saveProfile'), 'the checked values are saved').toEqual(checked.update);
          expect(checked.update).not.toBeNull();
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'saveProfile')).toHaveLength(rig.expected.saves);

        if (event.type === 'form.submit' && snapshot.matches('editing')) {
          expect(checked.update, 'an invalid form stays open').toBeNull();
          expect(context.touched, 'an invalid submit shows every message').toEqual(allFields);
          expect(context.values).toEqual(previous?.state.context.values);
        }
        if (event.type === 'xstate.done.actor.saveProfile') {
          rig.expected.saved += 1;
          expect(snapshot.matches('editing')).toBe(true);
          expect(rig.notifySaved).toHaveBeenLastCalledWith({ profile: event.output });
          expect(context.values).toEqual(formValuesOf(event.output as Profile));
          expect(context.touched).toEqual([]);
        }
        if (event.type === 'xstate.error.actor.saveProfile') {
          rig.expected.failed += 1;
          expect(snapshot.matches('editing')).toBe(true);
          expect(rig.notifySaveFailed).toHaveBeenLastCalledWith({ error: event.error });
          expect(context.values, 'a failed save keeps every typed value').toEqual(previous?.state.context.values);
          expect(context.touched).toEqual(previous?.state.context.touched);
          expect(Editor.canSave(snapshot), 'the user can try again').toBe(true);
        }
        if (event.type === 'xstate.error.actor.loadProfile') expect(snapshot.matches('missing')).toBe(true);
        expect(rig.notifySaved).toHaveBeenCalledTimes(rig.expected.saved);
        expect(rig.notifySaveFailed).toHaveBeenCalledTimes(rig.expected.failed);
      },
    });
    expect(rig).toBeDefined();
  });

  test('every state and transition of the profile editor machine is exercised', () => {
    coverage.assertComplete('profileEditor');
  });
});

describe('profile editor machine, business details and wiring', () => {
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  test("a supervisor's business details are required and saved with the profile", async () => {
    const supervisor: Profile = { ...ownProfile, userRole: { _id: 'role-1', user: 'user-1', role: 'CompanySupervisor' } };
    const scripted = new ScriptedActors();
    const notifySaved = vi.fn();
    const actor = createActor(
      profileEditorMachine.provide({
        actors: { loadProfile: scripted.logic<Profile>(), saveProfile: scripted.logic<Profile, ProfileUpdate>() },
        actions: { notifySaved: (_, params) => notifySaved(params), notifySaveFailed: () => undefined },
      }),
      { input: { profileId: null } },
    ).start();
    scripted.resolve('loadProfile', supervisor);
    await settle();
    expect(Editor.showsBusinessDetails(actor.getSnapshot())).toBe(true);
    expect(Editor.canSave(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Object.keys(Editor.visibleErrors(actor.getSnapshot())).sort()).toEqual([...businessFields].sort());

    actor.send({ type: 'field.change', field: 'tradeQualifications', value: 'Cert III Carpentry' });
    actor.send({ type: 'field.change', field: 'whitecardNumber', value: 'WC-1234' });
    expect(Editor.visibleErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(scripted.lastInput('saveProfile')).toEqual({
      firstName: supervisor.firstName,
      surname: supervisor.surname,
      contactEmail: supervisor.contactEmail,
      phone: supervisor.phone,
      emergencyContactName: supervisor.emergencyContactName,
      emergencyContactPhone: supervisor.emergencyContactPhone,
      businessDetails: { tradeQualifications: 'Cert III Carpentry', whitecardNumber: 'WC-1234' },
    });
    const saved = { ...supervisor, businessDetails: { tradeQualifications: 'Cert III Carpentry', whitecardNumber: 'WC-1234' } };
    scripted.resolve('saveProfile', saved);
    await settle();
    expect(notifySaved).toHaveBeenCalledWith({ profile: saved });
    actor.stop();
  });

  test('fails loudly when the notify actions are not provided', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      profileEditorMachine.provide({ actors: { loadProfile: scripted.logic<Profile>(), saveProfile: scripted.logic<Profile, ProfileUpdate>() } }),
      { input: { profileId: null } },
    );
    const errors = vi.fn();
    actor.subscribe({ error: errors });
    actor.start();
    scripted.resolve('loadProfile', ownProfile);
    await settle();
    actor.send({ type: 'form.submit' });
    scripted.reject('saveProfile', failure.error);
    await settle();
    expect(errors).toHaveBeenCalledWith(new Error('notifySaveFailed must be provided'));
  });
});
