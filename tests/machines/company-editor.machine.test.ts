import { describe, expect, test, vi } from 'vitest';
import { createActor, type InputFrom } from 'xstate';
import { companyEditorMachine, companyEditorMessages } from '../../machines/company-editor.machine';
import type { Company, CompanyInput } from '../../src/domain/company';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

const company: Company = {
  _id: 'company-1',
  name: 'Harbour Builders',
  abn: '51824753556',
  buildersRegNumber: 'BR-1',
  phone: '0298765432',
  email: 'office@harbour.example',
  address: '1 Quay St',
  postalAddress: 'PO Box 1',
  userCount: 3,
  createdAt: '2024-05-01T00:00:00.000Z',
  hasAdmin: true,
};
const input: CompanyInput = {
  name: 'Harbour Builders Pty Ltd',
  abn: company.abn,
  buildersRegNumber: company.buildersRegNumber,
  phone: company.phone,
  email: company.email,
  address: company.address,
  postalAddress: company.postalAddress,
};
const saved: Company = { ...company, name: input.name };
const failures = [new Error(''), new Error(JSON.stringify({ message: 'ABN already registered' }))];

const sampleEvents = {
  'xstate.done.actor.loadCompany': [{ type: 'xstate.done.actor.loadCompany', output: company }],
  // `problem` only tells the samples apart: the model keys events by their JSON (issue 13 §2: decided from the HTTP status).
  'xstate.error.actor.loadCompany': [
    { type: 'xstate.error.actor.loadCompany', error: Object.assign(new Error('This company does not exist'), { status: 404 }), problem: 'notFound' },
    { type: 'xstate.error.actor.loadCompany', error: Object.assign(new Error('Expected a UUID'), { status: 400 }), problem: 'notFound' },
    { type: 'xstate.error.actor.loadCompany', error: Object.assign(new Error('You are not authorised to view this page'), { status: 403 }), problem: 'notAllowed' },
    { type: 'xstate.error.actor.loadCompany', error: new Error('network down'), problem: 'failed' },
  ],
  'company.save': [{ type: 'company.save', input }],
  'xstate.done.actor.saveCompany': [{ type: 'xstate.done.actor.saveCompany', output: saved }],
  // `sample` keeps the two failures apart in the graph: an Error serialises as {}.
  'xstate.error.actor.saveCompany': failures.map((error, sample) => ({ type: 'xstate.error.actor.saveCompany', error, sample })),
};

const inputs: InputFrom<typeof companyEditorMachine>[] = [{ companyId: company._id }];
const expectedMessage = (error: Error) => (error.message ? 'ABN already registered' : companyEditorMessages.saveFailed);

interface EditorRig extends Rig<typeof companyEditorMachine> {
  toasts: { tone: string; message: string }[];
  expected: { saves: number; toasts: { tone: string; message: string }[] };
}

const coverage = new TransitionCoverage(companyEditorMachine);
const paths = modelPaths(companyEditorMachine, {
  inputs,
  events: sampleEvents,
  describeEvent: ({ type, error }) => (error instanceof Error ? `${type} "${error.message}"` : type),
});

describe('company editor machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof companyEditorMachine, EditorRig>(path, {
      coverage,
      createRig: ({ input: machineInput, scripted, clock, inspect }) => {
        const machine = companyEditorMachine.provide({
          actors: {
            loadCompany: scripted.logic<Company, { companyId: string }>(),
            saveCompany: scripted.logic<Company, { companyId: string; input: CompanyInput }>(),
          },
        });
        const actor = createActor(machine, { input: machineInput, clock, inspect });
        const toasts: EditorRig['toasts'] = [];
        actor.on('toast', ({ tone, message }) => toasts.push({ tone, message }));
        return { actor, scripted, clock, toasts, expected: { saves: 0, toasts: [] } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
        expect(snapshot.hasTag('missing')).toBe(snapshot.matches('missing'));
        expect(rig.scripted.lastInput('loadCompany')).toEqual({ companyId: company._id });

        if (snapshot.matches('saving') && !previous?.state.matches('saving')) {
          rig.expected.saves += 1;
          expect(rig.scripted.lastInput('saveCompany'), 'the submitted form is saved').toEqual({ companyId: company._id, input });
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'saveCompany')).toHaveLength(rig.expected.saves);

        const event = step.event as { type: string; output?: unknown; error?: Error };
        if (event.type === 'xstate.done.actor.saveCompany') {
          rig.expected.toasts.push({ tone: 'success', message: companyEditorMessages.saved });
          expect(snapshot.status).toBe('done');
          expect(context.company).toEqual(saved);
          expect(context.error).toBeNull();
        }
        if (event.type === 'xstate.error.actor.saveCompany') {
          const message = expectedMessage(event.error!);
          rig.expected.toasts.push({ tone: 'error', message });
          expect(snapshot.matches('editing'), 'the form stays open to try again').toBe(true);
          expect(context.error).toBe(message);
          expect(context.company).toEqual(company);
        }
        if (event.type === 'xstate.error.actor.loadCompany') {
          expect(snapshot.matches('missing')).toBe(true);
          expect(snapshot.context.problem).toBe((event as { problem?: string }).problem);
        } else {
          expect(snapshot.context.problem).toBeNull();
        }
        expect(rig.toasts).toEqual(rig.expected.toasts);
      },
    });
  });

  test('every state and transition of the company editor machine is exercised', () => {
    coverage.assertComplete('companyEditor');
  });
});

describe('company editor machine, wiring', () => {
  test('the success toast is the spec §8 text', () => {
    expect(companyEditorMessages.saved).toBe('Information updated successfully');
  });

  test('fails loudly when saveCompany is not provided', async () => {
    const scripted = new ScriptedActors();
    const toast = vi.fn();
    const actor = createActor(companyEditorMachine.provide({ actors: { loadCompany: scripted.logic<Company, { companyId: string }>() } }), {
      input: { companyId: company._id },
    });
    actor.on('toast', toast);
    actor.start();
    scripted.resolve('loadCompany', company);
    await new Promise<void>((resolve) => setImmediate(resolve));
    actor.send({ type: 'company.save', input });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(toast).toHaveBeenCalledWith({ type: 'toast', tone: 'error', message: 'saveCompany must be provided' });
    actor.stop();
  });
});
