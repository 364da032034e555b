import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { getSwms } from '../../api/get-swms';
import type { Swms } from '../../domain/swms';

interface SwmsAddress {
  readonly companyId: string;
  readonly swmsId: string;
}

export type LoadedSwms =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly swms: Swms }
  | { readonly status: 'notAuthorised' }
  | { readonly status: 'failed' };

/** A malformed id, another company's SWMS and an unknown one all read as 'not authorised' (spec §2). */
const refusedStatuses = new Set([400, 403, 404]);

/** Never rejects: an errored actor would throw during render (@xstate/react), so failures become states. */
const loadSwms = fromPromise<LoadedSwms, SwmsAddress>(async ({ input, signal }) => {
  try {
    const swms = await getSwms(input.companyId, input.swmsId, { signal });
    return swms ? { status: 'ready', swms } : { status: 'notAuthorised' };
  } catch (error) {
    if (error instanceof ApiError && refusedStatuses.has(error.status)) return { status: 'notAuthorised' };
    console.error(error);
    return { status: 'failed' };
  }
});

/** GET company/{companyId}/swms/{swmsId} once per visit; key the caller by the address. */
export function useSwms(companyId: string, swmsId: string): LoadedSwms {
  const [snapshot] = useActor(loadSwms, { input: { companyId, swmsId } });
  return snapshot.status === 'done' ? snapshot.output : { status: 'loading' };
}
