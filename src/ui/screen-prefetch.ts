/**
 * Issue 11: a screen's code asked for ahead of a likely tap, by the screen's address. Only the app knows which code
 * serves an address (its route tables), so it sets how (src/app/router.tsx); features and components name the address.
 * Until it has, nothing is fetched.
 */
let prefetch: (pathname: string) => Promise<unknown> = () => Promise.resolve();

export function setScreenPrefetch(how: (pathname: string) => Promise<unknown>): void {
  prefetch = how;
}

/** Fetches the code of the screen at `pathname`; a failure is left to that screen's route, which offers a reload. */
export function prefetchScreen(pathname: string): Promise<unknown> {
  return prefetch(pathname);
}
