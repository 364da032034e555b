import type { AcceptInvite } from '../domain/invite';
import { TokenResponse } from '../domain/token';
import { callForJson, type CallOptions } from './client';

export function acceptInvite(request: AcceptInvite, options: CallOptions = {}): Promise<TokenResponse> {
  return callForJson(TokenResponse, 'post', 'user/accept', { ...options, json: request });
}
