import { sessionStorageKeys, type SessionStorage } from '../../machines/session-storage';
import { signedInHintCookie } from '../domain/login-page';

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
    if (key === sessionStorageKeys.accessToken) keepSignedInHint(Boolean(value));
  },
};

/**
 * Issue 11: while this browser holds a session, the portal's `GET /` is the plain page, not the login
 * page drawn in (src/domain/login-page.ts). Lax, so that a link to the portal from elsewhere (an email)
 * carries it too. Written as the session's token is stored or removed, and at start (main.tsx) for a
 * token stored before the hint existed.
 */
export function keepSignedInHint(signedIn: boolean): void {
  // Outside a browser (the session's unit tests run its implementations in Node) there is no page to tell.
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${signedInHintCookie}=${signedIn ? '1' : ''}; Path=/; Max-Age=${signedIn ? 31_536_000 : 0}; SameSite=Lax${secure}`;
}

export function storedAccessToken(): string | null {
  return localSessionStorage.get(sessionStorageKeys.accessToken);
}
