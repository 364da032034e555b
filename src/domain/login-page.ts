import type { Provider } from './token-claims';

/**
 * Issue 11: the portal answers a signed-out visitor's `GET /` with the login page already drawn into
 * the app's page (the build's `loginPageFile`, vite.config.ts), so it shows, and its buttons work,
 * before the app's code has arrived. The app keeps `signedInHintCookie` set while it holds a session,
 * so that a signed-in visitor's `GET /` is the plain page: it never shows the login page on the way to
 * their home. The cookie carries no secret and grants nothing; the session is still the app's token.
 */
export const signedInHintCookie = 'portal_signed_in';

/** The build's copy of index.html with the login page drawn in. */
export const loginPageFile = 'login-page.html';

/** Where a sign-in with `provider` starts: the app goes there, and so does the drawn-in page's form without it. */
export const signInPath = (provider: Provider) => `/api/auth/login/${provider}`;

/**
 * Where a sign-in started on a check-in page comes back to (src/domain/check-in-page.ts), by the drawn page's form or the
 * app's own buttons: sent with the sign-in's start, carried through the identity provider by the server, and handed
 * back to the app beside `?code=`.
 */
export const returnToParam = 'returnTo';

/** A sign-in's start as the app goes there: with the page it comes back to, when there is one (the drawn form sends it as a field). */
export const signInAddress = (provider: Provider, returnTo: string | null) =>
  returnTo === null ? signInPath(provider) : `${signInPath(provider)}?${new URLSearchParams({ [returnToParam]: returnTo })}`;
