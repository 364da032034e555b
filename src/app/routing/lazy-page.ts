import { createElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { awaitedByScreen } from '../../ui/when-idle';

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

/** Each lazy screen's loads: once for its visits (with the time-out, kept), and afresh for a prefetch (not kept). */
const pages = new WeakMap<object, { readonly once: () => Promise<LoadedPage>; readonly afresh: () => Promise<unknown> }>();

/**
 * A route's screen, loaded on first visit (issue 11: the first screen carries only its own code). The
 * element renders the screen once its module has arrived; until then the nearest Suspense shows.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, timeoutMs = chunkLoadTimeoutMs): ReactElement {
  let loading: Promise<LoadedPage> | undefined;
  const loadOnce = () => {
    loading ??= new Promise<M>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`The page did not load within ${timeoutMs / 1000} seconds`)), timeoutMs);
      // Code the screen may need later waits until the screen's own has arrived (when-idle.ts).
      awaitedByScreen(load()).then(resolve, reject).finally(() => clearTimeout(timer));
    }).then((module) => ({ default: pick(module) }));
    return loading;
  };
  const element = createElement(lazy(loadOnce));
  pages.set(element, { once: loadOnce, afresh: load });
  return element;
}

/**
 * Starts loading a lazy page's module, or answers the one already loading: the router starts every
 * screen a location matches at once, so that nested screens do not wait for one another.
 */
export function loadPage(element: ReactNode): Promise<LoadedPage> | undefined {
  return element !== null && typeof element === 'object' ? pages.get(element)?.once() : undefined;
}

/** The lazy screens a route table matches for a location. */
function matchedPages(routes: RouteObject[], location: Pick<Location, 'pathname'>) {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const page = route.element !== null && typeof route.element === 'object' ? pages.get(route.element) : undefined;
    return page ? [page] : [];
  });
}

/** Starts loading every lazy screen a route table matches for a location (a failure shows when the screen renders). */
export function preloadPages(routes: RouteObject[], location: Pick<Location, 'pathname'>): void {
  for (const page of matchedPages(routes, location)) void page.once().catch(() => undefined);
}

/**
 * Fetches the code of every lazy screen a route table matches for a location, ahead of a visit (src/ui/screen-prefetch.ts).
 * Unlike `preloadPages`, a failure here is not kept: the visit itself asks again.
 */
export function prefetchPages(routes: RouteObject[], location: Pick<Location, 'pathname'>): Promise<unknown> {
  return Promise.all(matchedPages(routes, location).map((page) => page.afresh()));
}

/** The screen a route table picks for the current location; every lazy screen it matches starts loading at once. */
export function useLazyRoutes(routes: RouteObject[]): ReactElement | null {
  const location = useLocation();
  preloadPages(routes, location);
  return useRoutes(routes, location);
}
