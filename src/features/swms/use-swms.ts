import { getSwms } from '../../api/get-swms';
import { getSwmsRevision } from '../../api/get-swms-revisions';
import { recordRead, useRecordRead, type RecordRead } from '../../components/record-read/use-record-read';
import type { Swms } from '../../domain/swms';

interface SwmsAddress {
  readonly companyId: string;
  readonly swmsId: string;
}

/** Spec §2: no data reads as 'You are not authorised to view this SWMS', as another company's SWMS does (403). */
const swmsRead = recordRead<Swms, SwmsAddress>((input, signal) => getSwms(input.companyId, input.swmsId, { signal }));

/** GET company/{companyId}/swms/{swmsId} once per visit; key the caller by the address. */
export function useSwms(companyId: string, swmsId: string): RecordRead<Swms> {
  return useRecordRead(swmsRead, { companyId, swmsId });
}

const revisionRead = recordRead<Swms, SwmsAddress & { readonly revision: number }>((input, signal) =>
  getSwmsRevision(input.companyId, input.swmsId, input.revision, { signal }),
);

/** Issue 57 GET company/{companyId}/swms/{swmsId}/revisions/{n} once per visit; key the caller by the address. */
export function useSwmsRevisionRead(companyId: string, swmsId: string, revision: number): RecordRead<Swms> {
  return useRecordRead(revisionRead, { companyId, swmsId, revision });
}
