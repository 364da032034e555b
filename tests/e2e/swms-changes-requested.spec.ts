import { expect, test, type Page } from '@playwright/test';
import { account, Api, openContext } from './model/accounts';
import { SwmsSubmissionPage } from './pages/swms-submission.page';
import { demo } from './support/sign-in';

/** With SCREENSHOTS_DIR set, the page as it stands is also saved as pictures to look at: 1280 and 390 px, light and dark. */
async function snap(page: Page, name: string): Promise<void> {
  const shots = process.env.SCREENSHOTS_DIR;
  if (!shots) return;
  const viewport = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png` });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an admin requests changes with a comment: the review line, the comments and the list filter show it', async ({ browser }) => {
  const admin = await account(browser, demo.admin);
  const api = await Api.as(admin.token);
  const companyId = admin.payload.company ?? '';
  // The company's oldest SWMS For Review on the admin flag: the lists' other tests work from the newest.
  const awaiting = await api.call<{ items: { _id: string }[] }>('GET', `company/${companyId}/swms?filter=status.string.forReview&sort=createdAt.date.asc&pageSize=1`);
  const swmsId = awaiting.items[0]?._id ?? '';
  expect(swmsId, 'the demo company has a SWMS For Review').not.toBe('');

  const { page, context } = await openContext(browser, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  const submission = new SwmsSubmissionPage(page);
  await submission.goto(companyId, swmsId);
  await expect(submission.review('Company Admin review')).toHaveText(/^For Review/);

  await submission.reviewCard.getByRole('button', { name: 'Request changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request changes to this SWMS' });
  const send = dialog.getByRole('button', { name: 'Send request' });
  await expect(send, 'a request needs a comment').toBeDisabled();
  const comment = dialog.getByRole('textbox', { name: 'What needs to change' });
  await comment.fill('   ');
  await expect(send, 'spaces alone are no comment').toBeDisabled();
  await comment.fill('Add the exclusion zone below the scaffold');
  await expect(dialog.getByText('41 of 2000 characters')).toBeVisible();
  await snap(page, 'request-changes-dialog');
  await dialog.getByRole('combobox', { name: 'Part of the SWMS (optional)' }).click();
  await page.getByRole('option', { name: 'Controls' }).click();
  await send.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Status updated successfully').first()).toBeVisible();
  await expect(submission.review('Company Admin review')).toHaveText(/^Changes requested/);
  await expect(submission.reviewCard.getByRole('button', { name: 'Request changes' })).toBeHidden();
  await expect(submission.checkAsReviewed).toBeEnabled();
  const comments = page.getByRole('region', { name: 'Review comments' });
  await expect(comments).toContainText('Add the exclusion zone below the scaffold');
  await expect(comments).toContainText('About: Controls');
  await expect(comments).toContainText('(Company Admin)');
  await snap(page, 'changes-requested-swms');

  await page.goto(`/company/${companyId}/swms?filter=status.string.changesRequested`);
  const row = page.locator(`tbody tr[data-row-id="${swmsId}"]`);
  await expect(row).toContainText('Changes requested');
  await expect(row.locator('[data-slot="status-badge"]')).toHaveAttribute('data-status', 'changesRequested');
  // Each flag shows its own state: the admin's asks for changes, the supervisor's stays as it was.
  await expect(row.getByRole('img', { name: 'Admin: Changes requested' })).toHaveAttribute('data-status', 'changesRequested');
  await expect(row.getByRole('img', { name: /^Supervisor: (For Review|Reviewed)$/ })).toBeVisible();
  // The wider badge still leaves every column on screen at 1280 px: the table does not scroll sideways.
  const table = await page.locator('[data-slot="data-table"] table, table').first().evaluate((element) => {
    const frame = element.parentElement ?? element;
    return { table: element.scrollWidth, frame: frame.clientWidth };
  });
  expect(table.table, 'the SWMS table fits its frame at 1280 px').toBeLessThanOrEqual(table.frame);
  // The filter holds its longest option without running into the list's actions.
  const filterBox = await page.locator('[data-slot="data-table-filter"] .select-trigger').boundingBox();
  const actionsBox = await page.locator('.data-table-actions').boundingBox();
  expect((filterBox?.x ?? 0) + (filterBox?.width ?? 0)).toBeLessThanOrEqual(actionsBox?.x ?? 0);
  await snap(page, 'changes-requested-list');

  // The SWMS goes back as it was for the suite's other tests; its comment stays, as comments do.
  await api.call('PUT', `company/${companyId}/swms`, { swmsId, status: 'forReview' });
  await context.close();
});
