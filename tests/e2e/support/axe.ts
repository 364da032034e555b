import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/** The WCAG 2.2 AA rules the browser tests hold every screen to. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's own browser build, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type WithAxe = Window & { axe?: { run(context: Document, options: object): Promise<AxeResults> } };

/**
 * axe-core's violations of those rules on the page as it is now (passes are not gathered).
 *
 * axe runs in the page itself, loaded once per document: a route scanned in two themes at two widths loads it
 * once, not four times. @axe-core/playwright evaluates axe's 570 KB source twice on every scan, most of a scan's
 * time, and finds the same violations as this, rule by rule and node by node (checked on the login page with six
 * kinds of broken markup added, in both themes). Its default mode opens a blank page beside every scan to gather
 * frames' results, over a second a scan; this, like its legacy mode, sees no cross-origin frame, so a page with any
 * frame fails here rather than pass unscanned.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  expect(page.frames().map((frame) => frame.url()), 'a page with frames needs a scan of each frame').toHaveLength(1);
  await transitionsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (values) => {
    const { axe } = window as WithAxe;
    if (!axe) throw new Error('axe-core did not load in the page');
    const results = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return results.violations;
  }, wcag);
}

/**
 * Switches the browser's colour scheme, with reduced motion, and waits until the page shows it: the app applies a new
 * system scheme from a media query listener (`data-theme` on <html>) a task or more after the switch, and two animation
 * frames were not always enough.
 */
export async function showColourScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
  await transitionsEnded(page);
}

/**
 * Waits until no CSS transition is running, so the page shows its final colours. Reduced motion makes each transition
 * 1 ms, yet headless Chromium can run them 100-300 ms after a change, and axe would read text in the old theme's colour
 * on the new one's background. The app changes theme with transitions off (theme-store.ts); this covers any other
 * transition a scan could meet.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition), undefined, { polling: 'raf' });
}
