import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 13 §1: at 390 px every list is a column of cards, not a table scrolled sideways: nothing is
 * wider than the screen, each card's status shows, its checkbox and link work, and once rows are
 * ticked the bulk action stays on screen. At 1280 px the same lists are tables.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const phone = { width: 390, height: 844 } as const;
const shotsDir = process.env.SCREENSHOTS_DIR;

async function snap(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: `${shotsDir}/${name}-${page.viewportSize()?.width}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const wide = [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1);
    return { scroll: root.scrollWidth, client: root.clientWidth, wide: wide.slice(0, 3).map((element) => element.outerHTML.slice(0, 120)) };
  });
  expect(widths.wide, 'elements wider than the screen').toEqual([]);
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

const inViewport = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
  });

test.use({ viewport: phone, hasTouch: true });

test('an admin’s SWMS and project lists are cards on a phone, and a ticked card keeps Change Status on screen', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';

  for (const list of ['swms', 'projectsites'] as const) {
    await page.goto(`/company/${companyId}/${list}`);
    const cards = page.locator('tbody tr[data-row-id]');
    await expect(cards.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    const firstCard = cards.first();
    // Status first, in view; every other value under its column's name.
    const status = firstCard.locator('[data-card="status"]');
    await expect(status).toBeVisible();
    expect(await inViewport(page, 'tbody tr[data-row-id] [data-card="status"]')).toBe(true);
    const statusBox = await status.boundingBox();
    const titleBox = await firstCard.locator('[data-card="title"]').boundingBox();
    expect(statusBox!.y).toBeLessThan(titleBox!.y);
    await snap(page, `${list}-cards`);

    await firstCard.getByRole('checkbox').check();
    const changeStatus = page.getByRole('button', { name: 'Change Status' });
    await expect(changeStatus).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await expect(changeStatus).toBeInViewport();
    const bar = await changeStatus.boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(phone.height);
    await snap(page, `${list}-cards-selected`);
    await firstCard.getByRole('checkbox').uncheck();

    await firstCard.locator('[data-card="title"] a').click();
    await expect(page).toHaveURL(new RegExp(`/${list}/${uuid}$`));
  }
});

test('employees with their invitations, and the super user’s clients, are cards on a phone', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await page.goto(`/company/${companyId}/employees`);
  await expect(page.locator('.employee-table tbody tr').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  const resend = page.getByRole('button', { name: /^Resend/ }).first();
  if (await resend.count()) await expect(resend).toBeVisible();
  await snap(page, 'employees-cards');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.locator('.client-table tbody tr').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'clients-cards');
  await page.locator('.client-table tbody tr [data-card="title"] a').first().click();
  await expect(page).toHaveURL(new RegExp(`/clients/${uuid}$`));
  await expectNoSidewaysScroll(page);
  await snap(page, 'client-details-cards');
});

test('on a desktop the same lists stay tables with their headers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await page.goto(`/company/${companyId}/swms`);
  await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  expect(await page.locator('tbody tr[data-row-id]').first().evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
  await snap(page, 'swms-table');
});

test('a tradesperson’s home lists their five newest SWMS and check-ins, and the rest on request, by keyboard too', async ({ page }) => {
  await page.setViewportSize(phone);
  await signInQuickly(page, 'tradie1@trades.demo');
  await expect(page).toHaveURL(new RegExp(`/trades/${uuid}$`));
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken') ?? '');
  const activity = (await (await page.request.get(`/api/profile/trades/${id}/activity`, { headers: { authorization: `Bearer ${token}` } })).json()) as { checkIns: unknown[]; swms: unknown[] };
  // The demo's tradesperson has more of each than the home shows at first.
  expect(activity.checkIns.length).toBeGreaterThan(5);
  expect(activity.swms.length).toBeGreaterThan(5);

  for (const [title, count, showAll] of [
    ['My SWMS', activity.swms.length, `Show all ${activity.swms.length} SWMS`],
    ['Recent check-ins', activity.checkIns.length, `Show all ${activity.checkIns.length} check-ins`],
  ] as const) {
    const card = page.getByRole('region', { name: title });
    const items = card.locator('.home-list-item');
    await expect(items).toHaveCount(5);
    const toggle = card.getByRole('button', { name: showAll });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(count);
    const fewer = card.getByRole('button', { name: 'Show fewer' });
    await expect(fewer).toBeFocused();
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(5);
    // Hidden again, the list is short, and the button the focus is on is back on screen.
    await expect(toggle).toBeFocused();
    await expect(toggle).toBeInViewport();
  }
  await snap(page, 'trades-home-first-items');
});
