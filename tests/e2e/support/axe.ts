import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rules the browser tests hold every screen to. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's violations of those rules on the page as it is now (passes are not gathered).
 *
 * Legacy mode runs axe in the page itself. The default mode opens a blank page beside it for every scan to
 * gather frames' results, which only cross-origin frames need (the portal has no frames): a scan took 1.5-1.9 s
 * that way and 0.56-0.70 s in legacy mode, with the same violations found (checked on the login page with six
 * kinds of broken markup added, in both themes, and with its heading faded). Legacy mode would skip a cross-origin
 * frame, so a page with any frame fails here rather than pass unscanned.
 */
export async function axeViolations(page: Page) {
  expect(page.frames().map((frame) => frame.url()), 'a page with frames needs axe in its default mode').toHaveLength(1);
  const results = await new AxeBuilder({ page }).withTags(wcag).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return results.violations;
}
