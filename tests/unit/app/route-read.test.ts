import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { sessionStorageKeys } from '../../../machines/session-storage';
import { ApiError, takeOrCall } from '../../../src/api/client';
import { onUnauthorised } from '../../../src/api/client-unauthorised';
import { lazyPage, loadPage, preloadPages } from '../../../src/app/routing/lazy-page';
import { startRead, takeRead, type RouteReadsAt } from '../../../src/flows/route-read/route-read';

/**
 * A route's first reads, started as its screen's code loads and taken by the screen (src/app/routing/route-read.ts).
 * Fetch and browser storage are this module's edges, played here; the screens' use of it is proven in a browser
 * (tests/e2e/route-reads.spec.ts). Each case reads its own path: the module's started reads are shared by the files of a worker.
 */
let stored: string | null;
let fetched: { url: string; authorization: string | undefined }[];
let answer: () => Promise<Response>;

beforeEach(() => {
  stored = null;
  fetched = [];
  answer = () => Promise.resolve(new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === sessionStorageKeys.accessToken ? stored : null) } });
  vi.stubGlobal('fetch', (url: string, init: { headers: Record<string, string> }) => {
    fetched.push({ url, authorization: init.headers.authorization });
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const Screen = () => null;

describe('a read a route starts', () => {
  it('is asked with the stored token, and taken once by its path', async () => {
    stored = 'a-token';
    startRead('site/one?key=k');
    expect(fetched).toEqual([{ url: '/api/site/one?key=k', authorization: 'Bearer a-token' }]);
    expect(takeRead('site/two?key=k')).toBeUndefined();
    expect(await (await takeRead('site/one?key=k'))?.json()).toEqual({ ok: true });
    expect(takeRead('site/one?key=k')).toBeUndefined();
  });

  it('goes without a token when none is stored, and is not taken once it is fifteen seconds old', () => {
    vi.useFakeTimers();
    startRead('site/stale');
    expect(fetched).toEqual([{ url: '/api/site/stale', authorization: undefined }]);
    vi.advanceTimersByTime(15_001);
    expect(takeRead('site/stale')).toBeUndefined();
  });

  it('tells the session which token a refused read carried, so a 401 for a token since renewed signs no one out', async () => {
    stored = 'the-old-token';
    answer = () => Promise.resolve(new Response('Your session has ended, please sign in again', { status: 401 }));
    startRead('site/refused');
    const refusedWith: (string | null)[] = [];
    const stop = onUnauthorised((token) => refusedWith.push(token));
    stored = 'the-renewed-token';
    await expect(takeOrCall(takeRead('site/refused'), 'site/refused')).rejects.toEqual(new ApiError('Your session has ended, please sign in again', 401));
    stop();
    expect(refusedWith).toEqual(['the-old-token']);
  });

  it('is checked as any answer by the screen, and asked afresh when it did not get through', async () => {
    answer = () => Promise.resolve(new Response('No such site', { status: 404 }));
    startRead('site/missing');
    await expect(takeOrCall(takeRead('site/missing'), 'site/missing')).rejects.toEqual(new ApiError('No such site', 404));
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    startRead('site/offline');
    const started = takeRead('site/offline');
    expect(await started).toBeNull();
  });
});

describe('a lazy page’s reads', () => {
  const routes = (reads: (at: RouteReadsAt) => void, load: () => Promise<{ Screen: typeof Screen }>): RouteObject[] => [
    { path: '/trades/:id', element: lazyPage(load, (module) => module.Screen, { reads }) },
  ];

  it('start once, as its code starts loading, with the address and who is signed in', async () => {
    const reads = vi.fn();
    const table = routes(reads, async () => ({ Screen }));
    preloadPages(table, { pathname: '/trades/p-1', search: '?from=home' }, 'p-1');
    preloadPages(table, { pathname: '/trades/p-1', search: '' }, 'p-1');
    expect(reads).toHaveBeenCalledOnce();
    const [at] = reads.mock.calls[0] as [RouteReadsAt];
    expect({ params: at.params, from: at.search.get('from'), signedInAs: at.signedInAs }).toEqual({ params: { id: 'p-1' }, from: 'home', signedInAs: 'p-1' });
  });

  it('wait while the session settles, and are left to the screen once its code has arrived', async () => {
    const reads = vi.fn();
    const table = routes(reads, async () => ({ Screen }));
    preloadPages(table, { pathname: '/trades/p-2', search: '' }, undefined);
    expect(reads).not.toHaveBeenCalled();
    preloadPages(table, { pathname: '/trades/p-2', search: '' }, null);
    expect(reads).toHaveBeenCalledOnce();

    const late = vi.fn();
    const arrived = routes(late, async () => ({ Screen }));
    preloadPages(arrived, { pathname: '/trades/p-3', search: '' }, undefined);
    await loadPage(arrived[0]?.element);
    preloadPages(arrived, { pathname: '/trades/p-3', search: '' }, 'p-3');
    expect(late).not.toHaveBeenCalled();
  });
});
