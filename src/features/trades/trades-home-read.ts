import { startRead, type RouteReadsAt } from '../../flows/route-read/route-read';
import { tradesActivityApiPath, tradesPersonApiPath } from '../../domain/trades-paths';

/** A tradesperson's own home's reads, their details and recent activity, started by its route (signed-in-routes.tsx) as the page's code loads. */
export function startTradesHomeRead({ params, signedInAs }: RouteReadsAt): void {
  if (params.id === undefined || params.id !== signedInAs) return;
  startRead(tradesPersonApiPath(params.id));
  startRead(tradesActivityApiPath(params.id));
}
