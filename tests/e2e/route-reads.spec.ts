import { expect, test } from '@playwright/test';
import { demoGate } from './support/demo-gate';
import { signInQuickly } from './support/sign-in';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * A route starts its screen's first reads as the screen's code loads (src/app/routing/route-read.ts): on a first visit
 * the answers and the code come down together, and the screen takes those answers, so the server is asked once.
 */

test('a check-in page’s route reads its site as the page’s code loads, once, without waiting for that code', async ({ page, browser }) => {
  const gate = await demoGate(page, true);
  const tradie = await (await browser.newContext(phone)).newPage();
  // A tradesperson who has been here before: signed in and joined, so the page reads the site and their visit once.
  await signInQuickly(tradie, `early.read.${Date.now()}@example.com`);
  await expect(tradie.getByRole('heading', { name: 'You have no roles in the system' })).toBeVisible();
  await tradie.goto(gate.link);
  await expect(tradie.getByRole('link', { name: 'Complete my profile' })).toBeVisible();

  const sitePath = `/api/site/${new URL(gate.link).pathname.split('/')[2] ?? ''}`;
  const siteReads: string[] = [];
  let sawRead = () => undefined as void;
  const siteRead = new Promise<void>((resolve) => (sawRead = resolve));
  tradie.on('request', (request) => {
    if (request.method() !== 'GET' || new URL(request.url()).pathname !== sitePath) return;
    siteReads.push(request.url());
    sawRead();
  });
  // The page's own code is held until the site has been asked for: were the read made by that code, it would not be
  // asked for within the ten seconds.
  let readBeforeCode: boolean | undefined;
  await tradie.route('**/assets/check-in-page-*.js', async (route) => {
    readBeforeCode ??= await Promise.race([siteRead.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
    await route.continue();
  });
  await tradie.reload();
  await expect(tradie.getByRole('heading', { level: 1, name: gate.address })).toBeVisible();
  await expect(tradie.getByRole('link', { name: 'Complete my profile' })).toBeVisible();
  expect(readBeforeCode).toBe(true);
  // The page's machine took that answer: the server was asked once.
  expect(siteReads).toHaveLength(1);
  await tradie.context().close();
});

test('a tradesperson’s home route asks for their details and activity as the page’s code loads, and once each', async ({ page }) => {
  await signInQuickly(page, 'tradie1@trades.demo');
  await expect(page).toHaveURL(/\/trades\/[0-9a-f-]{36}$/);
  const greeting = page.locator('.home-greeting');
  await expect(greeting).toBeVisible();

  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  const wanted = [`/api/profile/trades/${id}`, `/api/profile/trades/${id}/activity`];
  const reads = new Map<string, number>();
  let sawBoth = () => undefined as void;
  const bothAsked = new Promise<void>((resolve) => (sawBoth = resolve));
  page.on('request', (request) => {
    const asked = new URL(request.url()).pathname;
    if (request.method() !== 'GET' || !wanted.includes(asked)) return;
    reads.set(asked, (reads.get(asked) ?? 0) + 1);
    if (wanted.every((read) => reads.has(read))) sawBoth();
  });
  // The screen's own code is held until both reads have been asked for: were they made by that code, they would not be
  // asked for within the ten seconds.
  let readsBeforeCode: boolean | undefined;
  await page.route('**/assets/tradesperson-page-*.js', async (route) => {
    readsBeforeCode ??= await Promise.race([bothAsked.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
    await route.continue();
  });
  await page.reload();
  await expect(greeting).toBeVisible();
  expect(readsBeforeCode).toBe(true);
  expect(Object.fromEntries(reads)).toEqual({ [wanted[0] ?? '']: 1, [wanted[1] ?? '']: 1 });
});
