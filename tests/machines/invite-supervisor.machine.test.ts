import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type InputFrom } from 'xstate';
import { inviteSupervisorMachine, inviteSupervisorMessages, type InviteeValues } from '../../machines/invite-supervisor.machine';
import type { InviteInput, InviteResponse } from '../../src/domain/invite';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

type InviteEvent = EventFromLogic<typeof inviteSupervisorMachine> | { type: string; [key: string]: unknown };

const companyId = 'company-1';
const invitee: InviteeValues = { firstName: 'Lee', surname: 'Tran', email: 'lee@harbour.example', phone: '0412345678' };
const otherInvitee: InviteeValues = { ...invitee, email: 'lee.tran@harbour.example' };
const serverReason = 'This email already belongs to an employee of this company';
/** xstate/graph keys edges by the event's JSON, where every Error is `{}`: a `sample` field tells them apart. */
const sampleError = (message: string, sample: string) => Object.assign(new Error(message), { sample });
const errorReasons = new Map<unknown, string>([
  [sampleError(JSON.stringify({ message: serverReason }), 'server reason'), serverReason],
  [sampleError('', 'no reason'), inviteSupervisorMessages.failed],
]);

const sampleEvents: Record<string, InviteEvent[]> = {
  'invite.submit': [
    { type: 'invite.submit', invitee },
    { type: 'invite.submit', invitee: otherInvitee },
  ],
  'xstate.done.actor.sendInvite': [{ type: 'xstate.done.actor.sendInvite', output: {} as InviteResponse }],
  'xstate.error.actor.sendInvite': [...errorReasons.keys()].map((error) => ({ type: 'xstate.error.actor.sendInvite', error })),
};

const inputs: InputFrom<typeof inviteSupervisorMachine>[] = [{ companyId }];

function describeInviteEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) => (value instanceof Error ? value.message || '<no message>' : value));
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface InviteRig extends Rig<typeof inviteSupervisorMachine> {
  toasts: ReturnType<typeof vi.fn>;
  expected: { sends: number; toasts: unknown[] };
}

const coverage = new TransitionCoverage(inviteSupervisorMachine);
const paths = modelPaths(inviteSupervisorMachine, { inputs, events: sampleEvents, describeEvent: describeInviteEvent });

describe('invite supervisor machine, model-based', () => {
  test.for(paths.map((path) => [`${JSON.stringify(path.input)} ${path.description}`, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof inviteSupervisorMachine, InviteRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const toasts = vi.fn();
        const machine = inviteSupervisorMachine.provide({ actors: { sendInvite: scripted.logic<InviteResponse, InviteInput>() } });
        const actor = createActor(machine, { input, clock, inspect });
        actor.on('toast', (emitted) => toasts(emitted));
        return { actor, scripted, clock, toasts, expected: { sends: 0, toasts: [] } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string; invitee?: InviteeValues; error?: unknown };

        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('sending') || snapshot.matches('sent'));
        if (event.type === 'invite.submit') {
          rig.expected.sends += 1;
          expect(snapshot.context.invitee).toEqual(event.invitee);
          expect(snapshot.context.error, 'a new submit clears the last reason').toBeNull();
          expect(rig.scripted.lastInput('sendInvite'), 'a supervisor invite for this company').toEqual({
            ...event.invitee,
            companyId,
            role: 'CompanySupervisor',
          });
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'sendInvite')).toHaveLength(rig.expected.sends);
        if (event.type === 'xstate.done.actor.sendInvite') {
          rig.expected.toasts.push({ type: 'toast', tone: 'success', message: inviteSupervisorMessages.sent });
          expect(snapshot.status).toBe('done');
        }
        if (event.type === 'xstate.error.actor.sendInvite') {
          rig.expected.toasts.push({ type: 'toast', tone: 'error', message: inviteSupervisorMessages.failed });
          expect(snapshot.matches('editing')).toBe(true);
          expect(snapshot.context.error, "the server's reason, else the fallback").toBe(errorReasons.get(event.error));
          expect(snapshot.context.invitee, 'the form keeps every value').toEqual(previous?.state.context.invitee);
        }
        expect(rig.toasts.mock.calls.map(([emitted]: unknown[]) => emitted)).toEqual(rig.expected.toasts);
      },
    });
  });

  test('every state and transition of the invite supervisor machine is exercised', () => {
    coverage.assertComplete('inviteSupervisor');
  });
});

describe('invite supervisor machine, wiring', () => {
  test('an auditor invite sends the auditor role for the company', async () => {
    const sent: InviteInput[] = [];
    const machine = inviteSupervisorMachine.provide({
      actors: {
        sendInvite: fromPromise<InviteResponse, InviteInput>(async ({ input }) => {
          sent.push(input);
          return { userRole: { _id: 'r1' }, firstName: input.firstName, surname: input.surname, contactEmail: input.email, role: input.role };
        }),
      },
    });
    const actor = createActor(machine, { input: { companyId, role: 'CompanyAuditor' } }).start();
    actor.send({ type: 'invite.submit', invitee });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(sent).toEqual([{ ...invitee, companyId, role: 'CompanyAuditor' }]);
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });

  test('an unprovided sendInvite fails the send, with the fallback message', async () => {
    const toasts = vi.fn();
    const actor = createActor(inviteSupervisorMachine, { input: { companyId } });
    actor.on('toast', (emitted) => toasts(emitted));
    actor.start();
    actor.send({ type: 'invite.submit', invitee });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('sendInvite must be provided');
    expect(toasts).toHaveBeenCalledWith({ type: 'toast', tone: 'error', message: inviteSupervisorMessages.failed });
    actor.stop();
  });
});
