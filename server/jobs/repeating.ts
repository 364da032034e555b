export interface RepeatingJob {
  /** Starts a run now, or joins the one under way; resolves when it ends (a failure is reported, not thrown). */
  run(): Promise<void>;
  /** No run starts after this; resolves once a run under way has ended, so what it uses can then be closed. */
  stop(): Promise<void>;
}

export interface RepeatingTiming {
  /** Milliseconds between runs. */
  readonly everyMs: number;
  /** Milliseconds before the first timed run; `everyMs` unless given. */
  readonly firstMs?: number;
}

/**
 * The portal's background work (the midnight check-out, the review digests, the embedded database's maintenance):
 * `task` runs after `firstMs` and then every `everyMs`, one run at a time (a tick that finds a run under way is
 * skipped), never keeping the process alive. A failed run goes to `report` and the next one still runs.
 */
export function repeating(task: () => Promise<unknown>, timing: RepeatingTiming, report: (error: unknown) => void): RepeatingJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  let every: NodeJS.Timeout | undefined;
  const run = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    running ??= Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => {
          report(error);
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const startEvery = () => {
    every = setInterval(() => void run(), timing.everyMs).unref();
  };
  // Without a first delay, one interval timer and nothing else (the midnight check-out's test fakes only that).
  let first: NodeJS.Timeout | undefined;
  if (timing.firstMs === undefined) startEvery();
  else
    first = setTimeout(() => {
      void run();
      startEvery();
    }, timing.firstMs).unref();
  return {
    run,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
