import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { tradesHomeMachine, type TradesHome } from '../../../machines/trades-home.machine';
import { checkOut } from '../../api/check-out';
import { decodedAnswer, takeOrCall } from '../../api/client';
import { takeRead } from '../../flows/route-read/route-read';
import type { EndedCheckIn } from '../../domain/site-visit';
import { TradesActivity, TradesPerson } from '../../domain/trades';
import { tradesActivityApiPath, tradesPersonApiPath } from '../../domain/trades-paths';
import { toast } from '../../ui/toast-store';

/** The home page's actor: the tradesperson and their activity, read together, and check-out. */
export function useTradesHome(tradesId: string) {
  const actor = useActorRef(
    tradesHomeMachine.provide({
      actors: {
        loadHome: fromPromise<TradesHome, { tradesId: string }>(async ({ input, signal }) => {
          const read = async <S extends typeof TradesPerson | typeof TradesActivity>(schema: S, path: string) =>
            decodedAnswer(schema, path, await takeOrCall(takeRead(path), path, { signal }));
          const [person, activity] = await Promise.all([
            read(TradesPerson, tradesPersonApiPath(input.tradesId)),
            read(TradesActivity, tradesActivityApiPath(input.tradesId)),
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
