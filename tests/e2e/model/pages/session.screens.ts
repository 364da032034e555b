import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from '../../pages/login.page';

/** Spec §9 stored client values, under the keys the product has always used. */
export const storedSession = (page: Page) =>
  page.evaluate(() => {
    const read = (key: string) => window.localStorage.getItem(key);
    return { signInWith: read('signInWith'), authCode: read('authCode'), accessToken: read('accessToken'), invitationCode: read('invitationCode') };
  });

export const logoutButton = (page: Page): Locator => page.getByRole('button', { name: 'Logout' }).first();

export const noRolesMessage = (page: Page): Locator => page.getByRole('heading', { name: 'You have no roles in the system' });

export const mainNavigation = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

/** Issue 55 §8: what the login page says after a sign-in that did not complete. */
const signInFailureLines = {
  refused: 'Sign-in did not complete: the sign-in code was invalid or had expired. Please try again.',
  unreachable: 'Sign-in did not complete: the portal could not be reached. Please try again.',
} as const;

/** The login screen, with the line saying why the last sign-in failed when `failure` names it, and none otherwise. */
export async function expectLoginScreen(page: Page, failure: keyof typeof signInFailureLines | null = null): Promise<void> {
  const login = new LoginPage(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(login.google).toBeVisible();
  await expect(login.apple).toBeVisible();
  const line = page.locator('.login-failed');
  if (failure) await expect(line).toHaveText(signInFailureLines[failure]);
  else await expect(line).toHaveCount(0);
}

/** The development identity provider that stands in for Google and Apple. */
export async function expectProviderPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
}
