import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { AcceptInvitationPage } from './pages/accept-invitation.page';
import { ClientDetailsPage } from './pages/client-details.page';
import { ClientsPage } from './pages/clients.page';
import { CompanyFormPage, type CompanyFormValues } from './pages/company-form.page';
import { InviteFormPage, type Invitee } from './pages/invite-form.page';
import { invitationLink } from './pages/mailbox';
import { uniqueAbn } from './support/abn';
import { demo, signIn, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 16x16 amber-on-navy PNG, made here so the test needs no fixture file. */
function logoPng(): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: size }, (_, x) => (Math.abs(x - 7.5) + Math.abs(y - 7.5) < 6 ? [245, 158, 11] : [19, 41, 75])).flat()]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

function newClient(label: string): CompanyFormValues {
  const id = stamp();
  return {
    name: `${label} ${id}`,
    abn: uniqueAbn(),
    buildersRegNumber: `BLD-${id.toUpperCase()}`,
    phone: '0298765432',
    email: `office-${id}@builder.test`,
    address: '12 George Street, Sydney NSW 2000',
    postalAddress: 'PO Box 12, Sydney NSW 2001',
  };
}

function newInvitee(first: string): Invitee {
  return { firstName: first, surname: `Tester${stamp()}`, email: `${first.toLowerCase()}-${stamp()}@invitee.test`, phone: '0412345678' };
}

const toast = (page: Page, message: string) => page.locator('[data-slot="toast"]', { hasText: message });

async function signInFresh(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, email);
  return { context, page };
}

async function createClient(page: Page, client: CompanyFormValues, logo = false): Promise<string> {
  const clients = new ClientsPage(page);
  const form = new CompanyFormPage(page);
  await clients.goto();
  await clients.createClient.click();
  await expect(page).toHaveURL(/\/clients\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Client' })).toBeVisible();
  await form.fill(client);
  if (logo) await form.uploadLogo({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await form.submit('Next').click();
  await expect(toast(page, 'Client added successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/(${uuid})/employees/add$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Create Admin User' })).toBeVisible();
  return /\/clients\/([^/]+)\/employees\/add$/.exec(page.url())?.[1] ?? '';
}

test('a super user searches and sorts the client list, and Back keeps the search', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  const clients = new ClientsPage(page);
  await expect(clients.rows.first()).toBeVisible();

  await clients.search.fill('harbour');
  await expect(page).toHaveURL(/\?q=harbour$/);
  await expect(clients.rows).toHaveCount(1);
  await expect(clients.row('Harbour Build Co')).toContainText('51 824 753 556');

  await clients.row('Harbour Build Co').getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${uuid}$`));
  await expect(page.getByRole('heading', { name: 'Harbour Build Co' })).toBeVisible();
  await page.goBack();
  await expect(clients.search).toHaveValue('harbour');
  await expect(clients.rows).toHaveCount(1);

  await clients.search.fill('');
  await expect(page).toHaveURL(/\/clients$/);
  await clients.sortBy('Sort A-Z');
  await expect(page).toHaveURL(/sort=name\.string\.asc/);
  const ascending = await clients.names();
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending.indexOf('Harbour Build Co')).toBeLessThan(ascending.indexOf('Ridgeline Constructions'));
  expect((ascending[0] ?? '').toLowerCase() <= (ascending.at(-1) ?? '').toLowerCase()).toBe(true);
  await clients.sortBy('Sort Z-A');
  await expect.poll(() => clients.names()).toEqual([...ascending].reverse());
  await clients.sortBy('Sort Most Recent');

  await clients.search.fill('no client is called this');
  await expect(clients.empty).toBeVisible();

  await clients.search.fill('');
  await clients.row('Ridgeline Constructions').getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ridgeline Constructions' })).toBeVisible();
});

test('a super user onboards a client with a logo, and its admin accepts the emailed invitation', async ({ page, browser }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);

  const client = newClient('Onboarding Test');
  const form = new CompanyFormPage(page);
  await new ClientsPage(page).createClient.click();
  await expect(form.submit('Next')).toBeDisabled();
  await form.fill({ ...client, abn: '12 345 678 901' });
  await expect(form.errorFor('abn')).toHaveText('A valid ABN is required');
  await expect(form.submit('Next')).toBeDisabled();
  await form.fill({ abn: client.abn });
  await expect(form.errorFor('abn')).toHaveCount(0);
  await form.logoInput.setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('A .png or .jpg file is required')).toBeVisible();
  await form.uploadLogo({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await form.fill({ abn: '51 824 753 556' });
  await form.submit('Next').click();
  await expect(toast(page, 'A company with this ABN already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/create$/);
  await expect(form.field('name')).toHaveValue(client.name);
  await expect(form.field('postalAddress')).toHaveValue(client.postalAddress);
  await expect(page.locator('.file-upload-name')).toHaveText('logo.png');
  await form.fill({ abn: client.abn });
  await form.submit('Next').click();
  await expect(toast(page, 'Client added successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/${uuid}/employees/add$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Create Admin User' })).toBeVisible();
  const clientId = /\/clients\/([^/]+)\/employees\/add$/.exec(page.url())?.[1] ?? '';

  const admin = newInvitee('Ada');
  const invite = new InviteFormPage(page);
  await invite.fill(admin);
  await invite.send.click();
  await expect(toast(page, 'Invite sent successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));
  const details = new ClientDetailsPage(page);
  await expect(details.invitation(admin.email)).toContainText('Admin');
  await expect(details.detail('ABN')).toHaveText(
    `${client.abn.slice(0, 2)} ${client.abn.slice(2, 5)} ${client.abn.slice(5, 8)} ${client.abn.slice(8)}`,
  );
  await expect(details.companyCard.getByRole('img', { name: `${client.name} logo` })).toBeVisible();
  await expect(details.noAdminCallout).toHaveCount(0);

  const link = await invitationLink(page.request, admin.email);
  const invited = await signInFresh(browser, admin.email);
  await expect(invited.page).toHaveURL(/\/unauthorised_role$/);
  await invited.page.goto(link);
  const gateway = new AcceptInvitationPage(invited.page);
  await expect(gateway.message(client.name, 'Admin')).toBeVisible();
  await gateway.accept.click();
  await expect(invited.page).toHaveURL(new RegExp(`/company/${clientId}$`));
  await expect(invited.page.getByRole('heading', { name: client.name })).toBeVisible();
  await invited.context.close();

  await details.goto(clientId);
  await expect(details.invitation(admin.email)).toHaveCount(0);
  await details.admins.getByRole('link', { name: `${admin.firstName} ${admin.surname}` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/employees/${uuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Details' })).toBeVisible();
  for (const [label, value] of [['First Name', admin.firstName], ['Surname', admin.surname], ['Email', admin.email], ['Employer', client.name], ['Role', 'Admin']]) {
    await expect(details.detail(label ?? '')).toContainText(value ?? '');
  }

  await details.goto(clientId);
  await details.editInformation.click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Client' })).toBeVisible();
  await expect(form.field('name')).toHaveValue(client.name);
  await form.fill({ phone: '0299990000' });
  await form.submit('Save Changes').click();
  await expect(toast(page, 'Information updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));
  await expect(details.detail('Office Phone Number')).toHaveText('0299990000');
  await expect(details.companyCard.getByRole('img', { name: `${client.name} logo` })).toBeVisible();

  const second = newInvitee('Bea');
  await page.goto(`/clients/${clientId}/employees/add`);
  await invite.fill(second);
  await invite.send.click();
  await expect(toast(page, 'Invite sent successfully')).toBeVisible();
  const firstLink = await invitationLink(page.request, second.email);
  await details.invitation(second.email).getByRole('button', { name: /^Resend/ }).click();
  await expect(toast(page, 'Invite sent successfully')).toHaveCount(2);
  await expect.poll(() => invitationLink(page.request, second.email)).not.toBe(firstLink);
  const resentLink = await invitationLink(page.request, second.email);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(resentLink);
  await expect(visitor).toHaveURL(/\/$/);
  await signIn(visitor, second.email);
  await expect(visitor).toHaveURL(new RegExp(`/company/${clientId}$`));
  expect(await visitor.evaluate(() => window.localStorage.getItem('invitationCode'))).toBeNull();
  await context.close();
});

test('Back from Create Admin User shows the client just created, and Next updates it instead of creating it again', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  const client = newClient('Back Test');
  const clientId = await createClient(page, client);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/clients/create\\?client=${clientId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Client' })).toBeVisible();
  const form = new CompanyFormPage(page);
  await expect(form.field('name')).toHaveValue(client.name);
  await expect(form.field('postalAddress')).toHaveValue(client.postalAddress);
  await form.fill({ phone: '0299990000' });
  await form.submit('Next').click();
  await expect(toast(page, 'Information updated successfully')).toBeVisible();
  await expect(toast(page, 'A company with this ABN already exists')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/employees/add$`));

  const details = new ClientDetailsPage(page);
  await details.goto(clientId);
  await expect(details.detail('Office Phone Number')).toHaveText('0299990000');
  const clients = new ClientsPage(page);
  await clients.goto();
  await clients.search.fill(client.name);
  await expect(clients.rows).toHaveCount(1);
});

