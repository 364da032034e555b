import { expect, test, type Page } from '@playwright/test';
import { CompanyFormPage } from './pages/company-form.page';
import { CompanyProfilePage } from './pages/company-profile.page';
import { EmployeesPage } from './pages/employees.page';
import { InviteFormPage } from './pages/invite-form.page';
import { invitationLink } from './pages/mailbox';
import { signIn, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ridgeline = { admin: 'admin@ridgeline.demo', supervisor: 'supervisor@ridgeline.demo', name: 'Ridgeline Constructions' };
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const toast = (page: Page, message: string) => page.locator('[data-slot="toast"]', { hasText: message });

/** Signs in and returns the company id from the landing page. */
async function signInAt(page: Page, email: string, landing: RegExp): Promise<string> {
  await signInQuickly(page, email);
  await expect(page).toHaveURL(landing);
  return new RegExp(`/company/(${uuid})`).exec(page.url())?.[1] ?? '';
}

test('a company admin views and edits the company profile', async ({ page }) => {
  const companyId = await signInAt(page, ridgeline.admin, new RegExp(`/company/${uuid}$`));
  const profile = new CompanyProfilePage(page);
  await expect(profile.title).toBeVisible();
  await expect(page.getByRole('heading', { name: ridgeline.name })).toBeVisible();
  await expect(profile.detail('ABN')).toHaveText('28 372 940 518');
  const original = (await profile.detail('Builders Registration No.').innerText()).trim();

  await profile.editInformation.click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/edit$`));
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Edit Company' })).toBeVisible();
  const form = new CompanyFormPage(page);
  await expect(form.field('buildersRegNumber')).toHaveValue(original);
  await form.fill({ phone: '123' });
  await expect(form.errorFor('phone')).toHaveText('A valid Phone Number is required');
  await expect(form.submit('Save Changes')).toBeDisabled();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}$`));
  await expect(profile.detail('Office Phone Number')).not.toHaveText('123');
  await profile.editInformation.click();

  const changed = `QBCC ${stamp().toUpperCase()}`;
  await form.fill({ buildersRegNumber: changed });
  await form.submit('Save Changes').click();
  await expect(toast(page, 'Information updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}$`));
  await expect(profile.detail('Builders Registration No.')).toHaveText(changed);

  await profile.editInformation.click();
  await form.fill({ buildersRegNumber: original });
  await form.submit('Save Changes').click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}$`));
  await expect(profile.detail('Builders Registration No.')).toHaveText(original);
});

test('a company admin lists employees, opens one and invites a site supervisor who then signs in', async ({ page, browser }) => {
  const companyId = await signInAt(page, ridgeline.admin, new RegExp(`/company/${uuid}$`));
  const employees = new EmployeesPage(page);
  await employees.goto(companyId);
  expect(await employees.columns()).toEqual(['Full Name', 'Role', 'Phone Number', 'Email Address', 'Projects']);
  await expect(employees.row('Daniel Kowalski')).toContainText('Admin');
  await expect(employees.row('Jessica Thompson')).toContainText('supervisor@ridgeline.demo');

  await employees.row('Jessica Thompson').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/employees/${uuid}$`));
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  const detail = (label: string) =>
    page.locator('[data-slot="detail-item"]', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(detail('First Name')).toHaveText('Jessica');
  await expect(detail('Surname')).toHaveText('Thompson');
  await expect(detail('Employer')).toContainText(ridgeline.name);
  await expect(detail('Role')).toHaveText('Supervisor');
  await page.getByRole('link', { name: 'Back' }).click();

  await employees.addSupervisor.click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/employees/add$`));
  const invitee = { firstName: 'Sam', surname: `Site${stamp()}`, email: `sam-${stamp()}@supervisor.test`, phone: '0412345678' };
  const form = new InviteFormPage(page);
  await form.fill({ ...invitee, email: 'not-an-email' });
  await page.getByLabel('Contact Email', { exact: true }).blur();
  await expect(page.getByText('A valid Contact Email is required')).toBeVisible();
  await expect(form.send).toBeDisabled();
  await form.fill(invitee);
  await form.send.click();
  await expect(toast(page, 'Invite sent successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/employees$`));
  await expect(employees.invited.locator('tbody tr', { hasText: invitee.email })).toContainText('Supervisor');

  const link = await invitationLink(page.request, invitee.email);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/$/);
  await signIn(visitor, invitee.email);
  await expect(visitor).toHaveURL(new RegExp(`/company/${companyId}/swms$`));
  await context.close();
});

test('a supervisor opening the employees list lands on the SWMS list', async ({ page }) => {
  const companyId = await signInAt(page, ridgeline.supervisor, new RegExp(`/company/${uuid}/swms$`));
  await page.goto(`/company/${companyId}/employees`);
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/swms$`));
  await page.goto(`/company/${companyId}/employees/add`);
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/swms$`));
  await expect(page.getByRole('link', { name: 'Add Site Supervisor' })).toHaveCount(0);
});
