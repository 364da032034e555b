import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { holdScripts } from './support/hold-scripts';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 55 §8: a cancelled site's check-in page says it is not open before any sign-in or tick; an
 * on-hold site's says it is on hold above the PPE; the hint under 'Check in' is worded for the boxes there are.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const shots = process.env.SCREENSHOTS_DIR;

async function snap(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
}

/** A site of the admin's with the given PPE and status, and its poster's check-in address. */
async function siteAt(browser: Browser, status: 'on_hold' | 'cancelled', ppe: string[]): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post(`/api/company/${companyId}/projectSites`, {
    headers,
    data: { address: `${Date.now().toString(36)} Gate Street`, suburb: 'Ultimo', postcode: '2007', siteNumber: 'G-1', clientName: 'Gate Client', ppe },
  });
  expect(created.status(), await created.text()).toBe(201);
  const siteId = ((await created.json()) as { _id: string })._id;
  const changed = await page.request.patch(`/api/company/${companyId}/projectSites/${siteId}/status`, { headers, data: { status } });
  expect(changed.status(), await changed.text()).toBe(200);
  const qr = await page.request.get(`/api/company/${companyId}/projectSites/${siteId}/qr`, { headers });
  const url = new URL(((await qr.json()) as { url: string }).url);
  await context.close();
  return `${url.pathname}${url.search}`;
}

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

test('a cancelled site says it is not open for check-in before the visitor signs in', async ({ browser }) => {
  const gate = await siteAt(browser, 'cancelled', ['hard_hat']);
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(gate);
  await expect(page.getByRole('heading', { name: 'This site is not open for check-in' })).toBeVisible();
  await expect(page.getByText('This site is cancelled: nobody checks in here now.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await snap(page, 'check-in-cancelled');
  await context.close();
});

test('an on-hold site says so above the PPE, and the hint asks for the one box there is', async ({ browser }) => {
  const gate = await siteAt(browser, 'on_hold', ['hard_hat']);
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await signInQuickly(page, 'tradie1@trades.demo');
  await expect(page).toHaveURL(new RegExp(`/trades/${uuid}`));
  await page.goto(gate);
  const notice = page.getByText('This site is on hold. Check with the site supervisor before you start work.');
  const confirm = page.getByRole('checkbox', { name: 'I have this PPE' });
  await expect(notice).toBeVisible();
  await expect(confirm).toBeVisible();
  expect((await notice.boundingBox())!.y, 'the notice comes before the PPE tick').toBeLessThan((await confirm.boundingBox())!.y);
  await expect(page.getByText('Tick the box above to check in.')).toBeVisible();
  await snap(page, 'check-in-on-hold');
  await confirm.click();
  await expect(page.getByRole('button', { name: 'Check in' })).toBeEnabled();
  await context.close();
});

test("the page the portal draws before the app's code says a site is cancelled or on hold, in the app's words, before any way in", async ({ browser }) => {
  const cancelled = await siteAt(browser, 'cancelled', ['hard_hat']);
  const onHold = await siteAt(browser, 'on_hold', ['hard_hat']);
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const scripts = await holdScripts(page);

  await page.goto(cancelled, { waitUntil: 'commit' });
  const drawn = page.locator('#drawn-page');
  await expect(drawn.getByRole('heading', { name: 'This site is not open for check-in' })).toBeVisible();
  await expect(drawn.getByText('This site is cancelled: nobody checks in here now.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await snap(page, 'check-in-drawn-cancelled');

  await page.goto(onHold, { waitUntil: 'commit' });
  const notice = drawn.getByText('This site is on hold. Check with the site supervisor before you start work.');
  const signIn = drawn.getByRole('button', { name: 'Continue with Google' });
  await expect(notice).toBeVisible();
  await expect(signIn).toBeVisible();
  expect((await notice.boundingBox())!.y, 'the notice comes before the way in').toBeLessThan((await signIn.boundingBox())!.y);
  await snap(page, 'check-in-drawn-on-hold');

  // The app takes over with the same words, shown once.
  scripts.release();
  await expect(drawn).toHaveCount(0);
  await expect(page.getByText('This site is on hold. Check with the site supervisor before you start work.')).toHaveCount(1);
  await context.close();
});
