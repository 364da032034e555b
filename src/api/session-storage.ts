import { sessionStorageKeys, type SessionStorage } from '../../machines/session-storage';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Spec §3 Session over localStorage: every value persists; a value set to empty is removed. */
export const localSessionStorage: SessionStorage = {
  get(key) {
    return storage()?.getItem(key) || null;
  },
  set(key, value) {
    if (value) storage()?.setItem(key, value);
    else storage()?.removeItem(key);
  },
};

export function storedAccessToken(): string | null {
  return localSessionStorage.get(sessionStorageKeys.accessToken);
}
