import type { Params } from 'react-router-dom';
import * as session from '../../../machines/session.selectors';
import { plainRead } from '../../api/plain-read';

/**
 * Who a route's reads are for: the signed-in person's id, null for a visitor holding no session, or undefined while the
 * session is still settling (a token being renewed, or one the portal could not renew): then the screen reads itself.
 */
export type RouteReader = string | null | undefined;

export function routeReader(snapshot: session.SessionSnapshot): RouteReader {
  if (!session.isInitialised(snapshot) || session.isBusy(snapshot) || session.isStale(snapshot)) return undefined;
  return session.isSignedIn(snapshot) ? session.userId(snapshot) : null;
}

/** Where a route starts its reads (lazyPage's `reads`): the address's parameters and query, and who is signed in. */
export interface RouteReadsAt {
  readonly params: Params;
  readonly search: URLSearchParams;
  readonly signedInAs: string | null;
}

/** Longer than the slowest first screen takes to arrive and ask; short enough that an answer is never served stale. */
const freshForMs = 15_000;

const started = new Map<string, { readonly at: number; readonly answer: Promise<Response | null> }>();

/**
 * Starts `GET /api/{path}` as a route's screen's code loads, so that on a first visit the answer and the code come down
 * together rather than one after the other. Asked with fetch alone, so the login page's code carries none of the API
 * client.
 */
export function startRead(path: string): void {
  started.set(path, { at: performance.now(), answer: plainRead(path) });
}

/**
 * The answer to a read its route started for `path`, taken once (a retry or a later visit reads afresh); undefined when
 * none was started, or it is too old. The screen checks it as any answer (takeOrCall, src/api/client.ts).
 */
export function takeRead(path: string): Promise<Response | null> | undefined {
  const read = started.get(path);
  started.delete(path);
  return read !== undefined && performance.now() - read.at <= freshForMs ? read.answer : undefined;
}