test('a client left without an admin offers the invite, and is deleted after confirming', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  const client = newClient('Delete Test');
  const clientId = await createClient(page, client);

  const details = new ClientDetailsPage(page);
  await details.goto(clientId);
  await expect(details.noAdminCallout).toBeVisible();
  await details.noAdminCallout.getByRole('link', { name: 'Invite Admin' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/employees/add$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Create Admin User' })).toBeVisible();

  await details.goto(clientId);
  await details.deleteAccount.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: `Delete ${client.name}?` })).toBeVisible();
  await expect(dialog).toContainText('loses access to the portal at once');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await details.confirmDelete();
  await expect(toast(page, 'Deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  const clients = new ClientsPage(page);
  await clients.search.fill(client.name);
  await expect(clients.empty).toBeVisible();
});

test('the logo picker shows upload progress, and can cancel, replace and remove the logo', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  await page.goto('/clients/create');
  const picker = page.locator('[data-slot="file-upload"]');
  const form = new CompanyFormPage(page);

  let releaseUpload: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route(/\/portal-files\//, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await form.logoInput.setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(picker).toHaveAttribute('data-state', 'uploading');
  await expect(picker.getByRole('progressbar', { name: 'Uploading slow.png' })).toBeVisible();
  await expect(picker.getByText(/^\d+%$/)).toBeVisible();
  await picker.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(picker).toHaveAttribute('data-state', 'empty');
  await expect(picker.getByText('No file chosen')).toBeVisible();
  releaseUpload();
  await page.unroute(/\/portal-files\//);

  await form.uploadLogo({ name: 'first.png', mimeType: 'image/png', buffer: logoPng() });
  await form.uploadLogo({ name: 'second.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(picker.getByRole('button', { name: /^Replace/ })).toBeVisible();
  await picker.getByRole('button', { name: 'Remove' }).click();
  await expect(picker).toHaveAttribute('data-state', 'empty');
  await expect(picker.getByRole('button', { name: /^Choose file/ })).toBeVisible();
});
