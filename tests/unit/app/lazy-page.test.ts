import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { ChunkLoadError, isChunkLoadError, lazyPage, loadPage, prefetchPages } from '../../../src/app/routing/lazy-page';

const Screen = () => null;

describe('lazyPage', () => {
  it('renders the screen picked from the loaded module, fetched once however often it is asked for', async () => {
    const load = vi.fn(async () => ({ Screen }));
    const page = lazyPage(load, (module) => module.Screen);
    expect(await loadPage(page)).toEqual({ default: Screen });
    await loadPage(page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('has nothing to load for an element that is not a lazy page', () => {
    expect(loadPage(null)).toBeUndefined();
    expect(loadPage(createElement(Screen))).toBeUndefined();
  });

  it('gives up on a chunk that has not arrived within the time-out (spec §9: 120 s)', async () => {
    vi.useFakeTimers();
    try {
      const page = lazyPage(() => new Promise<{ Screen: typeof Screen }>(() => undefined), (module) => module.Screen);
      const loading = loadPage(page);
      const failed = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
      await vi.advanceTimersByTimeAsync(120_000);
      await failed;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('prefetchPages', () => {
  it('fetches the screens a route table matches for an address ahead of a visit, and keeps no failure for the visit', async () => {
    let fails = true;
    const load = vi.fn(async () => {
      if (fails) throw new TypeError('Failed to fetch dynamically imported module');
      return { Screen };
    });
    const other = vi.fn(async () => ({ Screen }));
    const routes: RouteObject[] = [
      { path: '/site/:siteId/swms/new', element: lazyPage(load, (module) => module.Screen) },
      { path: '/trades/:id', element: lazyPage(other, (module) => module.Screen) },
    ];
    await expect(prefetchPages(routes, { pathname: '/site/abc/swms/new' })).rejects.toThrow('Failed to fetch');
    expect(other).not.toHaveBeenCalled();
    // The visit asks again, and gets the screen.
    fails = false;
    expect(await loadPage(routes[0]?.element)).toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(2);
    await prefetchPages(routes, { pathname: '/nowhere' });
    expect(other).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('recognises how Chromium, Firefox and Safari word a chunk that failed to load, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('late'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
