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

/** Issue 12: while an email is on its way the list looks again, sooner for a first try than for a retry. */
function statusRefreshMs(invites: readonly InvitedEmployee[]): number | undefined {
  if (invites.some((invite) => invite.emailStatus === 'sending')) return 2_000;
  if (invites.some((invite) => invite.emailStatus === 'retrying')) return 15_000;
  return undefined;
}

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
  const status = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('failed') ? 'failed' : 'ready'));
  const invites = useSelector(actor, (s) => s.context.invites);
  const resendingId = useSelector(actor, (s) => s.context.resendingId);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    const delay = statusRefreshMs(invites);
    if (delay === undefined) return;
    const timer = setTimeout(() => actor.send({ type: 'invites.reload' }), delay);
    return () => clearTimeout(timer);
  }, [actor, invites]);

  return { status, invites, resendingId, resend: (userRoleId) => actor.send({ type: 'invite.resend', userRoleId }) };
}
