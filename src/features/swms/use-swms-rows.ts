import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bulkSelectionMachine } from '../../../machines/bulk-selection.machine';
import { getSwmsList } from '../../api/get-swms-list';
import { useLiveChanges } from '../../components/live/use-live-changes';
import type { SwmsList } from '../../domain/swms';
import { listParams, listSearchParams, selectionQueryOf, type SwmsListState } from './swms-list-query';

type BulkActor = ActorRefFrom<typeof bulkSelectionMachine>;

interface Answer {
  readonly key: string;
  /** This query's page; null when the call failed. */
  readonly list: SwmsList | null;
  /** The newest page that arrived, kept on screen while the next one loads. */
  readonly latest: SwmsList | null;
}

export interface SwmsRows {
  readonly list: SwmsList | null;
  readonly loading: boolean;
  readonly failed: boolean;
}

/**
 * GET company/{id}/swms for the list state. Tells the bulk selection what the page shows, and fetches
 * again when it asks (after a bulk change).
 */
export function useSwmsRows(companyId: string, state: SwmsListState, actor: BulkActor): SwmsRows {
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const { search, sort, filter, page } = state;
  const { after, before } = state.cursor;
  const key = `${companyId}?${listSearchParams(state).toString()}#${generation}`;

  useLiveChanges(companyId, 'swms', () => setGeneration((value) => value + 1));

  useEffect(() => {
    const subscription = actor.on('rows.refresh', () => setGeneration((value) => value + 1));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    const current: SwmsListState = { search, sort, filter, page, cursor: { after, before } };
    const query = selectionQueryOf(current);
    const controller = new AbortController();
    actor.send({ type: 'query.changed', query });
    getSwmsList(companyId, listParams(current), { signal: controller.signal }).then(
      (list) => {
        setAnswer({ key, list, latest: list });
        actor.send({ type: 'rows.loaded', rows: list.items.map((item) => ({ id: item._id, status: item.status })), total: list.total, query });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setAnswer((previous) => ({ key, list: null, latest: previous?.latest ?? null }));
      },
    );
    return () => controller.abort();
  }, [actor, companyId, search, sort, filter, page, after, before, key]);

  const settled = answer?.key === key;
  return {
    list: settled ? answer.list : (answer?.latest ?? null),
    loading: !settled,
    failed: settled && answer.list === null,
  };
}
