import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page';
import { ClientsPage } from './pages/clients.page';
import { SiteDetailsPage } from './pages/site-details.page';
import { SitesListPage } from './pages/sites-list.page';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 13 §3, consistency: one select (Radix, keyboard first) on every list, one sort mechanism on
 * the SWMS list, toasts that never cover the page's heading or actions, and a version label that
 * says DEV while the development sign-in is mounted.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const shots = process.env.SCREENSHOTS_DIR ?? '.tmp/shots/consistency';
mkdirSync(shots, { recursive: true });

type Width = 1280 | 390;
type Scheme = 'light' | 'dark';

async function signedIn(browser: Browser, email: string, width: Width = 1280, colorScheme: Scheme = 'light') {
  const context = await browser.newContext({
    viewport: { width, height: width === 1280 ? 800 : 844 },
    ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
    colorScheme,
  });
  const page = await context.newPage();
  await signInQuickly(page, email);
  await expect(page).not.toHaveURL(/\/oidc\//);
  await expect(page.locator('[data-slot="page-title"]')).toBeVisible();
  const companyId = new RegExp(`/company/(${uuid})`).exec(page.url())?.[1] ?? '';
  return { page, companyId, close: () => context.close() };
}

/** A site of this test's own, made through the API as the signed-in admin. */
async function createSite(page: Page, companyId: string): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/company/${companyId}/projectSites`, {
    headers: { authorization: `Bearer ${token}` },
    data: { address: `${Date.now().toString(36)} Toast Street`, suburb: 'Ultimo', postcode: '2007', siteNumber: 'T-1', clientName: 'Toast Client' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** Holds the Radix select's chunk until `release()`: a press can then land before it has arrived. */
async function holdSelectCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/select-popup-[^/]*\.js$/, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

const listbox = (page: Page) => page.getByRole('listbox');
const option = (page: Page, name: string) => listbox(page).getByRole('option', { name, exact: true });

/** Tab from `from` lands on `combobox`: it is in the keyboard's path, where it is shown. */
async function tabTo(from: Locator, combobox: Locator): Promise<void> {
  await from.focus();
  await from.page().keyboard.press('Tab');
  await expect(combobox).toBeFocused();
}

test('Projects: the status filter is a labelled Radix select that works from the keyboard, even pressed before its code arrives', async ({ browser }) => {
  const admin = await signedIn(browser, demo.admin);
  const { page } = admin;
  const code = await holdSelectCode(page);
  const list = new SitesListPage(page);
  await list.goto(admin.companyId);

  await expect(list.filter).toHaveText('All');
  await expect(list.filter).toHaveAttribute('aria-expanded', 'false');
  await tabTo(list.search, list.filter);
  await page.keyboard.press('Enter');
  await expect.poll(code.requested).toBe(true);
  await expect(listbox(page)).toHaveCount(0);

  code.release();
  await expect(listbox(page)).toBeVisible();
  // Open, Radix hides the rest of the page from assistive technology (the listbox is modal): found by its attribute.
  await expect(page.locator('[role="combobox"][aria-expanded="true"]')).toHaveText('All');
  await expect(option(page, 'All')).toBeFocused();
  await expect(listbox(page).getByRole('option')).toHaveText(['All', 'Ongoing', 'On Hold', 'Completed', 'Cancelled']);
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'Ongoing')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'On Hold')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(listbox(page)).toHaveCount(0);
  await expect(list.filter).toHaveText('On Hold');
  await expect(list.filter).toBeFocused();
  await expect(page).toHaveURL(/status=on_hold/);
  await list.settled();
  for (const status of await list.columnTexts('Status')) expect(status).toBe('On Hold');

  // Space opens it, Escape closes it and keeps the value; End and typing move within it.
  await page.keyboard.press(' ');
  await expect(option(page, 'On Hold')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(listbox(page)).toHaveCount(0);
  await expect(list.filter).toHaveText('On Hold');
  await expect(list.filter).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'On Hold')).toBeFocused();
  await page.keyboard.press('End');
  await expect(option(page, 'Cancelled')).toBeFocused();
  await page.keyboard.press('a');
  await expect(option(page, 'All')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.filter).toHaveText('All');
  await expect(page).not.toHaveURL(/status=/);
  await admin.close();
});

test('SWMS: the filter is the same select from the keyboard, and the headers are the one way to sort', async ({ browser }) => {
  const admin = await signedIn(browser, demo.admin);
  const { page } = admin;
  const list = new SwmsListPage(page);
  await list.goto(admin.companyId);

  // One sort mechanism: the sortable headers; the only select is the filter.
  await expect(page.getByRole('combobox')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveCount(0);
  await expect(list.header('Date/Time Submitted').getByRole('button')).toBeVisible();
  await expect(list.header('Job No').getByRole('button')).toBeVisible();

  await tabTo(list.search, list.filter);
  await page.keyboard.press('ArrowDown');
  await expect(listbox(page)).toBeVisible();
  await expect(option(page, 'All')).toBeFocused();
  await page.keyboard.press('f');
  await expect(option(page, 'For Review')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.filter).toHaveText('For Review');
  await expect(list.filter).toBeFocused();
  await expect(page).toHaveURL(/filter=status\.string\.forReview/);
  await list.settled();

  // The Job No header sorts from the keyboard too, keeping the filter.
  await list.header('Job No').getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=siteNumber\.number\.asc/);
  await expect(page).toHaveURL(/filter=status\.string\.forReview/);
  await expect(list.header('Job No')).toHaveAttribute('aria-sort', 'ascending');
  await list.settled();
  await admin.close();
});

test('Clients: the sort is the same select from the keyboard', async ({ browser }) => {
  const superUser = await signedIn(browser, demo.superUser);
  const { page } = superUser;
  const clients = new ClientsPage(page);
  await clients.goto();
  await expect(clients.sortMenu).toHaveText('Sort Most Recent');

  await tabTo(clients.search, clients.sortMenu);
  await page.keyboard.press('Enter');
  await expect(option(page, 'Sort Most Recent')).toBeFocused();
  await expect(listbox(page).getByRole('option')).toHaveText(['Sort Most Recent', 'Sort A-Z', 'Sort Z-A']);
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'Sort A-Z')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(clients.sortMenu).toHaveText('Sort A-Z');
  await expect(clients.sortMenu).toBeFocused();
  await expect(page).toHaveURL(/sort=name\.string\.asc/);
  await expect.poll(async () => {
    const names = await clients.names();
    return names.length > 1 && names.every((name, index) => index === 0 || (names[index - 1] ?? '').localeCompare(name, 'en-AU', { sensitivity: 'base' }) <= 0);
  }).toBe(true);
  await superUser.close();
});

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box as Box;
}

for (const width of [1280, 390] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a toast at ${width} px (${scheme}) shows top-centre over the header bar, covering neither the page heading nor its actions`, async ({ browser }) => {
      const admin = await signedIn(browser, demo.admin, width, scheme);
      const { page } = admin;
      const siteId = await createSite(page, admin.companyId);
      const details = new SiteDetailsPage(page);
      await details.goto(admin.companyId, siteId);
      // The menu's own code has arrived (its Radix trigger carries data-state): this test is about the toast.
      await expect(details.changeStatus).toHaveAttribute('data-state', 'closed');
      await details.changeStatus.click();
      await page.getByRole('menuitem', { name: 'On Hold' }).click();
      const toast = page.locator('[data-slot="toast"]', { hasText: 'Status updated successfully' });
      await expect(toast).toBeVisible();
      // Settled where it shows: its entrance animation has run.
      await expect.poll(() => toast.evaluate((element) => element.getAnimations().every((animation) => animation.playState === 'finished'))).toBe(true);

      const toastBox = await boxOf(toast);
      const viewport = page.viewportSize() ?? { width, height: 0 };
      expect(toastBox.x).toBeGreaterThanOrEqual(0);
      expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
      // Spec §1: top-centre, inside the header bar (which grows to hold it where its row has no room).
      const headerBox = await boxOf(page.locator('[data-slot="app-header"]'));
      expect(toastBox.y, 'the toast starts in the header bar').toBeGreaterThanOrEqual(headerBox.y);
      expect(toastBox.y + toastBox.height, 'the toast ends in the header bar').toBeLessThanOrEqual(headerBox.y + headerBox.height);
      expect(Math.abs(toastBox.x + toastBox.width / 2 - viewport.width / 2), 'the toast is centred').toBeLessThanOrEqual(viewport.width / 10);
      const covered = {
        heading: page.locator('[data-slot="page-title"]'),
        'header actions': page.locator('.app-header-actions'),
        'Change Status': details.changeStatus,
        'Edit Information': details.edit,
        ...(width === 390 ? { 'menu button': page.getByRole('button', { name: 'Open menu' }) } : {}),
      };
      for (const [name, locator] of Object.entries(covered)) {
        expect(overlaps(toastBox, await boxOf(locator)), `the toast covers the ${name}`).toBe(false);
      }
      await page.screenshot({ path: `${shots}/toast-${width}-${scheme}.png` });
      // Spec §9: it closes by itself after 5000 ms, and the header bar is its own height again.
      await expect(toast).toHaveCount(0, { timeout: 10_000 });
      expect((await boxOf(page.locator('[data-slot="app-header"]'))).height).toBe(64);
      await admin.close();
    });
  }
}

