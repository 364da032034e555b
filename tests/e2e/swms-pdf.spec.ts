import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

test('the admin downloads one SWMS as a PDF, and exports two ticked SWMS as one PDF', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SwmsListPage(page);
  await list.goto(companyId);

  const exportButton = page.getByRole('button', { name: 'Export PDF' });
  await expect(exportButton).toBeDisabled();
  await list.rows.nth(0).getByRole('checkbox').check();
  await list.rows.nth(1).getByRole('checkbox').check();
  const combined = page.waitForEvent('download');
  await exportButton.click();
  const bundle = readFileSync(await (await combined).path());
  expect(bundle.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('PDF of 2 SWMS downloaded')).toBeVisible();

  await list.rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/swms/${uuid}$`));
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  const single = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await single;
  expect(download.suggestedFilename()).toMatch(/^swms-.+\.pdf$/);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
});

test.describe('a browser in Perth', () => {
  test.use({ timezoneId: 'Australia/Perth' });

  test("exports SWMS whose PDF says when it was written on the viewer's clock", async ({ page }) => {
    await signInQuickly(page, demo.admin);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
    const list = new SwmsListPage(page);
    await list.goto(new URL(page.url()).pathname.split('/')[2] ?? '');
    await list.rows.nth(0).getByRole('checkbox').check();
    const combined = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const text = execFileSync('pdftotext', ['-layout', await (await combined).path(), '-'], { encoding: 'utf8' });
    const zones = new Set([...text.matchAll(/generated \w+day, \d{1,2}(?:st|nd|rd|th) \w+ \d{4}, \d{2}:\d{2} (\S+)/g)].map((match) => match[1]));
    expect(zones).toEqual(new Set(['AWST']));
  });
});
