import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { tradesHomeMachine, type TradesHome } from '../../../machines/trades-home.machine';
import { checkOut } from '../../api/check-out';
import { getTradesActivity } from '../../api/get-trades-activity';
import { getTradesPerson } from '../../api/get-trades-person';
import type { EndedCheckIn } from '../../domain/site-visit';
import { toast } from '../../ui/toast-store';

/** The home page's actor: the tradesperson and their activity, read together, and check-out. */
export function useTradesHome(tradesId: string) {
  const actor = useActorRef(
    tradesHomeMachine.provide({
      actors: {
        loadHome: fromPromise<TradesHome, { tradesId: string }>(async ({ input, signal }) => {
          const [person, activity] = await Promise.all([
            getTradesPerson(input.tradesId, { signal }),
            getTradesActivity(input.tradesId, { signal }),
          ]);
          return { person, activity };
        }),
        checkOut: fromPromise<EndedCheckIn, { siteId: string }>(({ input }) => checkOut(input.siteId)),
      },
    }),
    { input: { tradesId } },
  );
  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}
