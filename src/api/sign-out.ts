import { call, type CallOptions } from './client';

export async function signOut(options: CallOptions = {}): Promise<void> {
  await call('post', 'auth/logout', { ...options, json: {} });
}
