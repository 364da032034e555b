import { expect, test, type Page } from '@playwright/test';
import { demoGate } from './support/demo-gate';
import { signInQuickly } from './support/sign-in';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** Whether the page has fetched a script whose name starts with `name` (its answer, not just the request). */
function fetchedScript(page: Page, name: string): { readonly seen: () => boolean } {
  let seen = false;
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith(`/assets/${name}-`)) seen = true;
  });
  return { seen: () => seen };
}

/**
 * Issue 11: a tradesperson on site is about to tap 'New SWMS', often where the signal is poor. The screens that offer
 * it fetch the builder's code, and the photo resizing it uses, once they are idle (src/components/new-swms/), so the
 * builder opens at once, with no signal too.
 */
test('once checked in, the SWMS builder’s code is already on the phone: New SWMS opens with no signal', async ({ page, browser }) => {
  const gate = await demoGate(page, true);
  const context = await browser.newContext(phone);
  const tradie = await context.newPage();
  await signInQuickly(tradie, 'tradie3@trades.demo');
  await expect(tradie).toHaveURL(/\/trades\/[0-9a-f-]{36}$/);
  const builder = fetchedScript(tradie, 'swms-builder-page');
  const resizing = fetchedScript(tradie, 'browser-image-compression');

  await tradie.goto(gate.link);
  const checkIn = tradie.getByRole('button', { name: 'Check in' });
  await expect(checkIn).toBeVisible();
  // Not on site yet: nothing offers New SWMS, so the builder's code is not fetched.
  await tradie.waitForTimeout(1500);
  expect(builder.seen()).toBe(false);
  const ppe = tradie.getByRole('checkbox', { name: 'I have this PPE' });
  if (await ppe.count()) await ppe.check();
  await checkIn.click();
  const newSwms = tradie.getByRole('link', { name: 'New SWMS' });
  await expect(newSwms).toBeVisible();
  await expect.poll(builder.seen, { message: 'the builder’s code was fetched without a tap', timeout: 15_000 }).toBe(true);
  await expect.poll(resizing.seen, { message: 'the photo resizing was fetched', timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await newSwms.click();
  await expect(tradie).toHaveURL(/\/site\/[0-9a-f-]{36}\/swms\/new$/);
  await expect(tradie.getByRole('heading', { level: 1, name: 'New SWMS' })).toBeVisible();
  await expect(tradie.locator('#builder-step-heading')).toBeVisible();
  await expect(tradie.getByText('This page could not be loaded')).toHaveCount(0);

  // Back online, the tradesperson leaves the site as they came.
  await context.setOffline(false);
  await tradie.goto(gate.link);
  await tradie.getByRole('button', { name: 'Check out' }).click();
  await expect(tradie.getByRole('button', { name: 'Check in' })).toBeVisible();
  await context.close();
});
