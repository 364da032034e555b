import { expect, test } from '@playwright/test';
import { demo, signInQuickly } from './support/sign-in';

test('a supervisor edits their profile and sees the toast', async ({ page }) => {
  await signInQuickly(page, demo.supervisor);
  await expect(page).toHaveURL(/\/swms$/);
  await page.getByRole('navigation').getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Harbour Build Co')).toBeVisible();
  await expect(page.getByText('Supervisor', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Information' }).or(page.getByRole('link', { name: 'Edit Information' })).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]+$/);

  const phone = page.getByLabel('Phone', { exact: false }).first();
  await phone.fill('04x');
  await phone.blur();
  await expect(page.getByText('A valid phone number is required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Edits' })).toBeDisabled();

  await phone.fill('0412345678');
  const firstName = page.getByLabel('First Name');
  await firstName.fill('Samira');
  await page.getByRole('button', { name: 'Save Edits' }).click();
  await expect(page.getByText('Details updated successfully')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText('Samira')).toBeVisible();
});

test('the theme toggle starts from the system preference and is remembered', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await signInQuickly(page, demo.admin);
  // The sign-in screen has a toggle of its own: a click on it as the signed-in screen replaces it would be lost.
  await expect(page.getByRole('heading', { name: 'Company Profile', level: 1 })).toBeVisible();
  const toLight = page.getByRole('button', { name: 'Use light mode' });
  await expect(toLight).toBeVisible();
  await toLight.click();
  await expect(page.getByRole('button', { name: 'Use dark mode' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Use dark mode' })).toBeVisible();
  await context.close();
});

test('an unmatched path says so and the version label shows', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  // The portal under test has the development sign-in mounted (DESIGN.md: the label then says DEV).
  await expect(page.getByText(/^v1\.0\.33 DEV$/)).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('You are not authorised to view this page')).toBeVisible();
});
