import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { getInvitedEmployees } from '../../api/get-invited-employees';
import { resendInvite } from '../../api/resend-invite';
import type { InvitedEmployee, InviteResponse } from '../../domain/invite';
import { toast } from '../../ui/toast-store';
import { invitedEmployeesMachine } from '../../../machines/invited-employees.machine';

const invitedLogic = invitedEmployeesMachine.provide({
  actors: {
    loadInvites: fromPromise<readonly InvitedEmployee[], { companyId: string }>(({ input, signal }) =>
      getInvitedEmployees(input.companyId, { signal }),
    ),
    resendInvite: fromPromise<InviteResponse, { userRoleId: string }>(({ input }) => resendInvite(input.userRoleId)),
  },
});

export interface InvitedEmployeesState {
  readonly status: 'loading' | 'ready' | 'failed';
  readonly invites: readonly InvitedEmployee[];
  /** The invitation whose Resend is running. */
  readonly resendingId: string | null;
  readonly resend: (userRoleId: string) => void;
}

/** The company's pending invitations with Resend and its spec §8 toasts. */
export function useInvitedEmployees(companyId: string): InvitedEmployeesState {
  const actor = useActorRef(invitedLogic, { input: { companyId } });
  const status = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const invites = useSelector(actor, (s) => s.context.invites);
  const resendingId = useSelector(actor, (s) => s.context.resendingId);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  return { status, invites, resendingId, resend: (userRoleId) => actor.send({ type: 'invite.resend', userRoleId }) };
}
