import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { swmsSignOnMachine, type SwmsSignOnRef } from '../../../machines/swms-signon.machine';
import { getSiteSwmsToSign } from '../../api/get-site-swms-to-sign';
import { signOnSwms } from '../../api/sign-on-swms';
import type { Swms } from '../../domain/swms';
import type { SwmsSignOnRequest, SwmsSignOnResult } from '../../domain/swms-signon';
import { toast } from '../../ui/toast-store';

const swmsSignOnLogic = swmsSignOnMachine.provide({
  actors: {
    loadSwms: fromPromise<Swms, SwmsSignOnRef>(({ input, signal }) => getSiteSwmsToSign(input.siteId, input.swmsId, { signal })),
    sendSignOn: fromPromise<SwmsSignOnResult, SwmsSignOnRef & { request: SwmsSignOnRequest }>(({ input }) => signOnSwms(input.siteId, input.swmsId, input.request)),
  },
});

/** Issue 57 §3: the 'Read and sign' actor for one SWMS of a site, its toasts wired once. */
export function useSwmsSignOn(siteId: string, swmsId: string) {
  const actor = useActorRef(swmsSignOnLogic, { input: { siteId, swmsId } });
  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}

export type SwmsSignOnActor = ReturnType<typeof useSwmsSignOn>;
