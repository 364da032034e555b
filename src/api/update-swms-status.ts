import { Swms, type ReviewStatus } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

export interface SwmsStatusInput {
  readonly swmsId: string;
  readonly status: ReviewStatus;
}

/** PUT company/{id}/swms with one SWMS: sets or clears the caller's own review flag; answers the updated SWMS. */
export function updateSwmsStatus(companyId: string, input: SwmsStatusInput, options: CallOptions = {}): Promise<Swms> {
  return callForJson(Swms, 'put', `company/${encodeURIComponent(companyId)}/swms`, {
    ...options,
    json: { swmsId: input.swmsId, status: input.status },
  });
}
