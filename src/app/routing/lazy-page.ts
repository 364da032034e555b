import { createElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Session } from '../../flows/session/session-context';
import { routeReader, type RouteReader, type RouteReadsAt } from '../../flows/route-read/route-read';

/** Spec §9: a chunk that has not loaded after 120 seconds counts as failed (the route error offers a reload). */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Browsers word a failed dynamic import differently; a deploy that removed the old chunks reads like this. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(message);
}

type LoadedPage = { default: ComponentType };

interface Page {
  /** Loads the screen for its visits, once, with the time-out; the loading is kept. */
  readonly once: () => Promise<LoadedPage>;
  /** Loads it afresh for a prefetch, not kept. */
  readonly afresh: () => Promise<unknown>;
  /** Starts the route's reads, once, while its code is still to arrive. */
  readonly startReads: (at: RouteReadsAt) => void;
}

const pages = new WeakMap<object, Page>();

export interface LazyPageOptions {
  /** The reads the screen makes first, started as its code starts loading (route-read.ts). */
  readonly reads?: (at: RouteReadsAt) => void;
  readonly timeoutMs?: number;
}

/**
 * A route's screen, loaded on first visit (issue 11: the first screen carries only its own code). The
 * element renders the screen once its module has arrived; until then the nearest Suspense shows.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, { reads, timeoutMs = chunkLoadTimeoutMs }: LazyPageOptions = {}): ReactElement {
  let loading: Promise<LoadedPage> | undefined;
  let arrived = false;
  let readsDue = reads !== undefined;
  const loadOnce = () => {
    loading ??= new Promise<M>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`The page did not load within ${timeoutMs / 1000} seconds`)), timeoutMs);
      load().then(resolve, reject).finally(() => clearTimeout(timer));
    }).then((module) => {
      arrived = true;
      return { default: pick(module) };
    });
    return loading;
  };
  const startReads = (at: RouteReadsAt) => {
    // Once the code is here the screen reads at once itself.
    if (readsDue && !arrived) reads?.(at);
    readsDue = false;
  };
  const element = createElement(lazy(loadOnce));
  pages.set(element, { once: loadOnce, afresh: load, startReads });
  return element;
}

/**
 * Starts loading a lazy page's module, or answers the one already loading: the router starts every
 * screen a location matches at once, so that nested screens do not wait for one another.
 */
export function loadPage(element: ReactNode): Promise<LoadedPage> | undefined {
  return element !== null && typeof element === 'object' ? pages.get(element)?.once() : undefined;
}

/** The lazy screens a route table matches for a location, with the parameters each matched. */
function matchedPages(routes: RouteObject[], location: Pick<Location, 'pathname'>) {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route, params }) => {
    const page = route.element !== null && typeof route.element === 'object' ? pages.get(route.element) : undefined;
    return page ? [{ page, params }] : [];
  });
}

/**
 * Starts loading every lazy screen a route table matches for a location (a failure shows when the screen renders), and,
 * once it is known who is signed in, the reads of those whose code is still on its way.
 */
export function preloadPages(routes: RouteObject[], location: Pick<Location, 'pathname' | 'search'>, reader: RouteReader): void {
  for (const { page, params } of matchedPages(routes, location)) {
    if (reader !== undefined) page.startReads({ params, search: new URLSearchParams(location.search), signedInAs: reader });
    void page.once().catch(() => undefined);
  }
}

/**
 * Fetches the code of every lazy screen a route table matches for a location, ahead of a visit (src/ui/screen-prefetch.ts).
 * Unlike `preloadPages`, a failure here is not kept: the visit itself asks again.
 */
export function prefetchPages(routes: RouteObject[], location: Pick<Location, 'pathname'>): Promise<unknown> {
  return Promise.all(matchedPages(routes, location).map(({ page }) => page.afresh()));
}

/** The screen a route table picks for the current location; every lazy screen it matches starts loading at once. */
export function useLazyRoutes(routes: RouteObject[]): ReactElement | null {
  const location = useLocation();
  preloadPages(routes, location, Session.useSelector(routeReader));
  return useRoutes(routes, location);
}
