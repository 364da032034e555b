import { describe, expect, test, vi } from 'vitest';
import { createActor, type InputFrom } from 'xstate';
import { invitedEmployeesMachine, resendMessages } from '../../machines/invited-employees.machine';
import type { InvitedEmployee, InviteResponse } from '../../src/domain/invite';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

const invite: InvitedEmployee = {
  userRole: { _id: 'role-1' },
  firstName: 'Ada',
  surname: 'Okafor',
  username: 'ada@harbour.example',
  email: 'ada@harbour.example',
  role: 'CompanySupervisor',
  invitedAt: '2024-05-01T00:00:00.000Z',
  expiresAt: '2024-05-08T00:00:00.000Z',
  emailStatus: 'sent',
};
const renewed: InvitedEmployee = { ...invite, invitedAt: '2024-05-03T00:00:00.000Z', expiresAt: '2024-05-10T00:00:00.000Z' };
const resent: InviteResponse = { userRole: { _id: 'role-1' }, firstName: 'Ada', surname: 'Okafor', contactEmail: invite.email, role: 'CompanySupervisor' };
const failure = { error: new Error('network down') };

const sampleEvents = {
  'xstate.done.actor.loadInvites': [
    { type: 'xstate.done.actor.loadInvites', output: [invite] },
    { type: 'xstate.done.actor.loadInvites', output: [] },
  ],
  'xstate.error.actor.loadInvites': [{ type: 'xstate.error.actor.loadInvites', ...failure }],
  'invites.reload': [{ type: 'invites.reload' }],
  'invite.resend': [{ type: 'invite.resend', userRoleId: invite.userRole._id }],
  'xstate.done.actor.resendInvite': [{ type: 'xstate.done.actor.resendInvite', output: resent }],
  'xstate.error.actor.resendInvite': [{ type: 'xstate.error.actor.resendInvite', ...failure }],
  'xstate.done.actor.refreshInvites': [{ type: 'xstate.done.actor.refreshInvites', output: [renewed] }],
  'xstate.error.actor.refreshInvites': [{ type: 'xstate.error.actor.refreshInvites', ...failure }],
};

const inputs: InputFrom<typeof invitedEmployeesMachine>[] = [{ companyId: 'company-1' }];

interface InvitesRig extends Rig<typeof invitedEmployeesMachine> {
  toasts: { tone: string; message: string }[];
  expected: { loads: number; resends: number; toasts: { tone: string; message: string }[] };
}

const coverage = new TransitionCoverage(invitedEmployeesMachine);
const paths = modelPaths(invitedEmployeesMachine, { inputs, events: sampleEvents });

describe('invited employees machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof invitedEmployeesMachine, InvitesRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = invitedEmployeesMachine.provide({
          actors: {
            loadInvites: scripted.logic<readonly InvitedEmployee[], { companyId: string }>(),
            resendInvite: scripted.logic<InviteResponse, { userRoleId: string }>(),
          },
        });
        const actor = createActor(machine, { input, clock, inspect });
        const toasts: InvitesRig['toasts'] = [];
        actor.on('toast', ({ tone, message }) => toasts.push({ tone, message }));
        return { actor, scripted, clock, toasts, expected: { loads: 0, resends: 0, toasts: [] } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const entered = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state) && !previous?.state.matches(state);

        expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
        expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
        if (entered('loading') || entered({ ready: 'refreshing' })) rig.expected.loads += 1;
        if (entered({ ready: 'resending' })) {
          rig.expected.resends += 1;
          expect(rig.scripted.lastInput('resendInvite')).toEqual({ userRoleId: context.resendingId });
        }
        const loads = rig.scripted.calls.filter((call) => call.id === 'loadInvites' || call.id === 'refreshInvites');
        expect(loads, 'the list is read on start, reload and after a resend').toHaveLength(rig.expected.loads);
        for (const call of loads) expect(call.input).toEqual({ companyId: 'company-1' });
        expect(rig.scripted.calls.filter((call) => call.id === 'resendInvite')).toHaveLength(rig.expected.resends);

        const event = step.event as { type: string; output?: unknown };
        if (event.type === 'xstate.done.actor.resendInvite') {
          rig.expected.toasts.push({ tone: 'success', message: resendMessages.sent });
          expect(snapshot.matches({ ready: 'refreshing' })).toBe(true);
          expect(context.resendingId, 'Resend stays busy until the new dates arrive').toBe(invite.userRole._id);
        }
        if (event.type === 'xstate.error.actor.resendInvite') {
          rig.expected.toasts.push({ tone: 'error', message: resendMessages.failed });
          expect(context.resendingId).toBeNull();
          expect(context.invites).toEqual(previous?.state.context.invites);
        }
        if (event.type.startsWith('xstate.done.actor.') && event.type.endsWith('Invites')) {
          expect(context.invites).toEqual(event.output);
          expect(context.resendingId).toBeNull();
        }
        if (event.type === 'xstate.error.actor.refreshInvites') {
          expect(context.invites, 'a failed refresh keeps the list shown').toEqual(previous?.state.context.invites);
          expect(context.resendingId).toBeNull();
        }
        expect(rig.toasts).toEqual(rig.expected.toasts);
      },
    });
  });

  test('every state and transition of the invited employees machine is exercised', () => {
    coverage.assertComplete('invitedEmployees');
  });
});

describe('invited employees machine, wiring', () => {
  test('fails loudly when loadInvites is not provided', async () => {
    const actor = createActor(invitedEmployeesMachine, { input: { companyId: 'company-1' } }).start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.stop();
  });

  test('resend sends the invitation id given, then re-reads the list', async () => {
    const scripted = new ScriptedActors();
    const errors = vi.fn();
    const actor = createActor(
      invitedEmployeesMachine.provide({
        actors: {
          loadInvites: scripted.logic<readonly InvitedEmployee[], { companyId: string }>(),
          resendInvite: scripted.logic<InviteResponse, { userRoleId: string }>(),
        },
      }),
      { input: { companyId: 'company-9' } },
    );
    actor.subscribe({ error: errors });
    actor.start();
    scripted.resolve('loadInvites', [invite]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    actor.send({ type: 'invite.resend', userRoleId: 'role-1' });
    expect(scripted.lastInput('resendInvite')).toEqual({ userRoleId: 'role-1' });
    scripted.resolve('resendInvite', resent);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(scripted.lastInput('refreshInvites')).toEqual({ companyId: 'company-9' });
    expect(errors).not.toHaveBeenCalled();
    actor.stop();
  });
});
