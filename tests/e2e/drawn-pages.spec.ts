import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { demoGate } from './support/demo-gate';
import { holdScripts } from './support/hold-scripts';
import { snapPhone } from './support/phone-pictures';
import { recordRootScreens, shownScreens } from './support/root-screens';
import { chooseDevAccount, demo, signInQuickly } from './support/sign-in';

/**
 * The pages the portal sends drawn in, shown, and with working buttons, before the app's code has arrived: a signed-out
 * visitor's login page at `/` (src/domain/login-page.ts), and the check-in page a site poster's QR code opens with its
 * site drawn in (src/domain/check-in-page.ts), so a phone on poor signal shows which site it is at and can start signing
 * in. A visitor whose browser holds a session gets the plain page at `/`, never the login page on the way to their home;
 * at the check-in page the app's own page takes over in the drawn one's place once it has more to show.
 */

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';


/** The page `GET /` answers this browser with, as its cookies stand. */
const pageAtRoot = (page: Page) => page.evaluate(async () => (await fetch('/', { credentials: 'same-origin' })).text());

test('the login page shows, and Continue with Google starts the sign-in, before any of the app’s code has run', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · SiteSafe Portal');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  // Nothing of the app has run: it writes the theme on <html> as it starts.
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBeNull();

  await google.click();
  await expect(page).toHaveURL(/\/oidc\//);
  scripts.release();
  await chooseDevAccount(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Projects' })).toBeVisible();
});

test('a browser holding a session gets the plain page at /, and the login page again once signed out', async ({ page }) => {
  await page.goto('/');
  expect(await pageAtRoot(page)).toContain('class="login-card"');

  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const signedIn = await pageAtRoot(page);
  expect(signedIn).not.toContain('class="login"');
  expect(signedIn).toContain('<div id="root"></div>');

  // Opening / again: the app's own screens only, never the login page, on the way home.
  await recordRootScreens(page);
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  expect(await shownScreens(page)).not.toContain('login');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // The session machine clears the session once the server has answered the sign-out.
  await expect.poll(() => pageAtRoot(page)).toContain('class="login-card"');
});

test('a visitor coming back from the identity provider (/?code=) gets the plain page', async ({ page }) => {
  await page.goto('/');
  expect(await page.evaluate(async () => (await fetch('/?code=not-a-code')).text())).not.toContain('class="login"');
});

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

test('a check-in page whose key is not the site’s is the plain page, and the app says so', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto(`/site/00000000-0000-4000-8000-000000000000/check-in?key=${'0'.repeat(32)}`, { waitUntil: 'commit' });
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('#drawn-page')).toHaveCount(0);
  scripts.release();
  await expect(page.getByRole('heading', { name: 'This site QR code is no longer valid' })).toBeVisible();
});
