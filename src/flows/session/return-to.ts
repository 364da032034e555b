import { checkInReturnPath } from '../../domain/check-in-page';
import { returnToParam } from '../../domain/login-page';

const returnToKey = 'returnTo';

/** A deep link that bounced to / is kept for the tab's lifetime, then used once after sign-in. */
export function rememberReturnTo(path: string): void {
  try {
    window.sessionStorage.setItem(returnToKey, path);
  } catch {
    // Without session storage the user simply lands on their default page.
  }
}

function readReturnTo(): string | null {
  try {
    return window.sessionStorage.getItem(returnToKey) || null;
  } catch {
    return null;
  }
}

export function clearReturnTo(): void {
  try {
    window.sessionStorage.removeItem(returnToKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * Issue 11: a sign-in started by the drawn check-in page's form comes back with that page beside `?code=`
 * (`returnToParam`); it is remembered as the app's own sign-in remembers it, then read as ever. Only a check-in page.
 */
export function readReturnToAfterSignIn(params: URLSearchParams): string | null {
  const carried = checkInReturnPath(params.get(returnToParam));
  if (carried) rememberReturnTo(carried);
  return readReturnTo();
}
