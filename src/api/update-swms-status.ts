import { Swms, type ReviewStatus, type SwmsCommentPart } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

export interface SwmsStatusInput {
  readonly swmsId: string;
  readonly status: ReviewStatus;
  /** With 'changesRequested': what needs to change (required) and the part it is about. */
  readonly comment?: string;
  readonly part?: SwmsCommentPart;
}

/** PUT company/{id}/swms with one SWMS: sets, clears or requests changes on the caller's own review flag; answers the updated SWMS. */
export function updateSwmsStatus(companyId: string, input: SwmsStatusInput, options: CallOptions = {}): Promise<Swms> {
  return callForJson(Swms, 'put', `company/${encodeURIComponent(companyId)}/swms`, {
    ...options,
    json: {
      swmsId: input.swmsId,
      status: input.status,
      ...(input.comment === undefined ? {} : { comment: input.comment }),
      ...(input.part === undefined ? {} : { part: input.part }),
    },
  });
}
