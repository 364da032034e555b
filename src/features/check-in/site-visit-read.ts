import { startRead, type RouteReadsAt } from '../../flows/route-read/route-read';
import { siteVisitApiPath } from '../../domain/check-in-page';

/** The check-in page's first read, the site and a signed-in visitor's visit, started by its route (router.tsx) as the page's code loads. */
export function startSiteVisitRead({ params, search }: RouteReadsAt): void {
  const key = search.get('key');
  if (params.siteId !== undefined && key) startRead(siteVisitApiPath(params.siteId, key));
}
