import { expect, test, type Page } from '@playwright/test';
import { SiteDetailsPage } from './pages/site-details.page';
import { SiteFormPage } from './pages/site-form.page';
import { chooseOption } from './pages/select';
import { SitesListPage } from './pages/sites-list.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ridgelineAdmin = 'admin@ridgeline.demo';

/** A one-page PDF, small enough to write inline. */
const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let runTag = 0;
/** A word only this test's sites carry, so searching for it shows exactly them. */
const uniqueTag = (label: string) => `${label}${Date.now().toString(36)}${++runTag}`;

async function signInAsAdmin(page: Page): Promise<string> {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

interface CreatedSite {
  readonly _id: string;
  readonly version: number;
}

/** Sets a site up through the API as the signed-in admin, to keep each test's data its own. */
async function createSite(page: Page, companyId: string, fields: Record<string, unknown>): Promise<CreatedSite> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/company/${companyId}/projectSites`, {
    headers: { authorization: `Bearer ${token}` },
    data: { address: '1 Test Street', suburb: 'Ultimo', postcode: '2007', siteNumber: 'T-1', clientName: 'Test Client', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedSite;
}

async function updateSite(page: Page, companyId: string, siteId: string, fields: Record<string, unknown>): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.put(`/api/company/${companyId}/projectSites/${siteId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: fields,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const jobNumberValue = (siteNumber: string) => Number(siteNumber.replace(/\D/g, '') || Number.NaN);

test.describe('project sites as the Harbour admin', () => {
  test('lists, searches, sorts by a column and filters by status, keeping the query in the address', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
    const list = new SitesListPage(page);
    await list.settled();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites$`));
    await expect(list.row('14 Wattle Street')).toBeVisible();
    await expect(list.row('14 Wattle Street').getByRole('link', { name: '14 Wattle Street' })).toHaveAttribute(
      'href',
      new RegExp(`/company/${companyId}/projectsites/${uuid}$`),
    );
    await expect(list.createButton).toBeVisible();
    await expect(list.changeStatus).toBeDisabled();

    await list.searchFor('Wattle');
    await expect(list.rows).toHaveCount(1);
    await expect(list.row('HB-1042')).toBeVisible();

    await list.searchFor('no site is called this');
    await expect(list.rows).toHaveCount(0);
    await expect(page.getByText('No Data Found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    await list.settled();
    await expect(list.search).toHaveValue('');

    await list.sortBy('Job No.');
    await expect(list.header('Job No.')).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=siteNumber\.string\.asc/);
    const ascending = (await list.columnTexts('Job No.')).map(jobNumberValue);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await list.header('Job No.').getByRole('button').focus();
    await page.keyboard.press('Enter');
    // The header turns in the render that asks for the new order; the rows are the old ones until the list settles.
    await expect(list.header('Job No.')).toHaveAttribute('aria-sort', 'descending');
    await list.settled();
    const descending = (await list.columnTexts('Job No.')).map(jobNumberValue);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await list.chooseFilter('Completed');
    await expect(page).toHaveURL(/status=completed/);
    await expect(list.row('HB-1029')).toBeVisible();
    for (const status of await list.columnTexts('Status')) expect(status).toBe('Completed');

    await page.reload();
    await list.settled();
    await expect(list.filter).toHaveText('Completed');
    await expect(list.header('Job No.')).toHaveAttribute('aria-sort', 'descending');
  });

  test('ticks two sites and changes their status in one step', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    const tag = uniqueTag('Bulk');
    await createSite(page, companyId, { address: '1 Bulk Lane', clientName: `${tag} One`, siteNumber: 'BK-1' });
    await createSite(page, companyId, { address: '2 Bulk Lane', clientName: `${tag} Two`, siteNumber: 'BK-2' });
    const list = new SitesListPage(page);
    await list.goto(companyId, `?search=${tag}`);
    await expect(list.rows).toHaveCount(2);
    await expect(list.changeStatus).toBeDisabled();

    await list.rowCheckbox('1 Bulk Lane').check();
    await expect(list.selectPage).toHaveAttribute('aria-checked', 'mixed');
    await list.rowCheckbox('2 Bulk Lane').check();
    await expect(list.selectPage).toBeChecked();
    await expect(list.selectionBar).toContainText('2 selected');

    await list.changeStatus.click();
    await expect(list.menuItem('Ongoing')).toHaveAttribute('aria-disabled', 'true');
    await list.menuItem('On Hold').click();

    await expect(page.getByText('Status updated successfully')).toBeVisible();
    await list.settled();
    await expect(list.rowCheckbox('1 Bulk Lane')).not.toBeChecked();
    await expect(list.rowCheckbox('2 Bulk Lane')).not.toBeChecked();
    await expect(list.selectionBar).toHaveCount(0);
    await expect(list.changeStatus).toBeDisabled();
    expect(await list.columnTexts('Status')).toEqual(['On Hold', 'On Hold']);
  });

  test('an open list shows a change made elsewhere by itself, without a reload', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    const tag = uniqueTag('Live');
    const site = await createSite(page, companyId, { address: '3 Live Lane', clientName: `${tag} One`, siteNumber: 'LV-1' });
    const list = new SitesListPage(page);
    await list.goto(companyId, `?search=${tag}`);
    expect(await list.columnTexts('Status')).toEqual(['Ongoing']);

    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const elsewhere = await page.request.patch(`/api/company/${companyId}/projectSites/${site._id}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'completed' },
    });
    expect(elsewhere.status()).toBe(200);
    await expect(list.row('3 Live Lane')).toContainText('Completed', { timeout: 5000 });
  });

  test('selects every site of the filtered list across pages and changes them all', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    const tag = uniqueTag('All');
    for (const number of [1, 2, 3]) {
      await createSite(page, companyId, { address: `${number} Every Street`, clientName: `${tag} ${number}`, siteNumber: `EV-${number}` });
    }
    const list = new SitesListPage(page);
    await list.goto(companyId, `?search=${tag}&status=ongoing&pageSize=2`);
    await expect(list.rows).toHaveCount(2);
    await expect(page.getByText('Showing 1–2 of 3 sites')).toBeVisible();

    await list.selectPage.check();
    await expect(list.selectionBar).toContainText('All 2 on this page are selected.');
    await list.selectionBar.getByRole('button', { name: 'Select all 3 matching' }).click();
    await expect(list.selectionBar).toContainText('All 3 matching are selected.');
    await page.getByRole('button', { name: 'Next page' }).click();
    await list.settled();
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first().getByRole('checkbox')).toBeChecked();
    await expect(list.selectPage).toBeChecked();

    await list.changeStatus.click();
    await expect(list.menuItem('Ongoing')).toHaveAttribute('aria-disabled', 'true');
    await list.menuItem('Completed').click();
    await expect(page.getByText('Status updated successfully')).toBeVisible();
    await list.settled();
    await expect(page.getByText('No Data Found')).toBeVisible();

    await list.chooseFilter('Completed');
    await expect(page.getByText('Showing 1–2 of 3 sites')).toBeVisible();
    await expect(list.selectionBar).toHaveCount(0);
  });

  test('creates a site with PPE, a supervisor and a safety plan, opens it and edits it', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    const tag = uniqueTag('Create');
    const list = new SitesListPage(page);
    await list.goto(companyId);
    await list.createButton.click();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/add$`));
    await expect(page.getByRole('heading', { name: 'Create New Project Site' })).toBeVisible();

    const form = new SiteFormPage(page);
    await form.fill({ address: '77 Harris Street', suburb: 'Pyrmont' });
    await form.finish.click();
    await expect(form.errorFor('postcode')).toHaveText('This field is required');
    await expect(form.errorFor('clientName')).toHaveText('This field is required');
    await expect(form.field('address')).toHaveValue('77 Harris Street');

    await form.fill({ postcode: '20O9' });
    await expect(form.errorFor('postcode')).toHaveText('A valid postcode is required');
    await form.fill({ postcode: '2009', siteNumber: 'HB-2001', clientName: `${tag} Pty Ltd`, otherPpe: 'Sunscreen at the gate' });
    await expect(form.errorFor('postcode')).toHaveCount(0);
    await form.togglePpe('Hard Hat', 'Gloves', 'Hearing Protection');
    await expect(form.ppe('Hard Hat')).toHaveAttribute('aria-pressed', 'true');
    await chooseOption(form.supervisor, 'Priya Sharma');
    await form.attachPlan('site-safety-plan.pdf', tinyPdf);
    await form.finish.click();

    await expect(page.getByText('ProjectSite added successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${uuid}$`));
    const details = new SiteDetailsPage(page);
    await expect(details.edit).toBeVisible();
    await expect(details.detail('Street Address')).toHaveText('77 Harris Street');
    await expect(details.detail('Client')).toHaveText(`${tag} Pty Ltd`);
    await expect(details.detail('Site Supervisor').getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute(
      'href',
      new RegExp(`/company/${companyId}/employees/${uuid}$`),
    );
    await expect(details.ppe.getByRole('listitem')).toHaveText(['Hard Hat', 'Gloves', 'Hearing Protection']);
    await expect(details.detail('Other PPE')).toHaveText('Sunscreen at the gate');
    const plan = details.detail('Site Safety Plan').getByRole('link', { name: 'View Attached' });
    await expect(plan).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get((await plan.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await details.edit.click();
    await expect(page.getByRole('heading', { name: 'Site Information' })).toBeVisible();
    await expect(form.field('address')).toHaveValue('77 Harris Street');
    await expect(form.supervisor).toHaveText('Priya Sharma');
    await expect(form.ppe('Gloves')).toHaveAttribute('aria-pressed', 'true');
    await form.fill({ clientName: `${tag} Holdings` });
    await form.togglePpe('Gloves');
    await form.saveUpdates.click();

    await expect(page.getByText('ProjectSite updated successfully')).toBeVisible();
    await expect(details.detail('Client')).toHaveText(`${tag} Holdings`);
    await expect(details.detail('Site Supervisor')).toHaveText('Priya Sharma');
    await expect(details.ppe.getByRole('listitem')).toHaveText(['Hard Hat', 'Hearing Protection']);
    await expect(details.detail('Site Safety Plan').getByRole('link', { name: 'View Attached' })).toBeVisible();

    await details.changeStatus.click();
    await expect(page.getByRole('menuitem', { name: 'Ongoing' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('menuitem', { name: 'On Hold' }).click();
    await expect(page.getByText('Status updated successfully')).toBeVisible();
    await expect(page.locator('[data-slot="status-badge"]').first()).toHaveText('On Hold');
  });

  test('a seeded site shows its supervisor, PPE, plan and check-ins and SWMS that load as the user scrolls', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    const list = new SitesListPage(page);
    await list.goto(companyId, '?search=HB-1042');
    await list.row('14 Wattle Street').getByRole('link', { name: '14 Wattle Street' }).click();
    const details = new SiteDetailsPage(page);
    await expect(details.edit).toBeVisible();
    await expect(details.detail('Job No.')).toHaveText('HB-1042');
    await expect(details.detail('Site Supervisor').getByRole('link')).toBeVisible();
    await expect(details.detail('Supervisor Phone')).not.toBeEmpty();
    await expect(details.ppe.getByRole('listitem')).toContainText(['Hard Hat']);

    for (const activity of [details.checkIns, details.swms]) {
      await expect(details.entries(activity).first()).toBeVisible();
      await expect(activity.getByText('Scroll For more')).toBeVisible();
      const before = await details.entries(activity).count();
      await activity.getByText('Scroll For more').scrollIntoViewIfNeeded();
      await expect.poll(() => details.entries(activity).count()).toBeGreaterThan(before);
    }
    const firstSwms = details.swms.getByRole('link').first();
    await expect(firstSwms).toHaveAttribute('href', new RegExp(`/company/${companyId}/swms/${uuid}$`));
  });

  test('a save over someone else’s newer edit is refused with its message and a reload', async ({ page }) => {
    const companyId = await signInAsAdmin(page);
    const tag = uniqueTag('Stale');
    const site = await createSite(page, companyId, { address: '5 Race Street', clientName: `${tag} First` });
    await page.goto(`/company/${companyId}/projectsites/${site._id}/edit`);
    const form = new SiteFormPage(page);
    await expect(form.field('clientName')).toHaveValue(`${tag} First`);

    await updateSite(page, companyId, site._id, {
      address: '5 Race Street', suburb: 'Ultimo', postcode: '2007', siteNumber: 'T-1', clientName: `${tag} Theirs`, version: site.version,
    });
    await form.fill({ clientName: `${tag} Mine` });
    await form.saveUpdates.click();
    await expect(page.getByRole('alert').filter({ hasText: 'This site was changed by someone else' })).toBeVisible();
    await expect(page.getByText('Failed to update the information')).toBeVisible();
    await expect(form.field('clientName')).toHaveValue(`${tag} Mine`);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(form.field('clientName')).toHaveValue(`${tag} Theirs`);
    await form.fill({ clientName: `${tag} Mine` });
    await form.saveUpdates.click();
    await expect(page.getByText('ProjectSite updated successfully')).toBeVisible();
  });
});

test.describe('project sites for other people', () => {
  let harbourId = '';

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    harbourId = await signInAsAdmin(page);
    await page.close();
  });

  test('a supervisor opening the project sites lands on the SWMS list', async ({ page }) => {
    await signInQuickly(page, demo.supervisor);
    await expect(page).toHaveURL(new RegExp(`/company/${harbourId}/swms$`));
    await page.goto(`/company/${harbourId}/projectsites`);
    await expect(page).toHaveURL(new RegExp(`/company/${harbourId}/swms$`));
    await page.goto(`/company/${harbourId}/projectsites/add`);
    await expect(page).toHaveURL(new RegExp(`/company/${harbourId}/swms$`));
  });

  test('an admin of another company opening Harbour’s sites lands on /unauthorised', async ({ page }) => {
    await signInQuickly(page, ridgelineAdmin);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
    await page.goto(`/company/${harbourId}/projectsites`);
    await expect(page).toHaveURL(/\/unauthorised$/);
    await expect(page.getByText('You are not authorised to view this page')).toBeVisible();
  });
});
