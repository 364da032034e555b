import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** DESIGN.md: every machine the app runs appears on /workflows, one card per machine file. */
const machineFiles = readdirSync('machines').filter((name) => name.endsWith('.machine.ts'));

test('an auditor reads a workflow diagram by keyboard, searches it and downloads it', async ({ page }) => {
  await signInQuickly(page, 'auditor@harbourbuild.demo');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/audit$`));
  await page.goto('/workflows');
  const cards = page.locator('.workflow-list li');
  await expect(cards).toHaveCount(machineFiles.length);
  await page.getByRole('link', { name: /SWMS dual review/ }).click();
  await expect(page).toHaveURL(/\/workflows\/swmsReview$/);

  const diagram = page.getByRole('group', { name: 'SWMS dual review statechart' }).first();
  await expect(diagram).toBeVisible();
  const forReview = page.locator('.diagram-frame [data-state-id="swmsReview.supervisor.forReview"]');
  await forReview.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: 'State details' });
  await expect(details.getByRole('heading', { name: 'forReview' })).toBeVisible();
  await expect(details).toContainText('review.mark [isViewerFlag]');

  await page.getByPlaceholder('Find a state or event').fill('review.return');
  await expect(page.locator('.diagram-frame [data-transition-id][data-dim]').first()).toBeAttached();
  await expect(page.locator('.diagram-frame .transition:not([data-dim])')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  const svg = readFileSync(await (await download).path(), 'utf8');
  expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 \d/);
  expect(svg).toContain('swmsReview.companyAdmin.reviewed');

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  const png = readFileSync(await (await pngDownload).path());
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

  // Printed, the whole drawing fits one A4 landscape page.
  const printed = await page.pdf({ preferCSSPageSize: true });
  expect(printed.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  expect(printed.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 841\.\d+ 59\d\.\d+\]/);
});

test("'Show on diagram' numbers the states a SWMS passed through", async ({ page }) => {
  await signInQuickly(page, demo.supervisor);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SwmsListPage(page);
  await list.goto(companyId, '?filter=status.string.reviewed');
  await list.rows.first().getByRole('link').first().click();
  await page.getByRole('link', { name: 'Show on diagram' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/swmsReview\\?swms=${companyId}/${uuid}$`));
  await expect(page.getByRole('status').filter({ hasText: /This SWMS passed through \d+ steps/ })).toBeVisible();
  const frame = page.locator('.diagram-frame');
  await expect(frame.locator('[data-state-id="swmsReview.supervisor.forReview"] .visit').first()).toHaveText('1');
  await expect(frame.locator('[data-state-id="swmsReview.supervisor.reviewed"][data-visited]')).toBeAttached();
});
