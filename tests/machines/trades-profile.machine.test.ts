import { describe, expect, test, vi, type Mock } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFromLogic, type InspectionEvent } from 'xstate';
import { tradesProfileMachine, type SaveTradesProfileInput, type TradesProfileInput } from '../../machines/trades-profile.machine';
import * as Profile from '../../machines/trades-profile.selectors';
import { tradesMessages, type TradesPerson } from '../../src/domain/trades';
import { allFieldIds, checkTradesProfile, formValuesOf, type TradesProfileValues } from '../../src/domain/trades-profile-form';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type ProfileEvent = EventFromLogic<typeof tradesProfileMachine> | { type: string; [key: string]: unknown };

const apiError = (message: string, status: number) =>
  Object.assign(Object.defineProperty(new Error(message), 'message', { value: message, enumerable: true }), { status });

const person: TradesPerson = {
  _id: 'trades-1',
  firstName: 'Jo',
  surname: 'Nguyen',
  phone: '0412345678',
  email: 'jo@sparky.example',
  emergencyContactName: 'Kim Nguyen',
  emergencyContactPhone: '0498765432',
  tradeQualifications: 'Electrician (Cert III)',
  whitecardNumber: 'WC-778899',
  whitecardPhoto: { url: 'https://blob.example/wc.jpg', fileKey: 'wc.jpg', friendlyName: 'whitecard.jpg' },
  licences: [{ _id: 'lic-1', licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: null }],
};
const firstTime: TradesPerson = {
  ...person,
  firstName: '',
  surname: '',
  phone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  tradeQualifications: '',
  whitecardNumber: '',
  whitecardPhoto: null,
  licences: [],
};
const draft: TradesProfileValues = {
  ...formValuesOf(person),
  firstName: 'Jordan',
  licences: [{ key: 'licence-1', licenceClass: 'Forklift truck (LF)', number: 'LF-9', expiresOn: '2028-01-31', photo: null }],
};
const saved: TradesPerson = { ...person, phone: '0400111222' };

const sampleEvents = (loaded: TradesPerson): Record<string, ProfileEvent[]> => ({
  'xstate.done.actor.loadProfile': [{ type: 'xstate.done.actor.loadProfile', output: loaded }],
  'xstate.error.actor.loadProfile': [{ type: 'xstate.error.actor.loadProfile', error: apiError('Failed to fetch', 0) }],
  'profile.reload': [{ type: 'profile.reload' }],
  'form.edit': [
    { type: 'form.edit', edit: { kind: 'field', field: 'phone', value: '0400111222' } },
    { type: 'form.edit', edit: { kind: 'field', field: 'phone', value: 'call me' } },
  ],
  'form.blur': [{ type: 'form.blur', field: 'surname' }],
  'form.submit': [{ type: 'form.submit' }],
  'draft.discard': [{ type: 'draft.discard' }],
  'xstate.done.actor.saveProfile': [{ type: 'xstate.done.actor.saveProfile', output: saved }],
  'xstate.error.actor.saveProfile': [{ type: 'xstate.error.actor.saveProfile', error: apiError(tradesMessages.ownProfileOnly, 403) }],
});

const inputs: [string, TradesProfileInput, TradesPerson][] = [
  ['a later visit', { tradesId: person._id, draft: null }, person],
  ['a first visit with a draft kept from before a reload', { tradesId: person._id, draft }, firstTime],
];

const names = new Map<unknown, string>([
  [person, '<profile>'],
  [firstTime, '<first-time profile>'],
  [saved, '<saved profile>'],
]);

function describeProfileEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) => names.get(value) ?? value);
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface RigState {
  readonly drafts: TradesProfileValues[];
  clears: number;
  readonly notifySaved: Mock<(params: unknown) => void>;
  readonly notifySaveFailed: Mock<(params: unknown) => void>;
}

interface ProfileRig extends Rig<typeof tradesProfileMachine> {
  readonly state: RigState;
}

