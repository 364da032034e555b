import type { Page } from '@playwright/test';

/**
 * Records each screen `#root` shows, from the page's first DOM mutation on: a full-screen spinner as
 * 'spinner', any other screen by its <main>'s class ('login' for the login page). Call before the
 * page loads; `shownScreens` reads the list.
 */
export async function recordRootScreens(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const screens: string[] = [];
    Object.assign(window, { rootScreens: screens });
    new MutationObserver(() => {
      const shown = document.getElementById('root')?.querySelector('main, .status-state');
      const name = shown ? (shown.classList.contains('status-state') ? 'spinner' : shown.className) : null;
      if (name && screens.at(-1) !== name) screens.push(name);
    }).observe(document, { childList: true, subtree: true });
  });
}

export const shownScreens = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { rootScreens: string[] }).rootScreens);
