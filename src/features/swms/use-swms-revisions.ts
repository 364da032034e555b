import { useEffect, useState } from 'react';
import { getSwmsRevision, getSwmsRevisions } from '../../api/get-swms-revisions';
import type { Swms, SwmsRevisionSummary } from '../../domain/swms';

export type RevisionsRead =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly revisions: readonly SwmsRevisionSummary[]; readonly previous: Swms | null };

/**
 * Issue 57 §2: the SWMS's revisions and, when it has more than one, the revision before the latest (what the diff
 * compares the latest with). Read again when `version` changes (a review or a new revision on this page).
 */
export function useSwmsRevisions(companyId: string, swms: Swms, version: string, attempt: number): RevisionsRead {
  const [read, setRead] = useState<RevisionsRead>({ status: 'loading' });
  const { _id: swmsId, revision } = swms;
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      getSwmsRevisions(companyId, swmsId, { signal }),
      revision > 1 ? getSwmsRevision(companyId, swmsId, revision - 1, { signal }) : Promise.resolve(null),
    ]).then(
      ([revisions, previous]) => setRead({ status: 'ready', revisions, previous }),
      () => !signal.aborted && setRead({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [companyId, swmsId, revision, version, attempt]);
  return read;
}
