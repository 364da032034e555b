import type { Page } from '@playwright/test';

/** With SCREENSHOTS_DIR set, the page as it stands is also saved as a picture to look at, 390 px wide, light and dark. */
export async function snapPhone(page: Page, name: string): Promise<void> {
  const shots = process.env.SCREENSHOTS_DIR;
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${shots}/${name}-390-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
