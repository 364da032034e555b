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

/**
 * Whether a failure means the database could not be reached (restart, failover, network), as opposed
 * to a query it refused: those calls answer 503 and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    if (oneUnavailable(current)) return true;
    seen.add(current);
    const nested = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(nested) && nested.some(oneUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
