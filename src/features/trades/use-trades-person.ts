import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { getTradesPerson } from '../../api/get-trades-person';
import type { TradesPerson } from '../../domain/trades';

export type LoadedTradesPerson =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly person: TradesPerson }
  | { readonly status: 'notAuthorised' }
  | { readonly status: 'failed' };

/** Never rejects: an errored actor would throw during render (@xstate/react), so failures become states. */
const loadTradesPerson = fromPromise<LoadedTradesPerson, { id: string }>(async ({ input, signal }) => {
  try {
    return { status: 'ready', person: await getTradesPerson(input.id, { signal }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { status: 'notAuthorised' };
    console.error(error);
    return { status: 'failed' };
  }
});

/** GET profile/trades/{id} once per visit; key the caller by the id. */
export function useTradesPerson(id: string): LoadedTradesPerson {
  const [snapshot] = useActor(loadTradesPerson, { input: { id } });
  return snapshot.status === 'done' ? snapshot.output : { status: 'loading' };
}
