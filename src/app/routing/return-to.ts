const returnToKey = 'returnTo';

/** A deep link that bounced to / is kept for the tab's lifetime, then used once after sign-in. */
export function rememberReturnTo(path: string): void {
  try {
    window.sessionStorage.setItem(returnToKey, path);
  } catch {
    // Without session storage the user simply lands on their default page.
  }
}

export function readReturnTo(): string | null {
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
