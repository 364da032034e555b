import { expect, test, type Page } from '@playwright/test';
import { snapPhone as snap } from './support/phone-pictures';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * Issue 11: Radix's dialog is not part of any screen's first load. Its code is fetched once the screen
 * shows; a button that opens a dialog works all the same when pressed before that code has arrived
 * (the dialog opens as it arrives), and the focus goes back to that button as the dialog closes.
 */

/** Holds the dialog's code until `release` is called; `requested` tells whether the page has asked for it. */
async function holdDialogCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { requested: false, release };
  await page.route(/\/assets\/dialog-[^/]*\.js$/, async (route) => {
    held.requested = true;
    await released;
    await route.continue();
  });
  return held;
}

test.describe('at phone width', () => {
  test.use(phone);

  test('the menu opens from the keyboard when pressed before the dialog’s code has arrived, and gives the focus back as it closes', async ({ page }) => {
    const held = await holdDialogCode(page);
    await signInQuickly(page, demo.admin);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => held.requested).toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    held.release();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // A modal dialog hides the rest of the page from assistive technology, the button included.
    await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await snap(page, 'menu-drawer');

    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    // Once arrived, the code is kept: the menu opens at once, and a link in it closes it as it goes.
    await menuButton.click();
    await drawer.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}/projectsites$`));
    await expect(drawer).toHaveCount(0);
  });

  test('a menu whose code cannot be fetched closes again, and the next press, once it can be, opens it', async ({ page }) => {
    const dialogCode = /\/assets\/dialog-[^/]*\.js$/;
    let refused = 0;
    await page.route(dialogCode, async (route) => {
      refused += 1;
      await route.abort('internetdisconnected');
    });
    await signInQuickly(page, demo.admin);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect.poll(() => refused).toBeGreaterThan(0);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.unroute(dialogCode);
    await menuButton.click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Projects' })).toBeVisible();
  });

  test('the SWMS builder’s Start again asks first, keeps the draft on Keep editing and empties it on Discard', async ({ page, browser }, worker) => {
    const admin = await browser.newPage({ baseURL: worker.project.use.baseURL });
    await signInQuickly(admin, demo.admin);
    await expect(admin).toHaveURL(new RegExp(`/company/${uuid}$`));
    const companyId = new URL(admin.url()).pathname.split('/')[2] ?? '';
    const siteId = await admin.evaluate(async (url) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${window.localStorage.getItem('accessToken') ?? ''}` } });
      return ((await response.json()) as { items: { _id: string }[] }).items[0]?._id ?? '';
    }, `/api/company/${companyId}/projectSites`);
    await admin.close();
    expect(siteId).toMatch(new RegExp(uuid));

    const held = await holdDialogCode(page);
    await signInQuickly(page, 'tradie1@trades.demo');
    await expect(page).toHaveURL(new RegExp(`/trades/${uuid}$`));
    await page.goto(`/site/${siteId}/swms/new`);
    const firstKind = page.getByRole('checkbox').first();
    await firstKind.click();
    await expect(firstKind).toBeChecked();

    const startAgain = page.getByRole('button', { name: 'Start again', exact: true });
    await startAgain.click();
    await expect.poll(() => held.requested).toBe(true);
    held.release();
    const confirm = page.getByRole('alertdialog', { name: 'Start again?' });
    await expect(confirm).toContainText('Everything entered in this SWMS, photos included, is removed from this phone.');
    await snap(page, 'start-again');

    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(startAgain).toBeFocused();
    await expect(firstKind).toBeChecked();

    await startAgain.click();
    await confirm.getByRole('button', { name: 'Discard and start again' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('checkbox').first()).not.toBeChecked();
    await expect(startAgain).toHaveCount(0);
  });
});
