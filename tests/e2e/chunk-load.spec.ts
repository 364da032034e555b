import { expect, test } from '@playwright/test';
import { demo, signInQuickly } from './support/sign-in';

/** The workflow list's own chunk, as a deploy that removed it would leave it: not there. */
const workflowListChunk = /\/assets\/workflows-page-[\w-]+\.js$/;

test('a screen whose code does not arrive offers a reload, which opens it (spec §9)', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);

  await page.route(workflowListChunk, (route) => route.abort('failed'));
  await page.getByRole('navigation').getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByText('The portal may have been updated, or the connection dropped.')).toBeVisible();

  await page.unroute(workflowListChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.locator('.workflow-list li').first()).toBeVisible();
});

test('the screen after a failed one opens as usual', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);

  await page.route(workflowListChunk, (route) => route.abort('failed'));
  await page.getByRole('navigation').getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Clients' })).toBeVisible();
});
