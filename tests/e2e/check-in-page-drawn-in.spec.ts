import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { demoGate } from './support/demo-gate';
import { holdScripts } from './support/hold-scripts';
import { snapPhone } from './support/phone-pictures';
import { chooseDevAccount, signInQuickly } from './support/sign-in';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * Issue 11: the check-in page a site poster's QR code opens is sent with its site drawn in (src/domain/check-in-page.ts),
 * so a phone on poor signal shows which site it is at, and can start signing in, before the app's code has arrived. The
 * app's own page takes over in its place once it has more to show; nothing shows twice.
 */
test('the check-in page a QR code opens shows its site before the app’s code has arrived, and the app takes over in its place', async ({ page, browser }) => {
  const { address, link: gate } = await demoGate(page, true);

  // A phone that has never signed in: the site, and the sign-in below it, drawn in.
  const tradie = await (await browser.newContext(phone)).newPage();
  const scripts = await holdScripts(tradie);
  await tradie.goto(gate, { waitUntil: 'commit' });
  await expect(tradie.getByRole('heading', { level: 1, name: address })).toBeVisible();
  await expect(tradie).toHaveTitle('Site Check-In · SiteSafe Portal');
  await expect(tradie.getByRole('heading', { level: 2, name: 'Sign in to check in' })).toBeVisible();
  await expect(tradie.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(tradie.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  // Nothing of the app has run: it writes the theme on <html> as it starts.
  expect(await tradie.evaluate(() => document.documentElement.dataset.theme ?? null)).toBeNull();
  // Held to WCAG 2.2 AA as every screen of the app is.
  expect(await axeViolations(tradie)).toEqual([]);
  await snapPhone(tradie, 'check-in-drawn');

  scripts.release();
  await expect(tradie.locator('#drawn-page')).toHaveCount(0);
  await expect(tradie.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(tradie.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(tradie.getByRole('heading', { level: 1, name: address })).toBeVisible();
  await expect(tradie.getByRole('status')).toHaveCount(0);
  await snapPhone(tradie, 'check-in-taken-over');

  // A browser that holds a session gets the loading state drawn in below the site, until the app knows who it is.
  await signInQuickly(tradie, `drawn.returning.${Date.now()}@example.com`);
  await expect(tradie.getByRole('heading', { name: 'You have no roles in the system' })).toBeVisible();
  const held = await holdScripts(tradie);
  await tradie.goto(gate, { waitUntil: 'commit' });
  await expect(tradie.getByRole('heading', { level: 1, name: address })).toBeVisible();
  await expect(tradie.getByRole('status')).toHaveText('Loading, Please Wait');
  await expect(tradie.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  expect(await axeViolations(tradie)).toEqual([]);
  await snapPhone(tradie, 'check-in-drawn-returning');
  held.release();
  await expect(tradie.locator('#drawn-page')).toHaveCount(0);
  await expect(tradie.getByRole('link', { name: 'Complete my profile' })).toBeVisible();
  await tradie.context().close();
});

test('the drawn sign-in works before any of the app’s code has run, and comes back to the site’s check-in page', async ({ page, browser }) => {
  const gate = await demoGate(page, true);
  const tradie = await (await browser.newContext(phone)).newPage();
  const scripts = await holdScripts(tradie);
  await tradie.goto(gate.link, { waitUntil: 'commit' });
  await tradie.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(tradie).toHaveURL(/\/oidc\//);
  scripts.release();
  await chooseDevAccount(tradie, `drawn.gate.${Date.now()}@example.com`);
  // Back at the gate the poster named, with the key, joined as a tradesperson: the first step is the profile.
  await expect(tradie).toHaveURL(gate.link.replace(/^https?:\/\/[^/]+/, ''), { timeout: 15_000 });
  await expect(tradie.getByRole('heading', { level: 1, name: gate.address })).toBeVisible();
  await expect(tradie.getByRole('link', { name: 'Complete my profile' })).toBeVisible();
  await tradie.context().close();
});

test('the app’s own sign-in on a check-in page sends the page with the sign-in’s start, and comes back to it', async ({ page, browser }) => {
  const gate = await demoGate(page, true);
  const tradie = await (await browser.newContext(phone)).newPage();
  await tradie.goto(gate.link);
  await expect(tradie.locator('#drawn-page')).toHaveCount(0);
  const started = tradie.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/login/google');
  await tradie.getByRole('button', { name: 'Continue with Google' }).click();
  // The way back rides with the sign-in, as the drawn page's form sends it: the server carries it through the provider.
  const here = gate.link.replace(/^https?:\/\/[^/]+/, '');
  expect(new URL((await started).url()).searchParams.get('returnTo')).toBe(here);
  await chooseDevAccount(tradie, `app.gate.${Date.now()}@example.com`);
  await expect(tradie).toHaveURL(here, { timeout: 15_000 });
  await expect(tradie.getByRole('link', { name: 'Complete my profile' })).toBeVisible();
  await tradie.context().close();
});

test('a check-in page reads its site as the app starts, once, without waiting for the page’s own code', async ({ page, browser }) => {
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
  // The page's own code is held until the site has been asked for (src/api/early-read.ts): were the read made by that
  // code, it would not be asked for within the ten seconds.
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

test('a check-in page whose key is not the site’s is the plain page, and the app says so', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto(`/site/00000000-0000-4000-8000-000000000000/check-in?key=${'0'.repeat(32)}`, { waitUntil: 'commit' });
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('#drawn-page')).toHaveCount(0);
  scripts.release();
  await expect(page.getByRole('heading', { name: 'This site QR code is no longer valid' })).toBeVisible();
});
