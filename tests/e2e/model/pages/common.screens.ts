import { expect, type Locator, type Page } from '@playwright/test';

/** A toast (spec §8), in the notifications region. */
export const toast = (page: Page, message: string): Locator =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(message, { exact: true });

/** 'Loading, Please Wait' (spec §1): a screen whose data is on its way. */
export const loadingScreen = (page: Page): Locator => page.getByRole('status').filter({ hasText: 'Loading, Please Wait' });

export async function expectLoading(page: Page): Promise<void> {
  await expect(loadingScreen(page)).toBeVisible();
}
