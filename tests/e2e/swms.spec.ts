import { expect, test, type Browser, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { AppShell } from './pages/app-shell.page';
import { ProfilePage } from './pages/profile.page';
import { SwmsListPage } from './pages/swms-list.page';
import { SwmsSubmissionPage } from './pages/swms-submission.page';
import { TradesPersonPage } from './pages/trades-person.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ridgelineAdmin = 'admin@ridgeline.demo';
const statusUpdated = 'Status updated successfully';

/** A signed-in person in a browser context of their own; their company id comes from where they land. */
async function signedIn(browser: Browser, email: string): Promise<{ page: Page; companyId: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, email);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  return { page, companyId, close: () => context.close() };
}

/** The signed-in person's name as their profile shows it (another test may have edited it). */
async function ownName(page: Page): Promise<string> {
  const profile = new ProfilePage(page);
  await profile.goto();
  const first = (await profile.detail('First Name').textContent()) ?? '';
  const surname = (await profile.detail('Surname').textContent()) ?? '';
  return `${first} ${surname}`.trim();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'Reviewed by {name}, {weekday, day month year}, HH:mm' for a review made today. */
const reviewedToday = (name: string) => new RegExp(`^Reviewed by ${escape(name)}, ${escape(format(new Date(), 'EEEE, do MMMM yyyy'))}, \\d{2}:\\d{2}$`);

const bandOf = (level: number) => (level > 15 ? 'Catastrophic' : level > 9 ? 'High' : level > 3 ? 'Moderate' : 'Low');

/** When an earlier test left nothing For Review: three Reviewed SWMS go back, in one bulk step. */
async function returnSomeForReview(list: SwmsListPage): Promise<void> {
  await list.chooseFilter('Reviewed');
  for (const row of (await list.rows.all()).slice(0, 3)) await list.rowCheckbox(row).check();
  await list.changeStatus.click();
  await expect(list.menuItem('Mark as Reviewed')).toHaveAttribute('data-disabled', '');
  await list.menuItem('Mark as For Review').click();
  const toast = list.page.getByText(statusUpdated);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 10_000 });
  await list.chooseFilter('For Review');
}

test('a supervisor filters For Review, sorts by date and marks a whole page reviewed in one step', async ({ browser }) => {
  const supervisor = await signedIn(browser, demo.supervisor);
  const list = new SwmsListPage(supervisor.page);
  await expect(supervisor.page).toHaveURL(/\/swms$/);
  await list.settled();

  await list.chooseFilter('For Review');
  await expect(list.header('Date/Time Submitted')).toHaveAttribute('aria-sort', 'descending');
  await list.sortBy('Date/Time Submitted');
  await expect(list.header('Date/Time Submitted')).toHaveAttribute('aria-sort', 'ascending');
  await expect(supervisor.page).toHaveURL(/filter=status\.string\.forReview/);
  await expect(supervisor.page).toHaveURL(/sort=createdAt\.date\.asc/);
  await expect(list.changeStatus).toBeDisabled();

  if ((await list.rows.count()) === 0) await returnSomeForReview(list);
  const ticked = await list.rowIds();
  expect(ticked.length).toBeGreaterThan(0);
  expect(ticked.length).toBeLessThanOrEqual(20);
  for (const id of ticked) await expect(list.status(list.row(id))).toHaveText('For Review');

  await list.selectPage.check();
  for (const row of await list.rows.all()) await expect(list.rowCheckbox(row)).toBeChecked();
  await expect(list.selectionBar).toBeVisible();
  await expect(list.changeStatus).toBeEnabled();
  await list.changeStatus.click();
  await expect(list.menuItem('Mark as For Review')).toHaveAttribute('data-disabled', '');
  await list.menuItem('Mark as Reviewed').click();

  await expect(supervisor.page.getByText(statusUpdated)).toBeVisible();
  await expect.poll(async () => (await list.rowIds()).filter((id) => ticked.includes(id))).toEqual([]);
  await expect(list.selectionBar).toBeHidden();
  await expect(list.changeStatus).toBeDisabled();

  const name = await ownName(supervisor.page);
  const submission = new SwmsSubmissionPage(supervisor.page);
  await submission.goto(supervisor.companyId, ticked[0] ?? '');
  await expect(submission.review('Supervisor review')).toHaveText(reviewedToday(name));
  await expect(submission.checkAsReviewed).toBeHidden();
  await supervisor.close();
});

