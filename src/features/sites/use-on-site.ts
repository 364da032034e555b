import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { onSiteMachine, type OnSiteRef } from '../../../machines/on-site.machine';
import { checkOutPerson } from '../../api/check-out-person';
import { downloadEvacuationList } from '../../api/download-evacuation-list';
import { getOnSite } from '../../api/get-on-site';
import { useLiveChanges } from '../../components/live/use-live-changes';
import type { ProjectSite } from '../../domain/project-site';
import type { EndedCheckIn, OnSiteList } from '../../domain/site-visit';
import { toast } from '../../ui/toast-store';
import { evacuationFileName } from './site-clock';

function onSiteLogic(pdfName: string) {
  return onSiteMachine.provide({
    actors: {
      loadOnSite: fromPromise<OnSiteList, OnSiteRef>(({ input, signal }) => getOnSite(input.companyId, input.siteId, { signal })),
      checkOutPerson: fromPromise<EndedCheckIn, OnSiteRef & { checkInId: string }>(({ input }) => checkOutPerson(input.companyId, input.siteId, input.checkInId)),
      downloadEvacuationList: fromPromise<void, OnSiteRef>(({ input, signal }) => downloadEvacuationList(input.companyId, input.siteId, pdfName, { signal })),
    },
  });
}

/**
 * Issue 10 §3: who is on site now, read again within seconds of any check-in or check-out (the
 * company's live stream, topic 'onsite') and whenever the window comes back into view.
 */
export function useOnSite(site: ProjectSite) {
  const companyId = site.company._id;
  const actor = useActorRef(onSiteLogic(evacuationFileName(site)), { input: { companyId, siteId: site._id } });

  useLiveChanges(companyId, 'onsite', () => actor.send({ type: 'onsite.refresh' }));

  useEffect(() => {
    const refresh = () => actor.send({ type: 'onsite.refresh' });
    const refreshWhenShown = () => (document.visibilityState === 'visible' ? refresh() : undefined);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refreshWhenShown);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refreshWhenShown);
    };
  }, [actor]);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  return {
    list: useSelector(actor, (s) => s.context.list),
    loading: useSelector(actor, (s) => s.hasTag('loading')),
    refreshing: useSelector(actor, (s) => s.hasTag('refreshing')),
    unavailable: useSelector(actor, (s) => s.hasTag('unavailable')),
    loadError: useSelector(actor, (s) => s.context.loadError),
    pending: useSelector(actor, (s) => s.context.pending),
    confirming: useSelector(actor, (s) => s.hasTag('confirming')),
    checkingOut: useSelector(actor, (s) => s.hasTag('checkingOut')),
    checkOutError: useSelector(actor, (s) => s.context.checkOutError),
    downloading: useSelector(actor, (s) => s.hasTag('downloading')),
    send: actor.send,
  };
}

export type OnSite = ReturnType<typeof useOnSite>;
