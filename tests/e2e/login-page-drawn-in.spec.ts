import { expect, test, type Page } from '@playwright/test';
import { chooseDevAccount, demo, signInQuickly } from './support/sign-in';
import { holdScripts } from './support/hold-scripts';
import { recordRootScreens, shownScreens } from './support/root-screens';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Issue 11: a signed-out visitor's `GET /` carries the login page drawn in (src/domain/login-page.ts),
 * so it shows, and its buttons start a sign-in, before the app's code has arrived. A visitor whose
 * browser holds a session gets the app's plain page: never the login page on the way to their home.
 */

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
