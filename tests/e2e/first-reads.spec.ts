import { expect, test } from '@playwright/test';
import { signInQuickly } from './support/sign-in';

/**
 * Issue 11: a tradesperson's home, opened at its address (a reload, a bookmark), asks for what it reads first as the
 * app starts (src/app/first-reads.ts, src/api/early-read.ts), not once the screen's code has arrived; the screen then
 * takes those answers, so the server is asked once. The check-in page's read is held to the same in
 * check-in-page-drawn-in.spec.ts.
 */
test('a tradesperson’s home asks for their details and activity as the app starts, and once each', async ({ page }) => {
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
