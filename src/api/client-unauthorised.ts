/** `token` is the one the refused call sent (null when not known), so a late answer to a renewed token's call is told apart. */
type UnauthorisedListener = (token: string | null) => void;
const unauthorisedListeners = new Set<UnauthorisedListener>();

/**
 * Lets the app end the session when the server no longer accepts the token (answers 401). Apart from
 * the client so that the app listens from its first screen without loading ky (issue 11).
 */
export function onUnauthorised(listener: UnauthorisedListener): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

export function reportUnauthorised(token: string | null): void {
  for (const listener of unauthorisedListeners) listener(token);
}
