/** The HTTP status a failed call answered (src/api's `ApiError.status`); null for a network failure or any other error. */
export function httpStatusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/**
 * Why a record named by an id in the address is not shown (issue 13 §2): `notFound` (a malformed id
 * answers 400, an unknown one 404), `notAllowed` (403: another company's, or not for this role), or
 * `failed` (anything else: the server or the network, worth trying again).
 */
export type LoadProblem = 'notFound' | 'notAllowed' | 'failed';

/** The one decision every detail page makes from a failed read. */
export function loadProblemOf(error: unknown): LoadProblem {
  const status = httpStatusOf(error);
  if (status === 400 || status === 404) return 'notFound';
  if (status === 403) return 'notAllowed';
  return 'failed';
}

/** A call that got no answer at all: the network failed it (fetch's TypeError) or it timed out, as on a weak signal. */
export function gotNoAnswer(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}