test('on a phone a toast sits above a bar pinned to the bottom of the screen, never over its buttons', async ({ browser }) => {
  const tradie = await signedIn(browser, 'tradie1@trades.demo', 390);
  const { page } = tradie;
  const tradesId = new RegExp(`/trades/(${uuid})`).exec(page.url())?.[1] ?? '';
  await page.goto(`/trades/${tradesId}/edit`);
  const save = page.getByRole('button', { name: 'Save Edits' });
  await expect(save).toBeEnabled();
  const footer = page.locator('.trades-form-footer');
  const footerBox = await boxOf(footer);
  // The form is longer than the screen: its footer is pinned to the bottom edge.
  expect(footerBox.y + footerBox.height).toBeCloseTo(844, 0);

  // Saving offline fails, and says so in a toast.
  await page.context().setOffline(true);
  await save.click();
  const toast = page.locator('[data-slot="toast"]', { hasText: 'Failed to update the info' });
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().every((animation) => animation.playState === 'finished'))).toBe(true);
  await page.context().setOffline(false);
  const toastBox = await boxOf(toast);
  expect(toastBox.y + toastBox.height, 'the toast ends above the pinned bar').toBeLessThanOrEqual((await boxOf(footer)).y);
  expect(overlaps(toastBox, await boxOf(save)), 'the toast covers Save Edits').toBe(false);
  expect(overlaps(toastBox, await boxOf(page.locator('[data-slot="page-title"]'))), 'the toast covers the heading').toBe(false);
  await page.screenshot({ path: `${shots}/toast-above-bar-390.png` });
  await tradie.close();
});

