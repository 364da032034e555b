import { expect, test, type Locator, type Page } from '@playwright/test';
import { shortSearchHint } from '../../src/components/data-table/search-length';
import { ClientsPage } from './pages/clients.page';
import { SitesListPage } from './pages/sites-list.page';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signInQuickly } from './support/sign-in';

/**
 * The SWMS, project-site and client lists wait for a third character before they search, and each search box says
 * so while it waits. The page's clock is the test's, so a wait past the box's quiet time is certain, not slept.
 */
async function waitsForThird(page: Page, search: Locator, listPath: RegExp, param: string) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (listPath.test(url.pathname) && url.searchParams.has('search')) asked.push(url.searchParams.get('search') ?? '');
  });
  const hint = page.getByRole('status').filter({ hasText: shortSearchHint });

  await search.fill('wa');
  await expect(hint).toBeVisible();
  await expect(search).toHaveAccessibleDescription(shortSearchHint);
  await search.press('Enter');
  await page.clock.runFor(2_000);
  expect(new URL(page.url()).searchParams.has(param), 'two characters are not searched').toBe(false);
  expect(asked).toEqual([]);

  await search.fill('wat');
  await expect(hint).toBeHidden();
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(new RegExp(`[?&]${param}=wat(&|$)`));
  await expect.poll(() => asked).toEqual(['wat']);

  // Emptied, the box is no search at once: the whole list again.
  await search.fill('');
  await page.clock.runFor(2_000);
  await expect(page).not.toHaveURL(new RegExp(`[?&]${param}=`));
  await expect(hint).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('the project-site list waits for a third character, and its search box says so', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(/\/company\/[^/]+$/);
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SitesListPage(page);
  await list.goto(companyId);
  await waitsForThird(page, list.search, /\/projectSites$/, 'search');
});

test('the SWMS list waits for a third character, and its search box says so', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(/\/company\/[^/]+$/);
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SwmsListPage(page);
  await list.goto(companyId);
  await waitsForThird(page, list.search, /\/swms$/, 'search');
});

test('the client list waits for a third character, and its search box says so', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  const clients = new ClientsPage(page);
  await expect(clients.rows.first()).toBeVisible();
  await waitsForThird(page, clients.search, /^\/api\/company$/, 'q');
});
