import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeating } from '../../../server/jobs/repeating';

/** The background jobs' timer: first delay, interval, one run at a time, failures reported, stop waits. */
describe('repeating', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  };

  it('runs first after its delay, then at each interval, and never after stop', async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => undefined);
    const job = repeating(task, { firstMs: 50, everyMs: 1_000 }, () => undefined);
    await vi.advanceTimersByTimeAsync(49);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(task).toHaveBeenCalledTimes(5);
    await job.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    await job.run();
    expect(task).toHaveBeenCalledTimes(5);
  });

  it('waits an interval before its first run when no delay is given', async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => undefined);
    const job = repeating(task, { everyMs: 500 }, () => undefined);
    await vi.advanceTimersByTimeAsync(499);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('keeps to one run at a time: a tick or a call during a run joins it', async () => {
    vi.useFakeTimers();
    const gate = deferred();
    const task = vi.fn(() => gate.promise);
    const job = repeating(task, { firstMs: 10, everyMs: 10 }, () => undefined);
    const now = job.run();
    expect(job.run()).toBe(now);
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
    gate.resolve();
    await now;
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('reports a failed run and runs again at the next interval', async () => {
    vi.useFakeTimers();
    const failures: unknown[] = [];
    const task = vi.fn(async () => {
      throw new Error(`run ${task.mock.calls.length}`);
    });
    const job = repeating(task, { firstMs: 10, everyMs: 10 }, (error) => failures.push(error));
    await vi.advanceTimersByTimeAsync(30);
    await expect(job.run()).resolves.toBeUndefined();
    expect(failures.map(String)).toEqual(['Error: run 1', 'Error: run 2', 'Error: run 3', 'Error: run 4']);
    await job.stop();
  });

  it('stop resolves only once the run under way has ended', async () => {
    const gate = deferred();
    const job = repeating(() => gate.promise, { everyMs: 60_000 }, () => undefined);
    void job.run();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });
});
