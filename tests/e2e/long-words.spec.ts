import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SitesListPage } from './pages/sites-list.page';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 55 §6: a word longer than the screen (a 456-character address) breaks inside the shared
 * table, card and heading styles: the page never scrolls sideways and the table stays as wide as its page.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const shots = process.env.SCREENSHOTS_DIR;

async function signedIn(browser: Browser, width: 1280 | 390) {
  const context = await browser.newContext({
    viewport: { width, height: width === 1280 ? 800 : 844 },
    ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  return { page, companyId, close: () => context.close() };
}

async function createSite(page: Page, companyId: string, address: string): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/company/${companyId}/projectSites`, {
    headers: { authorization: `Bearer ${token}` },
    data: { address, suburb: 'Ultimo', postcode: '2007', siteNumber: 'LW-1', clientName: 'Long Word Client' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** The document's width and the widest element inside main, against the screen's width. */
async function widths(page: Page) {
  // A phone's window widens to fit what is too wide, so the screen's width is the context's.
  const viewport = page.viewportSize()?.width ?? 0;
  return page.evaluate((viewport) => ({
    viewport,
    document: document.documentElement.scrollWidth,
    main: Math.max(...[...document.querySelectorAll('main *')].map((element) => element.getBoundingClientRect().right)),
  }), viewport);
}

async function expectFits(page: Page, where: string) {
  const measured = await widths(page);
  expect(measured.document, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(measured.viewport);
  expect(measured.main, `${where}: an element runs past the screen's edge`).toBeLessThanOrEqual(measured.viewport + 1);
}

async function snap(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width}-${scheme}.png`, fullPage: true });
  }
}

for (const width of [1280, 390] as const) {
  test(`a 456-character address at ${width} px breaks in the projects table and the site's page`, async ({ browser }) => {
    const admin = await signedIn(browser, width);
    const { page, companyId } = admin;
    const prefix = `Longword${Date.now().toString(36)}`;
    const address = `${prefix}${'x'.repeat(456 - prefix.length)}`;
    const siteId = await createSite(page, companyId, address);

    const list = new SitesListPage(page);
    await list.goto(companyId);
    await list.searchFor(prefix);
    await expect(list.rows).toHaveCount(1);
    await expectFits(page, 'the projects list');
    const table = await list.table.boundingBox();
    const content = await page.locator('.app-content').boundingBox();
    expect(table!.width, 'the table is wider than its page').toBeLessThanOrEqual(content!.width);
    await snap(page, 'long-word-list');

    await page.goto(`/company/${companyId}/projectsites/${siteId}`);
    await expect(page.getByRole('heading', { name: address })).toBeVisible();
    await expectFits(page, "the site's page");
    await snap(page, 'long-word-site');
    await admin.close();
  });
}
