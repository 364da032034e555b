import { Profile, type ProfileUpdate } from '../domain/profile';
import { callForJson, type CallOptions } from './client';

export function updateProfile(update: ProfileUpdate, options: CallOptions = {}): Promise<Profile> {
  return callForJson(Profile, 'put', 'profile', { ...options, json: update });
}