const coverage = new TransitionCoverage(tradesProfileMachine);
const paths = inputs.flatMap(([name, input, loaded]) =>
  modelPaths(tradesProfileMachine, { inputs: [input], events: sampleEvents(loaded), describeEvent: describeProfileEvent }).map(
    (path) => [`${name}: ${path.description}`, path] as const,
  ),
);

function createProfileActor(input: TradesProfileInput, scripted: ScriptedActors, inspect?: (event: InspectionEvent) => void) {
  const state: RigState = { drafts: [], clears: 0, notifySaved: vi.fn<(params: unknown) => void>(), notifySaveFailed: vi.fn<(params: unknown) => void>() };
  const machine = tradesProfileMachine.provide({
    actors: {
      loadProfile: scripted.logic<TradesPerson, { tradesId: string }>(),
      saveProfile: scripted.logic<TradesPerson, SaveTradesProfileInput>(),
    },
    actions: {
      persistDraft: (_, { values }) => state.drafts.push(values),
      clearDraft: () => {
        state.clears += 1;
      },
      notifySaved: (_, params) => state.notifySaved(params),
      notifySaveFailed: (_, params) => state.notifySaveFailed(params),
    },
  });
  return { state, actor: createActor(machine, { input, inspect }) };
}

describe('tradesperson profile machine, model-based', () => {
  test.for(paths)('%s', async ([, path]) => {
    let expectedDrafts = 0;
    let expectedClears = 0;
    await replayPath<typeof tradesProfileMachine, ProfileRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => ({ ...createProfileActor(input, scripted, inspect), scripted, clock }),
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const state = String(snapshot.value);
        const event = step.event as { type: string; output?: unknown; error?: unknown; edit?: unknown };

        expect(Profile.isLoading(snapshot)).toBe(state === 'loading');
        expect(Profile.isMissing(snapshot)).toBe(state === 'missing');
        expect(Profile.isSaving(snapshot)).toBe(state === 'saving' || state === 'saved');

        const checked = context.values ? checkTradesProfile(context.values) : null;
        const visible = Profile.visibleErrors(snapshot);
        for (const id of context.values ? allFieldIds(context.values) : []) {
          expect(visible[id], `${id} shows its message only once touched`).toBe(context.touched.includes(id) ? checked?.errors[id] : undefined);
        }

        if (event.type === 'xstate.done.actor.loadProfile') {
          const loaded = event.output as TradesPerson;
          expect(context.values, "a kept draft is laid over the server's values").toEqual(
            path.input.draft ? { ...formValuesOf(loaded), ...path.input.draft } : formValuesOf(loaded),
          );
          expect(Profile.restoredDraft(snapshot)).toBe(path.input.draft !== null);
          expect(Profile.isFirstTime(snapshot)).toBe(loaded.firstName === '');
          expect(Profile.photoUrls(snapshot)).toEqual(loaded.whitecardPhoto ? { [loaded.whitecardPhoto.fileKey]: loaded.whitecardPhoto.url } : {});
        }
        if (event.type === 'form.edit') {
          expectedDrafts += 1;
          expect(rig.state.drafts.at(-1), 'every change is kept in the browser at once').toEqual(context.values);
          expect(context.touched).toContain('phone');
        }
        if (event.type === 'form.submit' && state === 'editing') {
          expect(checked?.update, 'an invalid form is not sent').toBeNull();
          expect(context.touched, 'every message shows').toEqual(allFieldIds(context.values!));
        }
        if (state === 'saving' && previous?.state.value !== 'saving') {
          expect(rig.scripted.lastInput('saveProfile'), 'the checked values are saved').toEqual({ tradesId: person._id, update: checked?.update });
          expect(checked?.update).not.toBeNull();
          expect(Profile.saveError(snapshot)).toBeNull();
        }
        if (event.type === 'draft.discard') {
          expectedClears += 1;
          expect(context.values).toEqual(formValuesOf(context.person!));
          expect(Profile.restoredDraft(snapshot)).toBe(false);
        }
        if (event.type === 'xstate.done.actor.saveProfile') {
          expectedClears += 1;
          expect(state).toBe('saved');
          expect(rig.state.notifySaved).toHaveBeenCalledWith({ person: saved });
        }
        if (event.type === 'xstate.error.actor.saveProfile') {
          expect(state).toBe('editing');
          expect(context.values, 'a failed save keeps every typed value').toEqual(previous?.state.context.values);
          expect(Profile.saveError(snapshot)).toBe(tradesMessages.ownProfileOnly);
          expect(rig.state.notifySaveFailed).toHaveBeenLastCalledWith({ error: event.error });
        }
        expect(rig.state.drafts).toHaveLength(expectedDrafts);
        expect(rig.state.clears, 'the draft is forgotten only when saved or discarded').toBe(expectedClears);
      },
    });
  });

  test('every state and transition of the tradesperson profile machine is exercised', () => {
    coverage.assertComplete('tradesProfile');
  });
});

