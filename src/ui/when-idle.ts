/**
 * What the current screen is still waiting for: its code (a lazy page) and its reads (the API client). Code that a
 * screen may need later waits for these (issue 11): on the throttled phone, the outbox's, the toaster's and the
 * menu's code, fetched whenever the main thread was idle, had been fetched while the screen waited on the network,
 * sharing the phone's link with the very files and answers the screen needed.
 */
let awaited = 0;
const quietListeners = new Set<() => void>();

/** Counts `pending` as something the current screen waits for until it settles; answers it unchanged. */
export function awaitedByScreen<T>(pending: Promise<T>): Promise<T> {
  awaited += 1;
  const settled = () => {
    awaited -= 1;
    if (awaited > 0) return;
    for (const listener of [...quietListeners]) listener();
  };
  pending.then(settled, settled);
  return pending;
}

/** Runs `listener` once nothing the screen waits for is pending (at once when nothing is). Answers a cancel. */
function whenQuiet(listener: () => void): () => void {
  if (awaited === 0) {
    listener();
    return () => undefined;
  }
  const once = () => {
    quietListeners.delete(once);
    listener();
  };
  quietListeners.add(once);
  return () => quietListeners.delete(once);
}

/** The main thread's next idle moment, or `timeoutMs` at most. Safari has no requestIdleCallback: there it waits a moment. */
function idleMoment(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}

/** However long the screen keeps waiting, work due when it is idle starts after this. */
const longestWait = 10_000;

/**
 * Runs `work` once the current screen has its code and its reads (`awaitedByScreen`) and the browser is idle after
 * painting it (issue 11: code a screen may need later loads then, not before the screen shows). Answers a function
 * that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  const giveUpAt = Date.now() + longestWait;
  let cancelStep = () => undefined as void;
  const step = () => {
    cancelStep = idleMoment(() => {
      if (awaited === 0 || Date.now() >= giveUpAt) {
        work();
        return;
      }
      // Quiet again, or out of patience, whichever comes first: then the next idle moment.
      const next = () => {
        stopListening();
        window.clearTimeout(timer);
        step();
      };
      const stopListening = whenQuiet(next);
      const timer = window.setTimeout(next, giveUpAt - Date.now());
      cancelStep = () => {
        stopListening();
        window.clearTimeout(timer);
      };
    }, timeoutMs);
  };
  step();
  return () => cancelStep();
}
