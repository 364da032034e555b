import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/ui/when-idle';

/** Code a screen may need later loads at an idle moment (src/ui/when-idle.ts). The browser's idle callback is this module's edge, played by a timer. */
const idleCallbacks = {
  requestIdleCallback: (work: () => void, options: { timeout: number }) => setTimeout(work, Math.min(5, options.timeout)),
  cancelIdleCallback: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('work due when the browser is idle', () => {
  it('runs at the next idle moment, once', async () => {
    vi.stubGlobal('window', { ...idleCallbacks, setTimeout, clearTimeout });
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5);
    expect(work).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).toHaveBeenCalledOnce();
  });

  it('waits a moment where the browser has no idle callback (Safari)', async () => {
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const work = vi.fn();
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(199);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled, with an idle callback or without', async () => {
    vi.stubGlobal('window', { ...idleCallbacks, setTimeout, clearTimeout });
    const idle = vi.fn();
    whenIdle(idle)();
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const later = vi.fn();
    whenIdle(later)();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(idle).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });
});
