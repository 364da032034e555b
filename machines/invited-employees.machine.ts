import { assign, emit, fromPromise, setup } from 'xstate';
import type { InvitedEmployee, InviteResponse } from '../src/domain/invite';
import { mustBeProvided } from './must-be-provided';

export interface InvitedEmployeesContext {
  readonly companyId: string;
  readonly invites: readonly InvitedEmployee[];
  readonly resendingId: string | null;
}

export type InvitedEmployeesEvent = { type: 'invite.resend'; userRoleId: string } | { type: 'invites.reload' };

export type InvitedEmployeesEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

/** Spec §8 invite toasts, as DESIGN.md spells them. */
export const resendMessages = {
  sent: 'Invite sent successfully',
  failed: 'Failed to send Invite',
} as const;

/** Pending invitations of one company, each with Resend (spec §7 POST user/invite/{userRoleId}). */
export const invitedEmployeesMachine = setup({
  types: {} as {
    context: InvitedEmployeesContext;
    events: InvitedEmployeesEvent;
    input: { companyId: string };
    emitted: InvitedEmployeesEmitted;
    tags: 'loading' | 'failed';
  },
  actors: {
    loadInvites: fromPromise<readonly InvitedEmployee[], { companyId: string }>(mustBeProvided('loadInvites')),
    resendInvite: fromPromise<InviteResponse, { userRoleId: string }>(mustBeProvided('resendInvite')),
  },
}).createMachine({
  id: 'invitedEmployees',
  context: ({ input }) => ({ companyId: input.companyId, invites: [], resendingId: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadInvites',
        src: 'loadInvites',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'ready', actions: assign({ invites: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: { tags: ['failed'], on: { 'invites.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invite.resend': { target: 'resending', actions: assign({ resendingId: ({ event }) => event.userRoleId }) },
            'invites.reload': { target: 'refreshing' },
          },
        },
        resending: {
          description: 'A new code is mailed; the old one stops working.',
          invoke: {
            id: 'resendInvite',
            src: 'resendInvite',
            input: ({ context }) => ({ userRoleId: context.resendingId ?? '' }),
            onDone: { target: 'refreshing', actions: emit({ type: 'toast', tone: 'success', message: resendMessages.sent } as const) },
            onError: {
              target: 'idle',
              actions: [assign({ resendingId: null }), emit({ type: 'toast', tone: 'error', message: resendMessages.failed } as const)],
            },
          },
        },
        refreshing: {
          description: 'The list again, with the new dates.',
          invoke: {
            id: 'refreshInvites',
            src: 'loadInvites',
            input: ({ context }) => ({ companyId: context.companyId }),
            onDone: { target: 'idle', actions: assign({ invites: ({ event }) => event.output, resendingId: null }) },
            onError: { target: 'idle', actions: assign({ resendingId: null }) },
          },
        },
      },
    },
  },
});
