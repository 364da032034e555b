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

export async function expectLoginScreen(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(login.google).toBeVisible();
  await expect(login.apple).toBeVisible();
}

/** The development identity provider that stands in for Google and Apple. */
export async function expectProviderPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
}
