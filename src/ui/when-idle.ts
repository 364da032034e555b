/**
 * Runs `work` at the browser's next idle moment, or after `timeoutMs` at most, so that code a screen may need later
 * loads after the screen has painted. Safari has no requestIdleCallback: there it waits a moment. Answers a cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}
