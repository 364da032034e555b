import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { swmsReviewMachine, type SetReviewStatusInput, type SwmsReviewRecord } from '../../../machines/swms-review.machine';
import * as session from '../../../machines/session.selectors';
import { updateSwmsStatus } from '../../api/update-swms-status';
import { Session } from '../../flows/session/session-context';
import type { Swms } from '../../domain/swms';
import { toast } from '../../ui/toast-store';

/** The dual-review actor of one SWMS: PUT company/{id}/swms plugged in, its toasts shown (spec §4, §8). */
export function useSwmsReview(companyId: string, swms: Swms) {
  const viewerRoles = Session.useSelector(session.roles);
  const actor = useActorRef(
    swmsReviewMachine.provide({
      actors: {
        setStatus: fromPromise<SwmsReviewRecord, SetReviewStatusInput>(async ({ input }) => {
          try {
            return await updateSwmsStatus(companyId, input);
          } catch (error) {
            console.error(error);
            throw error;
          }
        }),
      },
    }),
    { input: { swms, viewerRoles } },
  );
  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}
