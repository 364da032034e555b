import { assign, emit, fromPromise, setup } from 'xstate';
import type { InviteInput, InviteResponse } from '../src/domain/invite';
import { serverMessage } from './server-message';
import { mustBeProvided } from './must-be-provided';

export type InviteeValues = Pick<InviteInput, 'firstName' | 'surname' | 'email' | 'phone'>;

/** The company roles an admin invites from the employees page (issue 9 adds auditors). */
export type StaffRole = 'CompanySupervisor' | 'CompanyAuditor';

export interface InviteSupervisorContext {
  readonly companyId: string;
  readonly role: StaffRole;
  readonly invitee: InviteeValues | null;
  readonly error: string | null;
}

export type InviteSupervisorEvent = { type: 'invite.submit'; invitee: InviteeValues };

export type InviteSupervisorEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

/** Spec §8 invite messages (the same words as the employees feature's strings). */
export const inviteSupervisorMessages = { sent: 'Invite sent successfully', failed: 'Failed to send Invite' } as const;

/** Spec §2 /company/{id}/employees/add: a CompanySupervisor (or, issue 9, CompanyAuditor) invite; spec §4: after it the user goes back. */
export const inviteSupervisorMachine = setup({
  types: {} as {
    context: InviteSupervisorContext;
    events: InviteSupervisorEvent;
    input: { companyId: string; role?: StaffRole };
    emitted: InviteSupervisorEmitted;
    tags: 'busy';
  },
  actors: {
    sendInvite: fromPromise<InviteResponse, InviteInput>(mustBeProvided('sendInvite')),
  },
}).createMachine({
  id: 'inviteSupervisor',
  context: ({ input }) => ({ companyId: input.companyId, role: input.role ?? 'CompanySupervisor', invitee: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'invite.submit': { target: 'sending', actions: assign({ invitee: ({ event }) => event.invitee, error: null }) } },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendInvite',
        src: 'sendInvite',
        input: ({ context }) => {
          if (!context.invitee) throw new Error('Only a submitted invite is sent');
          return { ...context.invitee, companyId: context.companyId, role: context.role };
        },
        onDone: { target: 'sent', actions: emit({ type: 'toast', tone: 'success', message: inviteSupervisorMessages.sent } as const) },
        onError: {
          description: "'Failed to send Invite'; the server's reason stays beside the form, which keeps every value.",
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error, inviteSupervisorMessages.failed) }),
            emit({ type: 'toast', tone: 'error', message: inviteSupervisorMessages.failed } as const),
          ],
        },
      },
    },
    sent: { type: 'final', tags: ['busy'], description: 'Back to the employees list.' },
  },
});
