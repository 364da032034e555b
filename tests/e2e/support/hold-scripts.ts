import type { Page } from '@playwright/test';

/** Holds back every script of the app, as a slow phone's network would, until `release` is called. */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
