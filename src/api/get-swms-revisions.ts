import { Schema } from 'effect';
import { Swms, SwmsRevisionSummary } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

const SwmsRevisions = Schema.Array(SwmsRevisionSummary);

const swmsPath = (companyId: string, swmsId: string) => `company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}`;

/** Issue 57 GET company/{id}/swms/{swmsId}/revisions: each revision's number, time and author, oldest first. */
export function getSwmsRevisions(companyId: string, swmsId: string, options: CallOptions = {}): Promise<readonly SwmsRevisionSummary[]> {
  return callForJson(SwmsRevisions, 'get', `${swmsPath(companyId, swmsId)}/revisions`, options);
}

/** Issue 57 GET company/{id}/swms/{swmsId}/revisions/{n}: the SWMS as revision n wrote it. */
export function getSwmsRevision(companyId: string, swmsId: string, revision: number, options: CallOptions = {}): Promise<Swms> {
  return callForJson(Swms, 'get', `${swmsPath(companyId, swmsId)}/revisions/${revision}`, options);
}
