import { Profile } from '../domain/profile';
import { callForJson, type CallOptions } from './client';

export function getProfile(options: CallOptions = {}): Promise<Profile> {
  return callForJson(Profile, 'get', 'profile', options);
}
