import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page';
import { CompanyFormPage } from './pages/company-form.page';
import { SiteFormPage } from './pages/site-form.page';
import { SitesListPage } from './pages/sites-list.page';
import { uniqueAbn } from './support/abn';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const shots = process.env.SCREENSHOTS_DIR;

/** With SCREENSHOTS_DIR set, the screen is also saved as pictures to look at (light and dark, 390 and 1280 px). */
async function snap(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png` });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}
const harbourAbn = '51 824 753 556';

async function openNewSiteForm(page: Page): Promise<string> {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SitesListPage(page);
  await list.goto(companyId);
  await list.createButton.click();
  await expect(page.getByRole('heading', { name: 'Create New Project Site' })).toBeVisible();
  return companyId;
}

test.describe('errors where the eye is', () => {
  for (const width of [1280, 390]) {
    test(`a text file renamed .pdf as the safety plan is refused beside its field, in view, before any upload (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openNewSiteForm(page);
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/file') uploads.push(request.url());
      });
      const form = new SiteFormPage(page);
      await form.planInput.setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('These are my site notes, not a PDF.\n') });

      const picker = page.locator('[data-slot="file-upload"]');
      const message = picker.locator('.field-error');
      await expect(message).toHaveText('The site safety plan must be a PDF file; this file is not one. Choose another file.');
      await expect(message).toBeInViewport();
      await expect(picker).toHaveAttribute('data-state', 'empty');
      await expect(picker.getByRole('button', { name: /^Choose file/ })).toHaveAttribute('aria-invalid', 'true');
      expect(uploads, 'nothing is sent for a file that is not what its name claims').toEqual([]);
    });
  }

  test('a fake logo is refused by its first bytes, with no broken thumbnail', async ({ page }) => {
    await signInQuickly(page, demo.superUser);
    await expect(page).toHaveURL(/\/clients$/);
    await page.goto('/clients/create');
    const form = new CompanyFormPage(page);
    await form.logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a, or just text') });
    const picker = page.locator('[data-slot="file-upload"]');
    await expect(picker.locator('.field-error')).toHaveText('The logo must be a PNG image; this file is not one. Choose another file.');
    await expect(picker.locator('img')).toHaveCount(0);
  });

  test("a refused save shows the server's reason beside the field it names, scrolled into view and focused", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await signInQuickly(page, demo.superUser);
    await expect(page).toHaveURL(/\/clients$/);
    await page.goto('/clients/create');
    const form = new CompanyFormPage(page);
    const id = Date.now().toString(36);
    await form.fill({
      name: `Refused ${id}`,
      abn: harbourAbn,
      buildersRegNumber: `BLD-${id}`,
      phone: '0298765432',
      email: `office-${id}@builder.test`,
      address: '12 George Street, Sydney NSW 2000',
      postalAddress: 'PO Box 12, Sydney NSW 2001',
    });
    await form.submit('Next').scrollIntoViewIfNeeded();
    await expect(form.field('abn')).not.toBeInViewport();
    await form.submit('Next').click();

    await expect(form.errorFor('abn')).toHaveText('A company with this ABN already exists');
    await expect(form.errorFor('abn')).toBeInViewport();
    await expect(form.field('abn')).toBeFocused();
    await expect(page.locator('form [role="alert"]')).toHaveCount(0);

    await form.fill({ abn: uniqueAbn() });
    await expect(form.errorFor('abn')).toHaveCount(0);
  });
});

test.describe('nothing typed is lost', () => {
  test('leaving a half-filled form asks first: Keep editing keeps the text, Leave leaves', async ({ page }) => {
    const companyId = await openNewSiteForm(page);
    const form = new SiteFormPage(page);
    const shell = new AppShell(page);
    await form.fill({ address: '9 Half Filled Lane' });

    await shell.navLink('Projects').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Leave without saving?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/add$`));
    await expect(form.field('address')).toHaveValue('9 Half Filled Lane');

    await page.goBack();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/add$`));
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.field('address')).toHaveValue('9 Half Filled Lane');

    await shell.navLink('Projects').click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites$`));
  });

  test("the tradesperson's profile asks before leaving what was typed: Keep editing keeps it, Leave forgets it, Cancel leaves at once", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInQuickly(page, 'tradie8@trades.demo');
    await expect(page).toHaveURL(new RegExp(`/trades/${uuid}$`));
    const home = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(new RegExp(`${home}/edit$`));
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    const saved = await phone.inputValue();
    await page.getByRole('textbox', { name: 'Emergency Contact Name', exact: true }).fill('Half Typed Contact');

    const dialog = page.getByRole('alertdialog');
    await page.goBack();
    await expect(dialog.getByRole('heading', { name: 'Leave without saving?' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${home}/edit$`));
    await snap(page, 'trades-profile-leave');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Emergency Contact Name', exact: true })).toHaveValue('Half Typed Contact');

    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Emergency Contact Name', exact: true })).not.toHaveValue('Half Typed Contact');
    await expect(page.getByText('Your unsaved changes from last time are back.')).toHaveCount(0);

    // Cancel is the user's own choice: it leaves without the question.
    await phone.fill(`${saved}9`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(dialog).toHaveCount(0);
  });

  test('an untouched form, and a form just saved, leave without asking', async ({ page }) => {
    const companyId = await openNewSiteForm(page);
    const shell = new AppShell(page);
    await shell.navLink('Projects').click();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites$`));

    await new SitesListPage(page).createButton.click();
    const form = new SiteFormPage(page);
    const tag = Date.now().toString(36);
    await form.fill({ address: `${tag} Saved Street`, suburb: 'Ultimo', postcode: '2007', siteNumber: `SV-${tag}`, clientName: `Saved ${tag}` });
    await form.finish.click();
    await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${uuid}$`));
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
