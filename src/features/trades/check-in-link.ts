import { isCheckInPage } from '../../../machines/route-access.selectors';

/**
 * Issue 10 §5 'open a site link': a scanned or pasted link is followed only when it is this portal's
 * own check-in page (`{origin}/site/{siteId}/check-in?key=…`); answers the path to open, else null.
 */
export function checkInPathFromLink(text: string, origin: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !isCheckInPage(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}
