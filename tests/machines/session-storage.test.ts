import { describe, expect, test } from 'vitest';
import { createActor, toPromise } from 'xstate';
import {
  persistedEntries,
  readStoredSession,
  sessionStorageImplementations,
  sessionStorageKeys,
  storedValue,
} from '../../machines/session-storage';
import { MemorySessionStorage } from './session-fixtures';

describe('session storage', () => {
  test('uses the spec §9 keys', () => {
    expect(Object.values(sessionStorageKeys)).toEqual(['signInWith', 'authCode', 'accessToken', 'invitationCode']);
  });

  test('an empty value means the key is absent', () => {
    expect(storedValue('')).toBeNull();
    expect(storedValue(null)).toBeNull();
    expect(storedValue(undefined)).toBeNull();
    expect(storedValue('abc')).toBe('abc');
  });

  test('reads every stored value, ignoring an unknown provider', () => {
    const storage = new MemorySessionStorage({ signInWith: 'myspace', authCode: 'code', accessToken: 'token', invitationCode: 'invite' });
    expect(readStoredSession(storage)).toEqual({ provider: null, authCode: 'code', accessToken: 'token', inviteCode: 'invite' });
    storage.set('signInWith', 'apple');
    expect(readStoredSession(storage).provider).toBe('apple');
  });

  test('maps a session to the values storage should hold', () => {
    expect(persistedEntries({ provider: 'google', authCode: null, accessToken: 't', inviteCode: '' })).toEqual({
      signInWith: 'google',
      authCode: null,
      accessToken: 't',
      invitationCode: null,
    });
  });

  test('the storage implementations read with loadStored and remove emptied keys with persist', async () => {
    const storage = new MemorySessionStorage({ authCode: 'code', invitationCode: 'invite' });
    const { loadStored, persist } = sessionStorageImplementations(storage);
    const loaded = await toPromise(createActor(loadStored).start());
    expect(loaded).toEqual({ provider: null, authCode: 'code', accessToken: null, inviteCode: 'invite' });

    persist(undefined, { key: 'authCode', value: '' });
    persist(undefined, { key: 'invitationCode', value: null });
    persist(undefined, { key: 'signInWith', value: 'google' });
    expect(storage.contents()).toEqual({ signInWith: 'google' });
  });
});
