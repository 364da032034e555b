import { InvitationView } from '../domain/invite';
import { callForJson, type CallOptions } from './client';

export function getInvitation(inviteCode: string, options: CallOptions = {}): Promise<InvitationView> {
  return callForJson(InvitationView, 'get', `user/invite/${encodeURIComponent(inviteCode)}`, options);
}
