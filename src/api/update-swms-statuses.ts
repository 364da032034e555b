import { SwmsBulkResult, SwmsMatchingResult, type BulkReviewStatus, type SwmsMatching } from '../domain/swms';
import { callForJson, type CallOptions } from './client';

export type SwmsBulkTarget =
  | { readonly mode: 'ids'; readonly ids: readonly string[] }
  | { readonly mode: 'allMatching'; readonly matching: SwmsMatching; readonly excludedIds: readonly string[] };

/**
 * PUT company/{id}/swms, the bulk review: ticked ids (`{ swmsIds }`), or every SWMS matching the list's
 * search and filter but the excluded ones (`{ matching, excludedIds }`). The caller's role picks the flag.
 */
export function updateSwmsStatuses(
  companyId: string,
  status: BulkReviewStatus,
  target: SwmsBulkTarget,
  options: CallOptions = {},
): Promise<SwmsBulkResult | SwmsMatchingResult> {
  const path = `company/${encodeURIComponent(companyId)}/swms`;
  if (target.mode === 'ids') return callForJson(SwmsBulkResult, 'put', path, { ...options, json: { swmsIds: target.ids, status } });
  return callForJson(SwmsMatchingResult, 'put', path, {
    ...options,
    json: { matching: target.matching, excludedIds: target.excludedIds, status },
  });
}
