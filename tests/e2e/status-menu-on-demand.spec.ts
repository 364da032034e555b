import { expect, test, type Page } from '@playwright/test';
import { SiteDetailsPage } from './pages/site-details.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A site of this test's own, made through the API as the signed-in admin. */
async function createSite(page: Page, companyId: string): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/company/${companyId}/projectSites`, {
    headers: { authorization: `Bearer ${token}` },
    data: { address: `${Date.now().toString(36)} Menu Street`, suburb: 'Ultimo', postcode: '2007', siteNumber: 'M-1', clientName: 'Menu Client' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/**
 * Issue 11: the Change Status menu's code (Radix) arrives after the screen shows. Its button works
 * from the keyboard all the same, even when pressed before that code has arrived: the menu opens as
 * it does, and the arrow keys and Enter choose a status.
 */
test('the Change Status menu opens from the keyboard when pressed before its code has arrived', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const siteId = await createSite(page, companyId);

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let menuCodeRequested = false;
  await page.route(/\/assets\/status-menu-popup-[^/]*\.js$/, async (route) => {
    menuCodeRequested = true;
    await released;
    await route.continue();
  });
  const details = new SiteDetailsPage(page);
  await details.goto(companyId, siteId);
  await details.changeStatus.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => menuCodeRequested).toBe(true);
  await expect(page.getByRole('menu')).toHaveCount(0);

  release();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Ongoing' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'On Hold' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(page.locator('[data-slot="status-badge"]').first()).toHaveText('On Hold');
});
