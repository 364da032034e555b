import { expect, type Page } from '@playwright/test';

export const demo = {
  superUser: 'super@sitesafe.demo',
  admin: 'admin@harbourbuild.demo',
  supervisor: 'supervisor@harbourbuild.demo',
  unknown: 'stranger@example.com',
} as const;

/** Signs in through the development identity provider, as a person would. */
export async function signIn(page: Page, email: string, provider: 'Google' | 'Apple' = 'Google') {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await chooseDevAccount(page, email);
}

/** On the development identity provider's page: picks the demo account, or types any other address. */
export async function chooseDevAccount(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  const account = page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') });
  if (await account.count()) {
    await account.first().click();
  } else {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

export const storedKeys = (page: Page) => page.evaluate(() => Object.keys(window.localStorage).sort());
