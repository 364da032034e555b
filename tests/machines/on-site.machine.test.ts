import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import { onSiteMachine, onSiteMessages, type OnSiteEmitted, type OnSiteRef } from '../../machines/on-site.machine';
import type { EndedCheckIn, OnSiteList, OnSitePerson } from '../../src/domain/site-visit';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type OnSiteMachineEvent = EventFromLogic<typeof onSiteMachine> | { type: string; [key: string]: unknown };

const site: OnSiteRef = { companyId: 'company-1', siteId: 'site-1' };
const person = (checkInId: string, firstName: string, surname: string): OnSitePerson => ({
  checkInId,
  userId: `user-${checkInId}`,
  firstName,
  surname,
  trade: 'Carpenter',
  phone: '0412345678',
  emergencyContactName: 'Sam Lee',
  emergencyContactPhone: '0498765432',
  checkedInAt: '2026-03-02T21:30:00.000Z',
});
const alex = person('check-in-1', 'Alex', 'Nguyen');
const jo = person('check-in-2', 'Jo', 'Smith');
const bothOnSite: OnSiteList = { siteId: 'site-1', count: 2, people: [alex, jo] };
const joAlone: OnSiteList = { siteId: 'site-1', count: 1, people: [jo] };
const alexOut: EndedCheckIn = { _id: alex.checkInId, siteId: 'site-1', checkedInAt: alex.checkedInAt, checkedOutAt: '2026-03-03T02:00:00.000Z', checkoutKind: 'manual' };
const notCheckedIn = new Error('This person is not checked in at this site');
const offline = new Error('');

const sampleEvents: Record<string, OnSiteMachineEvent[]> = {
  'onsite.refresh': [{ type: 'onsite.refresh' }],
  'checkOut.request': [
    { type: 'checkOut.request', checkInId: alex.checkInId },
    { type: 'checkOut.request', checkInId: 'check-in-unknown' },
  ],
  'checkOut.cancel': [{ type: 'checkOut.cancel' }],
  'checkOut.confirm': [{ type: 'checkOut.confirm' }],
  'pdf.download': [{ type: 'pdf.download' }],
  'xstate.done.actor.loadOnSite': [{ type: 'xstate.done.actor.loadOnSite', output: bothOnSite }],
  'xstate.error.actor.loadOnSite': [{ type: 'xstate.error.actor.loadOnSite', error: offline }],
  'xstate.done.actor.refreshOnSite': [{ type: 'xstate.done.actor.refreshOnSite', output: bothOnSite }],
  'xstate.error.actor.refreshOnSite': [{ type: 'xstate.error.actor.refreshOnSite', error: offline }],
  'xstate.done.actor.checkOutPerson': [{ type: 'xstate.done.actor.checkOutPerson', output: alexOut }],
  'xstate.error.actor.checkOutPerson': [{ type: 'xstate.error.actor.checkOutPerson', error: notCheckedIn }],
  'xstate.done.actor.downloadEvacuationList': [{ type: 'xstate.done.actor.downloadEvacuationList', output: undefined }],
  'xstate.error.actor.downloadEvacuationList': [{ type: 'xstate.error.actor.downloadEvacuationList', error: offline }],
};

function describeOnSiteEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value instanceof Error ? value.message || '<no message>' : value === bothOnSite ? '<Alex and Jo on site>' : value === alexOut ? '<Alex checked out>' : value,
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface OnSiteRig extends Rig<typeof onSiteMachine> {
  emitted: OnSiteEmitted[];
  expected: { emitted: number; loads: number; checkOuts: number };
}

const loadCalls = (rig: OnSiteRig) => rig.scripted.calls.filter((call) => call.id === 'loadOnSite' || call.id === 'refreshOnSite').length;

const coverage = new TransitionCoverage(onSiteMachine);
const paths = modelPaths(onSiteMachine, { inputs: [site], events: sampleEvents, describeEvent: describeOnSiteEvent });

