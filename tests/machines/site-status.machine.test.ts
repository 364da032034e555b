import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { siteBulkStatusMessages } from '../../machines/bulk-selection.machine';
import { siteStatusMachine, type SiteStatusEmitted } from '../../machines/site-status.machine';
import type { ProjectSite } from '../../src/domain/project-site';
import type { SiteStatus } from '../../src/domain/site-status';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type StatusEvent = EventFromLogic<typeof siteStatusMachine> | { type: string; [key: string]: unknown };

const site: ProjectSite = {
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
  siteSafetyPlan: null,
  ppe: [],
  otherPpe: '',
  status: 'ongoing',
  company: { _id: 'company-1', phone: '0290000000' },
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const onHoldSite: ProjectSite = { ...site, status: 'on_hold', version: 2 };
const failure = new Error('Failed to update the status');

const sampleEvents: Record<string, StatusEvent[]> = {
  'site.loaded': [{ type: 'site.loaded', status: 'ongoing' }],
  'status.choose': [
    { type: 'status.choose', status: 'ongoing' },
    { type: 'status.choose', status: 'on_hold' },
  ],
  'xstate.done.actor.changeStatus': [{ type: 'xstate.done.actor.changeStatus', output: onHoldSite }],
  'xstate.error.actor.changeStatus': [{ type: 'xstate.error.actor.changeStatus', error: failure }],
};

function describeStatusEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value === onHoldSite ? '<site now on hold>' : value instanceof Error ? value.message : value,
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface StatusRig extends Rig<typeof siteStatusMachine> {
  emitted: SiteStatusEmitted[];
  expected: { changes: number; emitted: number };
}

const coverage = new TransitionCoverage(siteStatusMachine);
const paths = modelPaths(siteStatusMachine, { inputs: [undefined], events: sampleEvents, describeEvent: describeStatusEvent });

describe('site status machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof siteStatusMachine, StatusRig>(path, {
      coverage,
      createRig: ({ scripted, clock, inspect }) => {
        const machine = siteStatusMachine.provide({ actors: { changeStatus: scripted.logic<ProjectSite, { status: SiteStatus }>() } });
        const actor = createActor(machine, { clock, inspect });
        const emitted: SiteStatusEmitted[] = [];
        actor.on('*', (event) => emitted.push(event));
        return { actor, scripted, clock, emitted, expected: { changes: 0, emitted: 0 } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string; status?: SiteStatus; output?: ProjectSite };
        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('changing'));

        if (event.type === 'site.loaded') expect(snapshot.context.current).toBe(event.status);
        if (event.type === 'status.choose') {
          const before = previous?.state;
          const offered = before?.matches('idle') === true && before.context.current !== null && before.context.current !== event.status;
          expect(snapshot.matches('changing'), 'only another status of a loaded site is changed to').toBe(offered);
          if (offered) {
            rig.expected.changes += 1;
            expect(rig.scripted.lastInput('changeStatus')).toEqual({ status: event.status });
          }
        }
        expect(rig.scripted.calls).toHaveLength(rig.expected.changes);

        if (event.type === 'xstate.done.actor.changeStatus') {
          rig.expected.emitted += 2;
          expect(snapshot.context.current).toBe(event.output?.status);
          expect(rig.emitted.slice(-2)).toEqual([
            { type: 'site.changed', site: event.output },
            { type: 'toast', tone: 'success', message: siteBulkStatusMessages.success },
          ]);
        }
        if (event.type === 'xstate.error.actor.changeStatus') {
          rig.expected.emitted += 1;
          expect(snapshot.context.current, 'a failed change keeps the status').toBe(previous?.state.context.current);
          expect(rig.emitted.at(-1)).toEqual({ type: 'toast', tone: 'error', message: siteBulkStatusMessages.failure });
        }
        expect(rig.emitted).toHaveLength(rig.expected.emitted);
        if (event.type.startsWith('xstate.')) expect(snapshot.matches('idle')).toBe(true);
      },
    });
  });

  test('every state and transition of the site status machine is exercised', () => {
    coverage.assertComplete('siteStatus');
  });
});

describe('site status machine, wiring', () => {
  test('an unprovided changeStatus fails loudly: the change is refused with the error toast', async () => {
    const actor = createActor(siteStatusMachine);
    const emitted: SiteStatusEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'site.loaded', status: 'ongoing' });
    actor.send({ type: 'status.choose', status: 'completed' });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.current).toBe('ongoing');
    expect(emitted).toEqual([{ type: 'toast', tone: 'error', message: siteBulkStatusMessages.failure }]);
    actor.stop();
  });

  test('a status is only offered once the site is loaded', () => {
    const scripted = new ScriptedActors();
    const actor = createActor(siteStatusMachine.provide({ actors: { changeStatus: scripted.logic<ProjectSite, { status: SiteStatus }>() } })).start();
    actor.send({ type: 'status.choose', status: 'completed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(scripted.calls).toEqual([]);
    actor.stop();
  });
});
