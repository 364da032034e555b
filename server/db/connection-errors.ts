/** Shown when a call fails because the database is restarting or failing over; the SPA offers to try again. */
export const databaseUnavailableMessage = 'The portal cannot reach its database just now. Please try again in a moment.';

/** Seconds a client should wait before trying again (Retry-After). */
export const retryAfterSeconds = 5;

// SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection_exception.
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const lostConnection = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

function oneUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || unavailableStates.has(code) || networkCodes.has(code))) return true;
  return typeof message === 'string' && lostConnection.test(message);
}

/** Whether `error`, its causes or the errors it gathers (an AggregateError's) include one that `test` picks. */
function anyWithin(error: unknown, test: (one: unknown) => boolean): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    if (test(current)) return true;
    seen.add(current);
    const nested = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(nested) && nested.some(test)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a failure means the database could not be reached (restart, failover, network), as opposed
 * to a query it refused: those calls answer 503 and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyWithin(error, oneUnavailable);
}

/** Shown when the server cancelled a call's statement (its statement timeout, or an operator's cancel). */
export const tookTooLongMessage = 'The portal took too long to answer. Please try again in a moment.';

/**
 * Whether the server cancelled the statement (SQLSTATE 57014: the statement timeout, or pg_cancel_backend). Such a
 * call answers 504: not 503, which the SPA tries again at once, for the same statement would most likely run as long.
 */
export function isStatementCancelled(error: unknown): boolean {
  return anyWithin(error, (one) => typeof one === 'object' && one !== null && (one as { code?: unknown }).code === '57014');
}
