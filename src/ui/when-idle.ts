/**
 * Runs `work` once the browser is idle after the current screen has painted (issue 11: code a screen
 * may need later loads then, not before the screen shows). Answers a function that cancels it.
 * Safari has no requestIdleCallback: there it waits a moment instead.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}
