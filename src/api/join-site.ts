import type { JoinSiteRequest } from '../domain/site-visit';
import { TokenResponse } from '../domain/token';
import { callForJson, type CallOptions } from './client';

/** POST site/{siteId}/join {key}: a signed-in user with no role becomes a TradesPerson; answers a fresh token (issue 10). */
export function joinSite(siteId: string, request: JoinSiteRequest, options: CallOptions = {}): Promise<TokenResponse> {
  return callForJson(TokenResponse, 'post', `site/${encodeURIComponent(siteId)}/join`, { ...options, json: request });
}
