import { decodeAccessToken } from '../../machines/access-token';
import { isTokenLive } from '../domain/token-claims';
import { awaitedByScreen } from '../ui/when-idle';
import { storedAccessToken } from './session-storage';

/**
 * Issue 11: the reads that the first screen is known to make, asked for as the app's code starts instead of once that
 * screen's own code has arrived and run (on the throttled phone, half a second later or more). The API client
 * (client.ts) answers the first request that is one of these reads, with the same token, from it; any other request
 * for that address, or one after `freshFor`, goes to the server as usual. Each is taken at most once, so a screen that
 * reads again (a retry, "Check again") always gets a fresh answer.
 */
interface EarlyRead {
  readonly authorization: string | null;
  readonly askedAt: number;
  readonly response: Promise<Response | null>;
}

/** Longer than the slowest first screen takes to ask; short enough that an answer is never served stale. */
const freshFor = 15_000;

/** The reads asked for, by their address. */
const pending = new Map<string, EarlyRead>();

/** The headers the API client sends on a read (client.ts), so that an early read is the same request. */
export const readHeaders = { 'content-type': 'application/json', accept: 'application/json' } as const;

/**
 * Asks for `GET /api/{path}` now for each path `reads` names for the person the stored token is for (null: no one),
 * with that token when it is still live, as the API client would send it.
 */
export function readEarly(reads: (signedInAs: string | null) => readonly string[], now = Date.now()): void {
  const token = storedAccessToken();
  const payload = decodeAccessToken(token);
  // A token the session is about to drop would only earn a 401: the screen's own reads go without it.
  if (token !== null && (payload === null || !isTokenLive(payload, now))) return;
  const authorization = token === null ? null : `Bearer ${token}`;
  for (const path of reads(payload?.sub ?? null)) {
    const url = new URL(`/api/${path}`, window.location.href).href;
    const response = awaitedByScreen(
      fetch(url, { headers: authorization ? { ...readHeaders, authorization } : readHeaders, credentials: 'same-origin' }).then(
        (answer) => answer,
        // A read that did not get through is asked again by the screen itself, when it asks.
        () => null,
      ),
    );
    pending.set(url, { authorization, askedAt: performance.now(), response });
  }
}

/** Never settles; rejects with the signal's reason once it aborts. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/**
 * An early read's answer for `request` when it is that read (same method, address and token), or null for the API
 * client to fetch it. Any request for an early read's address uses it up.
 */
export async function takeEarlyRead(request: Request): Promise<Response | null> {
  const early = request.method === 'GET' ? pending.get(request.url) : undefined;
  if (early === undefined) return null;
  pending.delete(request.url);
  if (request.headers.get('authorization') !== early.authorization || performance.now() - early.askedAt > freshFor || request.signal.aborted) return null;
  return Promise.race([early.response, abortion(request.signal)]);
}
