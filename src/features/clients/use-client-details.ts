import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { deleteCompany } from '../../api/delete-company';
import { getCompany } from '../../api/get-company';
import { getEmployees } from '../../api/get-employees';
import { toast } from '../../ui/toast-store';
import { clientDetailsMachine, type ClientRecord } from '../../../machines/client-details.machine';

const clientDetailsLogic = clientDetailsMachine.provide({
  actors: {
    loadClient: fromPromise<ClientRecord, { clientId: string }>(async ({ input, signal }) => {
      const [company, employees] = await Promise.all([
        getCompany(input.clientId, { signal }),
        getEmployees(input.clientId, { signal }),
      ]);
      return { company, employees };
    }),
    deleteClient: fromPromise<void, { clientId: string }>(({ input }) => deleteCompany(input.clientId)),
  },
});

export function useClientDetails(clientId: string) {
  const navigate = useNavigate();
  const actor = useActorRef(clientDetailsLogic, { input: { clientId } });
  const deleted = useSelector(actor, (s) => s.status === 'done');

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (deleted) navigate('/clients', { replace: true });
  }, [deleted, navigate]);

  return {
    loading: useSelector(actor, (s) => s.hasTag('loading')),
    problem: useSelector(actor, (s) => (s.hasTag('missing') ? s.context.problem : null)),
    client: useSelector(actor, (s) => s.context.client),
    confirming: useSelector(actor, (s) => s.hasTag('confirming')),
    deleting: useSelector(actor, (s) => s.hasTag('deleting')),
    send: actor.send,
  };
}
