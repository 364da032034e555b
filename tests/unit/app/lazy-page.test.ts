import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyPage, loadPage } from '../../../src/app/routing/lazy-page';

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

describe('isChunkLoadError', () => {
  it('recognises how Chromium, Firefox and Safari word a chunk that failed to load, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('late'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
