import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { statusOptionsFor } from '../../../machines/bulk-selection.selectors';
import { updateProjectSiteStatus } from '../../api/update-project-site-status';
import { StatusBadge } from '../../components/status-menu/status-badge';
import { StatusMenu } from '../../components/status-menu/status-menu';
import type { ProjectSite } from '../../domain/project-site';
import { siteStatusLabels, siteStatuses, type SiteStatus } from '../../domain/site-status';
import { toast } from '../../ui/toast-store';
import { siteStatusMachine } from '../../../machines/site-status.machine';

export interface SiteStatusControlProps {
  readonly site: ProjectSite;
  readonly onChanged: (site: ProjectSite) => void;
}

/** The site's status with the single-site Change Status menu (spec §4: the current status is disabled). */
export function SiteStatusControl({ site, onChanged }: SiteStatusControlProps) {
  const companyId = site.company._id;
  const actor = useActorRef(
    siteStatusMachine.provide({
      actors: {
        changeStatus: fromPromise<ProjectSite, { status: SiteStatus }>(({ input }) => updateProjectSiteStatus(companyId, site._id, input.status)),
      },
    }),
  );
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  useEffect(() => {
    actor.send({ type: 'site.loaded', status: site.status });
  }, [actor, site.status]);

  useEffect(() => {
    const toasts = actor.on('toast', ({ tone, message }) => toast[tone](message));
    const changed = actor.on('site.changed', ({ site: next }) => onChanged(next));
    return () => {
      toasts.unsubscribe();
      changed.unsubscribe();
    };
  }, [actor, onChanged]);

  return (
    <div className="site-status-control">
      <StatusBadge status={site.status}>{siteStatusLabels[site.status]}</StatusBadge>
      <StatusMenu
        options={statusOptionsFor(siteStatuses, site.status)}
        labels={siteStatusLabels}
        busy={busy}
        onChoose={(status) => actor.send({ type: 'status.choose', status })}
      />
    </div>
  );
}
