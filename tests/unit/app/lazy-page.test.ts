import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyPage } from '../../../src/app/routing/lazy-page';

const Screen = () => null;

describe('lazyPage', () => {
  it('hands the router the screen picked from the loaded module', async () => {
    const route = lazyPage(async () => ({ Screen }), (module) => module.Screen);
    expect(await route()).toEqual({ Component: Screen });
  });

  it('gives up on a chunk that has not arrived within the time-out (spec §9: 120 s)', async () => {
    vi.useFakeTimers();
    try {
      const route = lazyPage(() => new Promise<{ Screen: typeof Screen }>(() => undefined), (module) => module.Screen);
      const loading = route();
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