test('the list pages forward and back by cursor, and a reload of a deep page shows the same rows', async ({ browser }) => {
  const admin = await signedIn(browser, demo.admin);
  const list = new SwmsListPage(admin.page);
  await list.goto(admin.companyId);
  const first = await list.rowIds();
  await list.turnPage(list.nextPage);
  await expect(admin.page).toHaveURL(/[?&]page=2&after=/);
  const second = await list.rowIds();
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  await admin.page.reload();
  await list.settled();
  expect(await list.rowIds()).toEqual(second);
  await list.turnPage(list.previousPage);
  await expect(admin.page).not.toHaveURL(/after=|before=/);
  expect(await list.rowIds()).toEqual(first);
  await admin.close();
});

test('an admin selects every matching SWMS, across pages, and marks them For Review in one step', async ({ browser }) => {
  const admin = await signedIn(browser, demo.admin);
  const list = new SwmsListPage(admin.page);
  await list.goto(admin.companyId);
  const onPage = await list.rows.count();

  await list.selectPage.check();
  const selectAll = admin.page.getByRole('button', { name: /^Select all \d+ matching$/ });
  const total = Number((await selectAll.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(onPage);
  await selectAll.click();
  await expect(list.selectionBar).toContainText(`All ${total} matching are selected.`);
  await list.turnPage(list.nextPage);
  await expect(admin.page).toHaveURL(/after=/);
  for (const row of await list.rows.all()) await expect(list.rowCheckbox(row)).toBeChecked();
  await list.changeStatus.click();
  await list.menuItem('Mark as For Review').click();
  await expect(admin.page.getByText(statusUpdated)).toBeVisible();
  await expect(list.selectionBar).toBeHidden();

  await list.chooseFilter('Reviewed');
  await expect(list.table.getByText('No Data Found')).toBeVisible();
  await admin.close();
});

test('the supervisor checks a SWMS as reviewed, the admin sees it and adds their own, and either reaches the tradesperson', async ({ browser }) => {
  const supervisor = await signedIn(browser, demo.supervisor);
  const supervisorName = await ownName(supervisor.page);
  const list = new SwmsListPage(supervisor.page);
  await list.goto(supervisor.companyId);
  const swmsId = (await list.rowIds())[0] ?? '';
  await list.rows.first().getByRole('link').first().click();
  await expect(supervisor.page).toHaveURL(new RegExp(`/swms/${swmsId}$`));

  const submission = new SwmsSubmissionPage(supervisor.page);
  await expect(new AppShell(supervisor.page).pageTitle).toHaveText('SWMS Submission');
  await expect(submission.risk).toBeVisible();
  const overall = Number(await submission.riskDetail('Overall Risk Level').textContent());
  await expect(submission.band).toHaveText(bandOf(overall));
  const consequence = (await submission.riskDetail('Consequence').textContent()) ?? '';
  expect(consequence).toMatch(/^[1-5] (Insignificant|Minor|Moderate|Major|Catastrophic) \(.+\)$/);
  await expect(submission.scaleChoice('Consequence scale')).toHaveText(consequence);
  const likelihood = (await submission.riskDetail('Likelihood').textContent()) ?? '';
  expect(likelihood).toMatch(/^[1-5] (Rare|Unlikely|Possible|Likely|Almost Certain) \(.+\)$/);
  await expect(submission.scaleChoice('Likelihood scale')).toHaveText(likelihood);
  await expect(submission.task.getByText('No photo').or(submission.task.getByRole('img')).first()).toBeVisible();

  if (await submission.returnForReview.isVisible()) {
    await submission.returnToForReview();
    await expect(submission.review('Supervisor review')).toHaveText('For Review');
  }
  await submission.checkAsReviewed.click();
  await expect(supervisor.page.getByText(statusUpdated).first()).toBeVisible();
  await expect(submission.checkAsReviewed).toBeHidden();
  await expect(submission.review('Supervisor review')).toHaveText(reviewedToday(supervisorName));
  const supervisorReview = (await submission.review('Supervisor review').textContent()) ?? '';

  await supervisor.page.reload();
  await expect(submission.review('Supervisor review')).toHaveText(supervisorReview);
  await expect(submission.checkAsReviewed).toBeHidden();
  const submitter = (await submission.submitterLink.textContent()) ?? '';
  // Issue 10: the supervisor reaches the SWMS's site (who is on site now, its QR code) from here.
  await submission.siteLink.click();
  await expect(supervisor.page).toHaveURL(new RegExp(`/company/${supervisor.companyId}/projectsites/${uuid}$`));
  await expect(supervisor.page.getByRole('heading', { name: /^On site now/ })).toBeVisible();
  await expect(supervisor.page.getByRole('button', { name: 'Site poster' })).toBeVisible();
  await supervisor.close();

  const admin = await signedIn(browser, demo.admin);
  const adminName = await ownName(admin.page);
  const adminView = new SwmsSubmissionPage(admin.page);
  await adminView.goto(admin.companyId, swmsId);
  await expect(adminView.review('Supervisor review')).toHaveText(supervisorReview);
  if (await adminView.returnForReview.isVisible()) {
    await adminView.returnToForReview();
    await expect(adminView.review('Company Admin review')).toHaveText('For Review');
  }
  await adminView.checkAsReviewed.click();
  await expect(admin.page.getByText(statusUpdated).first()).toBeVisible();
  await expect(adminView.checkAsReviewed).toBeHidden();
  await expect(adminView.review('Company Admin review')).toHaveText(reviewedToday(adminName));
  await expect(adminView.review('Supervisor review')).toHaveText(supervisorReview);

  await adminView.submitterLink.click();
  await expect(admin.page).toHaveURL(new RegExp(`/trades/${uuid}$`));
  await expect(new AppShell(admin.page).pageTitle).toHaveText('Tradesperson Details');
  const trades = new TradesPersonPage(admin.page);
  await expect(trades.detail('First Name')).toHaveText(submitter.split(' ')[0] ?? '');
  for (const label of ['Surname', 'Phone', 'Email', 'Emergency Contact Name', 'Emergency Contact Phone', 'Trades / Qualifications', 'White Card Number']) {
    await expect(trades.detail(label), label).not.toBeEmpty();
  }
  await admin.close();
});

test("an admin of another company is not shown Harbour's SWMS", async ({ browser }) => {
  const harbour = await signedIn(browser, demo.admin);
  const list = new SwmsListPage(harbour.page);
  await list.goto(harbour.companyId);
  const swmsId = (await list.rowIds())[0] ?? '';
  await harbour.close();

  const ridgeline = await signedIn(browser, ridgelineAdmin);
  const submission = new SwmsSubmissionPage(ridgeline.page);
  await submission.goto(ridgeline.companyId, swmsId);
  await expect(ridgeline.page.getByText('You are not authorised to view this SWMS')).toBeVisible();
  await expect(submission.risk).toHaveCount(0);
  await expect(submission.checkAsReviewed).toHaveCount(0);

  await submission.goto(harbour.companyId, swmsId);
  await expect(ridgeline.page.getByText('You are not authorised to view this page')).toBeVisible();
  await expect(submission.risk).toHaveCount(0);
  await ridgeline.close();
});
