import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA rules the browser tests hold every screen to. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's violations of those rules on the page as it is now (passes are not gathered).
 *
 * Legacy mode runs axe in the page itself. The default mode opens a blank page beside it for every scan to
 * gather frames' results, which only cross-origin frames need (the portal has no frames): a scan took 1.5-1.9 s
 * that way and 0.56-0.70 s in legacy mode, with the same violations found (checked on the login page with a
 * faded heading and six kinds of broken markup added, in both themes).
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return results.violations;
}
