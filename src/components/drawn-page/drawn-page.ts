import { drawnPageId } from '../../domain/check-in-page';

/**
 * Issue 11: the page the portal drew into the HTML (src/domain/check-in-page.ts) goes once the app's own screen is
 * ready to show, or has failed, in its place; the app's `#root` is hidden until then (check-in.css).
 */
export function takeOverDrawnPage(): void {
  document.getElementById(drawnPageId)?.remove();
}
