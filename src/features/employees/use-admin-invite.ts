import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { clientOnboardingMachine } from '../../../machines/client-onboarding.machine';
import * as onboarding from '../../../machines/client-onboarding.selectors';
import { inviteUser } from '../../api/invite-user';
import type { InviteInput, InviteResponse } from '../../domain/invite';
import { toast } from '../../ui/toast-store';

const adminInviteLogic = clientOnboardingMachine.provide({
  actors: {
    sendInvite: fromPromise<InviteResponse, InviteInput>(({ input }) => inviteUser(input)),
  },
});

/**
 * 'Create Admin User': the onboarding flow at its invite step for this client (after 'Create New
 * Client', or resumed from the client page's offer); when done it goes to the client page.
 */
export function useAdminInvite(clientId: string) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const actor = useActorRef(adminInviteLogic, { input: { clientId } });
  const path = useSelector(actor, onboarding.path);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (path !== pathname) navigate(path);
  }, [path, pathname, navigate]);

  const busy = useSelector(actor, (s) => onboarding.isBusy(s) || s.status === 'done');

  return {
    busy,
    saved: useSelector(actor, (s) => s.status === 'done'),
    error: useSelector(actor, onboarding.error),
    values: useSelector(actor, onboarding.inviteeValues),
    submit: (invitee: Pick<InviteInput, 'firstName' | 'surname' | 'email' | 'phone'>) => actor.send({ type: 'invite.submit', invitee }),
  };
}
