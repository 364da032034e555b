import { fromPromise } from 'xstate';
import { providers, type Provider } from '../src/domain/token-claims';

/** Spec §9 stored client values, under the keys the product has always used. */
export const sessionStorageKeys = {
  provider: 'signInWith',
  authCode: 'authCode',
  accessToken: 'accessToken',
  inviteCode: 'invitationCode',
} as const;

export type SessionStorageKey = (typeof sessionStorageKeys)[keyof typeof sessionStorageKeys];

/**
 * Browser storage as the session sees it. Spec §3: a value set to empty is removed, so `set(key, '')`
 * and `set(key, null)` must delete the key. The app implements it over localStorage.
 */
export interface SessionStorage {
  get(key: SessionStorageKey): string | null;
  set(key: SessionStorageKey, value: string | null): void;
}

export interface StoredSession {
  provider: Provider | null;
  authCode: string | null;
  accessToken: string | null;
  inviteCode: string | null;
}

export interface PersistParams {
  key: SessionStorageKey;
  value: string | null;
}

/** The value to write, or null when the key must be removed (empty means absent). */
export function storedValue(value: string | null | undefined): string | null {
  return value ? value : null;
}

function asProvider(value: string | null): Provider | null {
  return providers.find((provider) => provider === value) ?? null;
}

export function readStoredSession(storage: SessionStorage): StoredSession {
  return {
    provider: asProvider(storage.get(sessionStorageKeys.provider)),
    authCode: storedValue(storage.get(sessionStorageKeys.authCode)),
    accessToken: storedValue(storage.get(sessionStorageKeys.accessToken)),
    inviteCode: storedValue(storage.get(sessionStorageKeys.inviteCode)),
  };
}

/** What browser storage holds for a session: every key, null meaning "not stored". */
export function persistedEntries(session: StoredSession): Record<SessionStorageKey, string | null> {
  return {
    [sessionStorageKeys.provider]: storedValue(session.provider),
    [sessionStorageKeys.authCode]: storedValue(session.authCode),
    [sessionStorageKeys.accessToken]: storedValue(session.accessToken),
    [sessionStorageKeys.inviteCode]: storedValue(session.inviteCode),
  } as Record<SessionStorageKey, string | null>;
}

/** The session machine's storage actor and action over one SessionStorage (the app passes localStorage's). */
export function sessionStorageImplementations(storage: SessionStorage) {
  return {
    loadStored: fromPromise<StoredSession>(async () => readStoredSession(storage)),
    persist: (_: unknown, { key, value }: PersistParams) => storage.set(key, storedValue(value)),
  };
}