describe('on site machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof onSiteMachine, OnSiteRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = onSiteMachine.provide({
          actors: {
            loadOnSite: scripted.logic<OnSiteList, OnSiteRef>(),
            checkOutPerson: scripted.logic<EndedCheckIn, OnSiteRef & { checkInId: string }>(),
            downloadEvacuationList: scripted.logic<void, OnSiteRef>(),
          },
        });
        const actor = createActor(machine, { input, clock, inspect });
        const emitted: OnSiteEmitted[] = [];
        actor.on('*', (event) => emitted.push(event));
        return { actor, scripted, clock, emitted, expected: { emitted: 0, loads: 0, checkOuts: 0 } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string; checkInId?: string; error?: Error };
        const before = previous?.state;

        expect(snapshot.hasTag('loading')).toBe(snapshot.matches({ list: 'loading' }));
        expect(snapshot.hasTag('unavailable')).toBe(snapshot.matches({ list: 'unavailable' }));
        expect(snapshot.hasTag('refreshing')).toBe(snapshot.matches({ list: { listed: 'refreshing' } }));
        expect(snapshot.hasTag('confirming'), 'the dialog is open from the request until the check-out is done or closed').toBe(
          !snapshot.matches({ checkOut: 'idle' }),
        );
        expect(snapshot.hasTag('checkingOut')).toBe(snapshot.matches({ checkOut: 'checkingOut' }));
        expect(snapshot.hasTag('downloading')).toBe(snapshot.matches({ pdf: 'downloading' }));
        expect(snapshot.context.pending === null, 'the dialog always names a person').toBe(snapshot.matches({ checkOut: 'idle' }));

        if (event.type === 'xstate.init') rig.expected.loads += 1;
        if (event.type === 'onsite.refresh') {
          const listed = before?.matches({ list: 'listed' }) === true;
          rig.expected.loads += 1;
          expect(snapshot.matches({ list: before?.matches({ list: 'unavailable' }) ? 'loading' : listed ? { listed: 'refreshing' } : 'loading' })).toBe(true);
          expect(snapshot.context.list, 'the list stays on screen while it is read again').toEqual(before?.context.list);
        }
        if (event.type === 'xstate.error.actor.checkOutPerson') rig.expected.loads += 1;
        expect(loadCalls(rig), 'every live change, focus and failed check-out reads the list again').toBe(rig.expected.loads);
        if (loadCalls(rig) > 0) expect(rig.scripted.calls.filter((call) => call.id.endsWith('OnSite')).at(-1)?.input).toEqual(site);

        if (event.type === 'xstate.done.actor.loadOnSite' || event.type === 'xstate.done.actor.refreshOnSite') expect(snapshot.context.list).toEqual(bothOnSite);
        if (event.type === 'xstate.error.actor.loadOnSite') {
          expect(snapshot.matches({ list: 'unavailable' })).toBe(true);
          expect(snapshot.context.loadError).toBe(onSiteMessages.loadFailed);
        }
        if (event.type === 'xstate.error.actor.refreshOnSite') {
          expect(snapshot.matches({ list: { listed: 'current' } })).toBe(true);
          expect(snapshot.context.list, 'a failed refresh keeps the last list').toEqual(before?.context.list);
        }

        if (event.type === 'checkOut.request') {
          const offered = before?.matches({ checkOut: 'idle' }) === true && before.context.list?.people.some((one: OnSitePerson) => one.checkInId === event.checkInId) === true;
          expect(snapshot.matches({ checkOut: 'confirming' }), 'only a person on the list can be checked out').toBe(offered || before?.matches({ checkOut: 'confirming' }) === true);
          if (offered) expect(snapshot.context.pending, 'the dialog names the person').toEqual(alex);
        }
        if (event.type === 'checkOut.confirm') {
          rig.expected.checkOuts += 1;
          expect(rig.scripted.lastInput('checkOutPerson')).toEqual({ ...site, checkInId: alex.checkInId });
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'checkOutPerson'), 'nobody is checked out without confirming').toHaveLength(rig.expected.checkOuts);
        if (event.type === 'checkOut.cancel') {
          expect(snapshot.context.list).toEqual(before?.context.list);
          expect(snapshot.context.checkOutError).toBeNull();
        }
        if (event.type === 'xstate.done.actor.checkOutPerson') {
          rig.expected.emitted += 1;
          expect(rig.emitted.at(-1)).toEqual({ type: 'toast', tone: 'success', message: onSiteMessages.checkedOut('Alex Nguyen') });
          expect(snapshot.context.list, 'the person leaves the list at once').toEqual(joAlone);
        }
        if (event.type === 'xstate.error.actor.checkOutPerson') {
          expect(snapshot.matches({ checkOut: 'failed' })).toBe(true);
          expect(snapshot.context.checkOutError, "the dialog shows the server's message").toBe(notCheckedIn.message);
          expect(snapshot.context.pending).toEqual(alex);
        }

        if (event.type === 'pdf.download') expect(rig.scripted.lastInput('downloadEvacuationList')).toEqual(site);
        if (event.type === 'xstate.error.actor.downloadEvacuationList') {
          rig.expected.emitted += 1;
          expect(rig.emitted.at(-1)).toEqual({ type: 'toast', tone: 'error', message: onSiteMessages.pdfFailed });
        }
        expect(rig.emitted).toHaveLength(rig.expected.emitted);
      },
    });
  });

  test('every state and transition of the on site machine is exercised', () => {
    coverage.assertComplete('onSite');
  });
});

describe('on site machine, wiring', () => {
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  test('a refresh heard during the first read asks again, so a check-in made meanwhile is not missed', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(onSiteMachine.provide({ actors: { loadOnSite: scripted.logic<OnSiteList, OnSiteRef>() } }), { input: site }).start();
    actor.send({ type: 'onsite.refresh' });
    expect(scripted.calls.map((call) => call.id)).toEqual(['loadOnSite', 'loadOnSite']);
    scripted.resolve('loadOnSite', bothOnSite);
    await settle();
    expect(actor.getSnapshot().context.list).toEqual(bothOnSite);
    actor.stop();
  });

  test("a manual check-out sends the person's check-in id and removes them from the count", async () => {
    const checkedOut: string[] = [];
    const machine = onSiteMachine.provide({
      actors: {
        loadOnSite: fromPromise<OnSiteList, OnSiteRef>(() => Promise.resolve(bothOnSite)),
        checkOutPerson: fromPromise<EndedCheckIn, OnSiteRef & { checkInId: string }>(({ input }) => {
          checkedOut.push(input.checkInId);
          return Promise.resolve({ ...alexOut, _id: input.checkInId });
        }),
      },
    });
    const actor = createActor(machine, { input: site }).start();
    await settle();
    actor.send({ type: 'checkOut.request', checkInId: jo.checkInId });
    expect(actor.getSnapshot().context.pending).toEqual(jo);
    actor.send({ type: 'checkOut.confirm' });
    await settle();
    expect(checkedOut).toEqual([jo.checkInId]);
    expect(actor.getSnapshot().context.list).toEqual({ siteId: 'site-1', count: 1, people: [alex] });
    actor.stop();
  });
});
