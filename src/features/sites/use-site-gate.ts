import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { siteGateMachine, type SiteRef } from '../../../machines/site-gate.machine';
import { downloadSitePoster } from '../../api/download-site-poster';
import { getSiteQr } from '../../api/get-site-qr';
import { replaceSiteQr } from '../../api/replace-site-qr';
import type { ProjectSite } from '../../domain/project-site';
import type { SiteQr } from '../../domain/site-visit';
import { toast } from '../../ui/toast-store';
import { posterFileName } from './site-clock';

function siteGateLogic(posterName: string) {
  return siteGateMachine.provide({
    actors: {
      loadQr: fromPromise<SiteQr, SiteRef>(({ input, signal }) => getSiteQr(input.companyId, input.siteId, { signal })),
      replaceQr: fromPromise<SiteQr, SiteRef>(({ input }) => replaceSiteQr(input.companyId, input.siteId)),
      downloadPoster: fromPromise<void, SiteRef>(({ input, signal }) => downloadSitePoster(input.companyId, input.siteId, posterName, { signal })),
    },
  });
}

/** Issue 10 §1: the site gate card's actor: the QR code, the poster and 'Replace QR code'. */
export function useSiteGate(site: ProjectSite) {
  const actor = useActorRef(siteGateLogic(posterFileName(site)), { input: { companyId: site.company._id, siteId: site._id } });

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  return {
    url: useSelector(actor, (s) => s.context.url),
    error: useSelector(actor, (s) => s.context.error),
    loading: useSelector(actor, (s) => s.hasTag('loading')),
    unavailable: useSelector(actor, (s) => s.hasTag('unavailable')),
    confirming: useSelector(actor, (s) => s.hasTag('confirming')),
    replacing: useSelector(actor, (s) => s.hasTag('replacing')),
    replaced: useSelector(actor, (s) => s.hasTag('replaced')),
    failed: useSelector(actor, (s) => s.hasTag('replaceFailed')),
    downloading: useSelector(actor, (s) => s.hasTag('downloading')),
    send: actor.send,
  };
}
