import { InviteResponse, type InviteInput } from '../domain/invite';
import { callForJson, type CallOptions } from './client';

export function inviteUser(input: InviteInput, options: CallOptions = {}): Promise<InviteResponse> {
  return callForJson(InviteResponse, 'post', 'user/invite', { ...options, json: input });
}
