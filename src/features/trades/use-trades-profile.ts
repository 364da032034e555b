import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { tradesProfileMachine, type SaveTradesProfileInput } from '../../../machines/trades-profile.machine';
import { getTradesPerson } from '../../api/get-trades-person';
import { updateTradesProfile } from '../../api/update-trades-profile';
import type { TradesPerson } from '../../domain/trades';
import { tradesHomePath } from '../../domain/trades-paths';
import { toast } from '../../ui/toast-store';
import { clearProfileDraft, loadProfileDraft, saveProfileDraft } from './draft-storage';
import { safeFrom } from './paths';
import { profileFormText } from './strings';

/** Where 'Save Edits' and 'Cancel' lead: the page that sent the user here (the check-in page), else their home. */
export function useProfileReturn(tradesId: string): string {
  const [params] = useSearchParams();
  return safeFrom(params.get('from')) ?? tradesHomePath(tradesId);
}

/** The profile form's actor for this visit: the API calls, the draft kept in this browser, and the spec §8 toasts. */
export function useTradesProfile(tradesId: string) {
  const navigate = useNavigate();
  const back = useProfileReturn(tradesId);
  const [draft] = useState(() => loadProfileDraft(tradesId));
  return useActorRef(
    tradesProfileMachine.provide({
      actors: {
        loadProfile: fromPromise<TradesPerson, { tradesId: string }>(({ input, signal }) => getTradesPerson(input.tradesId, { signal })),
        saveProfile: fromPromise<TradesPerson, SaveTradesProfileInput>(({ input }) => updateTradesProfile(input.tradesId, input.update)),
      },
      actions: {
        persistDraft: (_, { values }) => saveProfileDraft(tradesId, values),
        clearDraft: () => clearProfileDraft(tradesId),
        notifySaved: () => {
          toast.success(profileFormText.saved);
          navigate(back, { replace: true });
        },
        notifySaveFailed: (_, { error }) => {
          console.error(error);
          toast.error(profileFormText.saveFailed);
        },
      },
    }),
    { input: { tradesId, draft } },
  );
}
