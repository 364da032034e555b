import { InviteResponse } from '../domain/invite';
import { callForJson, type CallOptions } from './client';

/** Spec §7 POST user/invite/{userRoleId}: a new code; the old one stops working (DESIGN.md). */
export function resendInvite(userRoleId: string, options: CallOptions = {}): Promise<InviteResponse> {
  return callForJson(InviteResponse, 'post', `user/invite/${encodeURIComponent(userRoleId)}`, options);
}
