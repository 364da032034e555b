import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInQuickly } from './support/sign-in';

/** Issue 55 §8: a licence given an expiry date already past is allowed, with a warning that check-in will be refused. */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const warning = 'This licence has expired: check-in at a site is refused until you renew it, or remove it if you no longer do that work.';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('an expiry date in the past warns beside the field; a future one does not', async ({ page }) => {
  await signInQuickly(page, 'tradie1@trades.demo');
  await expect(page).toHaveURL(new RegExp(`/trades/${uuid}`));
  const tradesId = new RegExp(`/trades/(${uuid})`).exec(page.url())?.[1] ?? '';
  await page.goto(`/trades/${tradesId}/edit`);
  await page.getByRole('button', { name: 'Add licence' }).click();
  const expiry = page.getByLabel('Expiry date').last();
  await expiry.fill('2020-01-31');
  await expect(page.getByText(warning)).toBeVisible();
  if (process.env.SCREENSHOTS_DIR) {
    mkdirSync(process.env.SCREENSHOTS_DIR, { recursive: true });
    await page.getByText(warning).scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/licence-expired-390-${colorScheme}.png` });
    }
  }
  await expiry.fill('2099-01-31');
  await expect(page.getByText(warning)).toHaveCount(0);
});