test('the version label says DEV while the portal has the development sign-in mounted', async ({ browser }) => {
  for (const width of [1280, 390] as const) {
    const admin = await signedIn(browser, demo.admin, width);
    const { page } = admin;
    await expect(page.locator('meta[name="dev-sign-in"]')).toHaveCount(1);
    const shell = new AppShell(page);
    await shell.openMenuIfCollapsed();
    await expect(shell.versionLabel.filter({ visible: true })).toHaveText(/^v\d+\.\d+\.\d+ DEV$/);
    await expect(page.getByText(/^v\d+\.\d+\.\d+ PROD$/)).toHaveCount(0);
    await admin.close();
  }
});

for (const width of [1280, 390] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screens at ${width} px (${scheme}): the select open, field errors, focus and disabled states`, async ({ browser }) => {
      // Pictures for people to look at (SCREENSHOTS_DIR=.tmp/shots/consistency); the behaviour is tested above.
      test.skip(!process.env.SCREENSHOTS_DIR, 'set SCREENSHOTS_DIR to take the pictures');
      const admin = await signedIn(browser, demo.admin, width, scheme);
      const { page, companyId } = admin;
      const list = new SitesListPage(page);
      await list.goto(companyId);
      await list.filter.click();
      await expect(listbox(page)).toBeVisible();
      await page.screenshot({ path: `${shots}/projects-select-${width}-${scheme}.png` });
      await page.keyboard.press('Escape');

      const swms = new SwmsListPage(page);
      await swms.goto(companyId);
      await expect(swms.changeStatus).toBeDisabled();
      await page.screenshot({ path: `${shots}/swms-${width}-${scheme}.png` });

      await page.goto(`/company/${companyId}/projectsites/add`);
      const finish = page.getByRole('button', { name: 'Finish' });
      await finish.click();
      const address = page.getByLabel('Street Address', { exact: true });
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await address.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(address).toBeFocused();
      await page.screenshot({ path: `${shots}/form-errors-${width}-${scheme}.png` });
      const supervisor = page.getByRole('combobox', { name: 'Site Supervisor', exact: true });
      await supervisor.scrollIntoViewIfNeeded();
      await supervisor.click();
      await expect(listbox(page)).toBeVisible();
      await page.screenshot({ path: `${shots}/supervisor-select-${width}-${scheme}.png` });
      await page.keyboard.press('Escape');
      await admin.close();

      const superUser = await signedIn(browser, demo.superUser, width, scheme);
      const clients = new ClientsPage(superUser.page);
      await clients.sortMenu.click();
      await expect(listbox(superUser.page)).toBeVisible();
      await superUser.page.screenshot({ path: `${shots}/clients-sort-${width}-${scheme}.png` });
      await superUser.close();
    });
  }
}
