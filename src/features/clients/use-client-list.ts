import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { getCompanies } from '../../api/get-companies';
import type { CompanyList } from '../../domain/company';
import { clientListPageSize, sameQuery, type ClientListQuery } from '../../domain/client-list';
import { clientListMachine } from '../../../machines/client-list.machine';

const clientListLogic = clientListMachine.provide({
  actors: {
    loadClients: fromPromise<CompanyList, ClientListQuery>(({ input, signal }) =>
      getCompanies({ ...input, pageSize: clientListPageSize }, { signal }),
    ),
  },
});

/** The client list for the query in the address; a new query replaces a request still running. */
export function useClientList(query: ClientListQuery) {
  const actor = useActorRef(clientListLogic, { input: { query } });
  useEffect(() => {
    if (!sameQuery(actor.getSnapshot().context.query, query)) actor.send({ type: 'query.changed', query });
  }, [actor, query]);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const asked = useSelector(actor, (s) => s.context.query);
  return {
    // Busy from the render that reads a new address: the effect above asks for it only after that render.
    loading: loading || !sameQuery(asked, query),
    failed: useSelector(actor, (s) => s.hasTag('failed')),
    list: useSelector(actor, (s) => s.context.list),
  };
}
