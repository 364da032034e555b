/** The browser's own words for a call that never got an answer ('Failed to fetch', a timeout): not for people. */
const noAnswer = (error: Error) => error instanceof TypeError || error.name === 'TimeoutError' || error.name === 'AbortError';

/**
 * Spec §8: a failed call's message is the response text; a JSON body `{ message }` gives its message.
 * An error without text, or a call that got no answer at all, gets the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const text = error instanceof Error && !noAnswer(error) ? error.message.trim() : '';
  if (!text) return fallback;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string' && parsed.trim()) return parsed.trim();
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message.trim()) {
      return parsed.message.trim();
    }
  } catch {
    // A plain-text body is the message as it is.
  }
  return text;
}
