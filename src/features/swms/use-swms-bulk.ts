import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { bulkSelectionMachine, type ApplyStatusInput, type SelectionQuery } from '../../../machines/bulk-selection.machine';
import { updateSwmsStatuses } from '../../api/update-swms-statuses';
import { bulkReviewStatuses, swmsMessages, type BulkReviewStatus } from '../../domain/swms';
import { toast } from '../../ui/toast-store';
import { filterKeyOf } from './swms-list-query';

const isReviewStatus = (status: string): status is BulkReviewStatus => (bulkReviewStatuses as readonly string[]).includes(status);

/**
 * The bulk selection of the SWMS list: ticked rows, or select-all across pages sent as the list's own
 * search and filter (PUT company/{id}/swms `{ matching, excludedIds }`), so no id list is built here.
 */
export function useSwmsBulk(companyId: string, initialQuery: SelectionQuery) {
  const actor = useActorRef(
    bulkSelectionMachine.provide({
      actors: {
        applyStatus: fromPromise<unknown, ApplyStatusInput>(async ({ input }) => {
          if (!isReviewStatus(input.status)) throw new Error(swmsMessages.status);
          const { target } = input;
          try {
            return await updateSwmsStatuses(
              companyId,
              input.status,
              target.mode === 'ids'
                ? target
                : {
                    mode: 'allMatching',
                    matching: { search: target.matching.search || undefined, filter: filterKeyOf(target.matching.filter) },
                    excludedIds: target.excludedIds,
                  },
            );
          } catch (error) {
            console.error(error);
            throw error;
          }
        }),
      },
    }),
    { input: { query: initialQuery, messages: swmsMessages.toast } },
  );
  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}
