import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type WhenIdle = typeof import('../../../src/ui/when-idle');

/**
 * Issue 11: code a screen may need later waits for the screen's own code and reads, then for an idle moment
 * (src/ui/when-idle.ts). The browser's idle callback is this module's edge, played here by a timer.
 */
let awaitedByScreen: WhenIdle['awaitedByScreen'];
let whenIdle: WhenIdle['whenIdle'];

beforeEach(async () => {
  // A module of its own for each case: what other files' screens left awaited is theirs (the workers share modules).
  vi.resetModules();
  ({ awaitedByScreen, whenIdle } = (await import('../../../src/ui/when-idle')) as WhenIdle);
  vi.useFakeTimers();
  vi.stubGlobal('window', {
    requestIdleCallback: (work: () => void) => setTimeout(work, 5),
    cancelIdleCallback: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    setTimeout,
    clearTimeout,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function deferred() {
  let resolve = () => undefined as void;
  let reject = (_: Error) => undefined as void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('work due when the browser is idle', () => {
  it('runs at the next idle moment when the screen waits for nothing', async () => {
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5);
    expect(work).toHaveBeenCalledOnce();
  });

  it('waits for the screen’s reads and code, answered or failed, then for an idle moment', async () => {
    const read = deferred();
    const code = deferred();
    void awaitedByScreen(read.promise);
    awaitedByScreen(code.promise).catch(() => undefined);
    const work = vi.fn();
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();
    read.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();
    code.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(4);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('starts after ten seconds however long the screen keeps waiting', async () => {
    const stuck = deferred();
    void awaitedByScreen(stuck.promise);
    const work = vi.fn();
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_010);
    expect(work).toHaveBeenCalledOnce();
    stuck.resolve();
  });

  it('does nothing once cancelled, waiting or not', async () => {
    const read = deferred();
    void awaitedByScreen(read.promise);
    const waiting = vi.fn();
    const cancelWaiting = whenIdle(waiting);
    await vi.advanceTimersByTimeAsync(10);
    cancelWaiting();
    read.resolve();
    const idle = vi.fn();
    whenIdle(idle)();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(waiting).not.toHaveBeenCalled();
    expect(idle).not.toHaveBeenCalled();
  });
});
