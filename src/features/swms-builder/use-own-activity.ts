import { useEffect, useState } from 'react';
import { getTradesActivity } from '../../api/get-trades-activity';
import type { TradesActivity } from '../../domain/trades';

export type OwnActivity =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly activity: TradesActivity }
  | { readonly status: 'failed' };

/**
 * GET profile/trades/{id}/activity once per visit: the site's name and the SWMS to start from. A plain
 * effect, not a promise actor: an aborted first read (React's strict effects) must never win over the
 * second. Key the caller by the id.
 */
export function useOwnActivity(id: string): OwnActivity {
  const [activity, setActivity] = useState<OwnActivity>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getTradesActivity(id, { signal: controller.signal }).then(
      (loaded) => {
        if (!controller.signal.aborted) setActivity({ status: 'ready', activity: loaded });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setActivity({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [id]);
  return activity;
}

export type ActivitySite = TradesActivity['checkIns'][number]['site'];

/** The site as the tradesperson's own records name it (their check-ins and SWMS there), if they do. */
export function siteOf(activity: OwnActivity, siteId: string): ActivitySite | null {
  if (activity.status !== 'ready') return null;
  const { checkIns, swms } = activity.activity;
  return checkIns.find((checkIn) => checkIn.site._id === siteId)?.site ?? swms.find((item) => item.site._id === siteId)?.site ?? null;
}
