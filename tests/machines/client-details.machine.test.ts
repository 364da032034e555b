import { describe, expect, test, vi } from 'vitest';
import { createActor, type EventFromLogic, type InputFrom } from 'xstate';
import { clientDetailsMachine, deleteMessages, type ClientRecord } from '../../machines/client-details.machine';
import { ApiError } from '../../src/api/client';
import type { Company, Employee } from '../../src/domain/company';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type DetailsEvent = EventFromLogic<typeof clientDetailsMachine> | { type: string; [key: string]: unknown };

const company: Company = {
  _id: 'company-1',
  name: 'Harbour Builders',
  abn: '51824753556',
  buildersRegNumber: 'BR-100',
  phone: '0298765432',
  email: 'office@harbour.example',
  address: '1 Quay St, Sydney',
  postalAddress: 'PO Box 1, Sydney',
  userCount: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  hasAdmin: true,
};
const admin: Employee = {
  _id: 'user-1',
  firstName: 'Sam',
  surname: 'Okafor',
  fullName: 'Sam Okafor',
  contactEmail: 'sam@harbour.example',
  phone: '0412345678',
  emergencyContactName: 'Ada Okafor',
  emergencyContactPhone: '0411111111',
  userRole: { _id: 'role-1', user: 'user-1', role: 'CompanyAdmin' },
  projectCount: 2,
};
const record: ClientRecord = { company, employees: [admin] };
const failure = { error: new Error('network down') };
/** What the server answers for an id it cannot show (issue 13 §2), and what the page makes of it. */
const loadFailures = [
  { error: new ApiError('This company does not exist', 404), problem: 'notFound' },
  { error: new ApiError('Expected a UUID', 400), problem: 'notFound' },
  { error: new ApiError('You are not authorised to view this page', 403), problem: 'notAllowed' },
  { error: new ApiError('Internal Server Error', 500), problem: 'failed' },
  { error: failure.error, problem: 'failed' },
] as const;

const sampleEvents: Record<string, DetailsEvent[]> = {
  'xstate.done.actor.loadClient': [{ type: 'xstate.done.actor.loadClient', output: record }],
  // `problem` only tells the samples apart: the model keys events by their JSON.
  'xstate.error.actor.loadClient': loadFailures.map(({ error, problem }) => ({ type: 'xstate.error.actor.loadClient', error, problem })),
  'delete.open': [{ type: 'delete.open' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'xstate.done.actor.deleteClient': [{ type: 'xstate.done.actor.deleteClient', output: undefined }],
  'xstate.error.actor.deleteClient': [{ type: 'xstate.error.actor.deleteClient', ...failure }],
};

const inputs: InputFrom<typeof clientDetailsMachine>[] = [{ clientId: company._id }];

function describeDetailsEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value instanceof Error ? value.message : value === record ? '<client>' : value,
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface DetailsRig extends Rig<typeof clientDetailsMachine> {
  toasts: ReturnType<typeof vi.fn>;
  expected: { loads: number; deletes: number; toasts: unknown[] };
}

const coverage = new TransitionCoverage(clientDetailsMachine);
const paths = modelPaths(clientDetailsMachine, { inputs, events: sampleEvents, describeEvent: describeDetailsEvent });

describe('client details machine, model-based', () => {
  test.for(paths.map((path) => [`${JSON.stringify(path.input)} ${path.description}`, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof clientDetailsMachine, DetailsRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const toasts = vi.fn();
        const machine = clientDetailsMachine.provide({
          actors: {
            loadClient: scripted.logic<ClientRecord, { clientId: string }>(),
            deleteClient: scripted.logic<void, { clientId: string }>(),
          },
        });
        const actor = createActor(machine, { input, clock, inspect });
        actor.on('toast', (emitted) => toasts(emitted));
        return { actor, scripted, clock, toasts, expected: { loads: 0, deletes: 0, toasts: [] } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string };
        type StateName = 'loading' | 'missing' | 'showing' | 'confirmingDelete' | 'deleting' | 'deleted';
        const entered = (state: StateName) => snapshot.matches(state) && !previous?.state.matches(state);

        expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
        expect(snapshot.hasTag('confirming')).toBe(snapshot.matches('confirmingDelete') || snapshot.matches('deleting'));
        expect(snapshot.hasTag('deleting')).toBe(snapshot.matches('deleting'));
        expect(snapshot.hasTag('missing')).toBe(snapshot.matches('missing'));
        expect(snapshot.context.clientId).toBe(company._id);
        if (snapshot.matches('showing') || snapshot.matches('confirmingDelete') || snapshot.matches('deleting')) {
          expect(snapshot.context.client, 'a shown client was loaded').toEqual(record);
        }

        if (entered('loading')) rig.expected.loads += 1;
        if (entered('deleting')) rig.expected.deletes += 1;
        expect(rig.scripted.calls.filter((call) => call.id === 'loadClient')).toHaveLength(rig.expected.loads);
        expect(rig.scripted.calls.filter((call) => call.id === 'deleteClient')).toHaveLength(rig.expected.deletes);
        if (entered('loading')) expect(rig.scripted.lastInput('loadClient')).toEqual({ clientId: company._id });
        if (entered('deleting')) expect(rig.scripted.lastInput('deleteClient')).toEqual({ clientId: company._id });

        if (event.type === 'xstate.done.actor.deleteClient') {
          rig.expected.toasts.push({ type: 'toast', tone: 'success', message: deleteMessages.deleted });
          expect(snapshot.status).toBe('done');
        }
        if (event.type === 'xstate.error.actor.deleteClient') {
          rig.expected.toasts.push({ type: 'toast', tone: 'error', message: deleteMessages.failed });
          expect(snapshot.matches('showing'), 'a failed delete keeps the client on screen').toBe(true);
        }
        if (event.type === 'xstate.error.actor.loadClient') {
          expect(snapshot.matches('missing')).toBe(true);
          const { error } = step.event as { type: string; error?: unknown };
          expect(snapshot.context.problem, 'decided from the HTTP status').toBe(loadFailures.find((sample) => sample.error === error)?.problem);
        } else {
          expect(snapshot.context.problem).toBeNull();
        }
        expect(rig.toasts.mock.calls.map(([emitted]: unknown[]) => emitted)).toEqual(rig.expected.toasts);
      },
    });
  });

  test('every state and transition of the client details machine is exercised', () => {
    coverage.assertComplete('clientDetails');
  });
});

describe('client details machine, wiring', () => {
  test('an unprovided loadClient fails into missing, not silently', async () => {
    const actor = createActor(clientDetailsMachine, { input: { clientId: company._id } });
    actor.start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('missing');
    actor.stop();
  });

  test('delete events outside their states are ignored', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(
      clientDetailsMachine.provide({ actors: { loadClient: scripted.logic<ClientRecord, { clientId: string }>(), deleteClient: scripted.logic<void, { clientId: string }>() } }),
      { input: { clientId: company._id } },
    ).start();
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toBe('loading');
    scripted.resolve('loadClient', record);
    await new Promise<void>((resolve) => setImmediate(resolve));
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(scripted.calls.filter((call) => call.id === 'deleteClient')).toHaveLength(0);
    actor.stop();
  });
});
