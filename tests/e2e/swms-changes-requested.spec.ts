import { expect, test } from '@playwright/test';
import { account, Api, openContext } from './model/accounts';
import { SwmsSubmissionPage } from './pages/swms-submission.page';
import { demo } from './support/sign-in';

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

  await page.goto(`/company/${companyId}/swms?filter=status.string.changesRequested`);
  const row = page.locator(`tbody tr[data-row-id="${swmsId}"]`);
  await expect(row).toContainText('Changes requested');
  await expect(row.locator('[data-slot="status-badge"]')).toHaveAttribute('data-status', 'changesRequested');

  // The SWMS goes back as it was for the suite's other tests; its comment stays, as comments do.
  await api.call('PUT', `company/${companyId}/swms`, { swmsId, status: 'forReview' });
  await context.close();
});