describe('tradesperson profile machine, licences and photos', () => {
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  test('licence rows are added, filled, checked by the shared schema and saved without their row keys', async () => {
    const scripted = new ScriptedActors();
    const rig = createProfileActor({ tradesId: person._id, draft: null }, scripted);
    rig.actor.start();
    scripted.resolve('loadProfile', { ...person, licences: [] });
    await settle();
    const { actor } = rig;

    actor.send({ type: 'form.edit', edit: { kind: 'licence.add' } });
    expect(Profile.canAddLicence(actor.getSnapshot()), 'no second empty row').toBe(false);
    actor.send({ type: 'form.edit', edit: { kind: 'licence.field', key: 'licence-1', field: 'licenceClass', value: 'Rigging (RB, RI, RA)' } });
    actor.send({ type: 'form.edit', edit: { kind: 'licence.field', key: 'licence-1', field: 'expiresOn', value: '2027-02-30' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Profile.visibleErrors(actor.getSnapshot())).toEqual({
      'licences.licence-1.number': 'This field is required',
      'licences.licence-1.expiresOn': tradesMessages.expiryDate,
    });

    actor.send({ type: 'form.edit', edit: { kind: 'licence.field', key: 'licence-1', field: 'number', value: 'RI-22' } });
    actor.send({ type: 'form.edit', edit: { kind: 'licence.field', key: 'licence-1', field: 'expiresOn', value: '2027-02-28' } });
    actor.send({ type: 'form.edit', edit: { kind: 'licence.photo', key: 'licence-1', photo: { friendlyName: 'rigging.jpg', fileKey: 'k-9.jpg', type: 'photo' } } });
    actor.send({ type: 'form.edit', edit: { kind: 'whitecardPhoto', photo: null } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    const { update } = scripted.lastInput('saveProfile') as SaveTradesProfileInput;
    expect(update.whitecardPhoto).toBeNull();
    expect(update.licences).toEqual([
      { licenceClass: 'Rigging (RB, RI, RA)', number: 'RI-22', expiresOn: '2027-02-28', photo: { friendlyName: 'rigging.jpg', fileKey: 'k-9.jpg', type: 'photo' } },
    ]);
    expect(rig.state.drafts.at(-1)?.licences).toHaveLength(1);
    actor.stop();
  });

  test('a licence whose expiry date has passed is flagged for a warning, one still current or not yet a date is not', async () => {
    const scripted = new ScriptedActors();
    const rig = createProfileActor({ tradesId: person._id, draft: null }, scripted);
    rig.actor.start();
    scripted.resolve('loadProfile', { ...person, licences: [] });
    await settle();
    const { actor } = rig;
    actor.send({ type: 'form.edit', edit: { kind: 'licence.add' } });
    const expiry = (value: string) => actor.send({ type: 'form.edit', edit: { kind: 'licence.field', key: 'licence-1', field: 'expiresOn', value } });
    expiry('2026-11-30');
    expect(Profile.expiredLicenceKeys(actor.getSnapshot(), '2026-12-01')).toEqual(['licence-1']);
    expiry('2026-12-01');
    expect(Profile.expiredLicenceKeys(actor.getSnapshot(), '2026-12-01'), 'it expires at the end of its day').toEqual([]);
    expiry('2026-02-30');
    expect(Profile.expiredLicenceKeys(actor.getSnapshot(), '2026-12-01'), 'a date that is not one gets its error instead').toEqual([]);
    actor.stop();
  });

  test('a removed licence row leaves the form and the draft', async () => {
    const scripted = new ScriptedActors();
    const rig = createProfileActor({ tradesId: person._id, draft: null }, scripted);
    rig.actor.start();
    scripted.resolve('loadProfile', person);
    await settle();
    rig.actor.send({ type: 'form.edit', edit: { kind: 'licence.remove', key: 'lic-1' } });
    expect(Profile.values(rig.actor.getSnapshot())?.licences).toEqual([]);
    expect(rig.state.drafts.at(-1)?.licences).toEqual([]);
    rig.actor.stop();
  });

  test('fails loudly when the draft storage is not provided', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      tradesProfileMachine.provide({ actors: { loadProfile: scripted.logic<TradesPerson, { tradesId: string }>() } }),
      { input: { tradesId: person._id, draft: null } },
    );
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    scripted.resolve('loadProfile', person);
    await settle();
    actor.send({ type: 'form.edit', edit: { kind: 'field', field: 'phone', value: '0400000000' } });
    expect(errors).toEqual([new Error('persistDraft must be provided')]);
  });
});

describe('unsaved changes (issue 55 §7: the leave guard asks when these are true)', () => {
  async function editing(input: TradesProfileInput, loaded: TradesPerson) {
    const actor = createActor(
      tradesProfileMachine.provide({
        actors: { loadProfile: fromPromise(async () => loaded), saveProfile: fromPromise(async () => loaded) },
        actions: { persistDraft: () => undefined, clearDraft: () => undefined, notifySaved: () => undefined, notifySaveFailed: () => undefined },
      }),
      { input },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    return actor;
  }

  test('none as read; one once a field differs; none again once it is put back; none after Discard changes', async () => {
    const actor = await editing({ tradesId: person._id, draft: null }, person);
    expect(Profile.hasUnsavedChanges(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.edit', edit: { kind: 'field', field: 'phone', value: '0400111222' } });
    expect(Profile.hasUnsavedChanges(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.edit', edit: { kind: 'field', field: 'phone', value: person.phone } });
    expect(Profile.hasUnsavedChanges(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.edit', edit: { kind: 'licence.add' } });
    expect(Profile.hasUnsavedChanges(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'draft.discard' });
    expect(Profile.hasUnsavedChanges(actor.getSnapshot())).toBe(false);
  });

  test('a kept draft laid over the profile is unsaved too', async () => {
    const actor = await editing({ tradesId: person._id, draft }, person);
    expect(Profile.hasUnsavedChanges(actor.getSnapshot())).toBe(true);
  });
});

describe('a read that got no answer (issue 55 §4: the page says it is offline, whatever the browser believes)', () => {
  const failingWith = async (error: unknown) => {
    const actor = createActor(tradesProfileMachine.provide({ actors: { loadProfile: fromPromise(async () => Promise.reject(error)) } }), {
      input: { tradesId: person._id, draft: null },
    }).start();
    return waitFor(actor, (snapshot) => Profile.isMissing(snapshot));
  };

  test("a network failure or a timeout is offline; the server's own refusal is an error to try again", async () => {
    expect(Profile.isUnreachable(await failingWith(new TypeError('Failed to fetch')))).toBe(true);
    expect(Profile.isUnreachable(await failingWith(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' })))).toBe(true);
    expect(Profile.isUnreachable(await failingWith(apiError('Something went wrong :(', 500)))).toBe(false);
    expect(Profile.isUnreachable(await failingWith(new Error('The answer did not read as a profile')))).toBe(false);
  });
});
