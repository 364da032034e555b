import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueAbn } from './support/abn';
import { demo } from './support/sign-in';

/**
 * Issue 13 §4: every role's workflow completed by keyboard alone. No click, no fill: focus moves with
 * Tab as a person's would, text is typed, controls are worked with Enter and Space. Addresses are typed
 * into the browser's address bar (page.goto) only where a person would follow a link they were sent.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Presses Tab until `target` holds the focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function type(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** The development sign-in, by keyboard: 'Continue with Google', then the account. */
async function signInByKeyboard(page: Page, email: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await press(page, page.getByRole('button', { name: 'Continue with Google' }));
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  const account = page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') });
  if (await account.count()) {
    await press(page, account.first());
  } else {
    await type(page, page.getByLabel('Email'), email);
    await page.keyboard.press('Enter');
  }
}

const link = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).or(page.getByRole('button', { name, exact: true })).first();
const toast = (page: Page, message: string) => page.locator('[data-slot="toast"]', { hasText: message });

test('a super user onboards a client and invites its admin by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  await press(page, link(page, 'Create New Client'));
  await expect(page).toHaveURL(/\/clients\/create$/);
  const id = stamp();
  const client = {
    'Company Name': `Keyboard Build ${id}`,
    ABN: uniqueAbn(),
    'Builders Registration No.': `BLD-${id.toUpperCase()}`,
    'Office Phone Number': '0298765432',
    'Office Email Address': `office-${id}@builder.test`,
    'Office Address': '12 George Street, Sydney NSW 2000',
    'Postal Address': 'PO Box 12, Sydney NSW 2001',
  };
  for (const [label, value] of Object.entries(client)) await type(page, page.getByLabel(label, { exact: true }), value);
  await press(page, page.getByRole('button', { name: 'Next', exact: true }));
  await expect(toast(page, 'Client added successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/${uuid}/employees/add$`));

  const invitee = { 'First Name': 'Kay', Surname: `Board${id}`, 'Contact Email': `kay-${id}@invitee.test`, 'Phone Number': '0412345678' };
  for (const [label, value] of Object.entries(invitee)) await type(page, page.getByLabel(label, { exact: true }), value);
  await press(page, page.getByRole('button', { name: 'Send Invite', exact: true }));
  await expect(toast(page, 'Invite sent successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/${uuid}$`));
  await expect(page.getByText(invitee['Contact Email']).first()).toBeVisible();
});

test('a company admin invites a site supervisor by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  await press(page, page.getByRole('link', { name: 'Employees', exact: true }).first());
  await expect(page).toHaveURL(/\/employees$/);
  await press(page, link(page, 'Add Site Supervisor'));
  await expect(page).toHaveURL(/\/employees\/add$/);
  const id = stamp();
  const invitee = { 'First Name': 'Sage', Surname: `Keys${id}`, 'Contact Email': `sage-${id}@invitee.test`, 'Phone Number': '0412345678' };
  for (const [label, value] of Object.entries(invitee)) await type(page, page.getByLabel(label, { exact: true }), value);
  await press(page, page.getByRole('button', { name: 'Send Invite', exact: true }));
  await expect(toast(page, 'Invite sent successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByText(invitee['Contact Email']).first()).toBeVisible();
});

test('a site supervisor opens a SWMS and checks it as reviewed by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, demo.supervisor);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms$`));
  await press(page, page.locator(`main a[href*="/swms/"]`).first());
  await expect(page).toHaveURL(new RegExp(`/swms/${uuid}$`));
  const review = page.getByRole('region', { name: 'Review Status' });
  const returnForReview = review.getByRole('button', { name: 'Return to For Review' });
  const checkAsReviewed = review.getByRole('button', { name: 'Check as Reviewed' });
  await expect(returnForReview.or(checkAsReviewed)).toBeVisible();
  if (await returnForReview.isVisible()) {
    await press(page, returnForReview);
    // The confirmation holds the focus; Tab stays inside it.
    await press(page, page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Return to For Review' }));
    await expect(checkAsReviewed).toBeVisible();
  }
  await press(page, checkAsReviewed);
  await expect(page.getByText('Status updated successfully').first()).toBeVisible();
  await expect(returnForReview).toBeVisible();
});

test('an auditor reads an audit event’s details by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, 'auditor@harbourbuild.demo');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/audit$`));
  await press(page, page.getByRole('button', { name: 'Details' }).first());
  await expect(page.getByText('Hash').first()).toBeVisible();
});

test('a new tradesperson scans a site link, completes the profile and checks in by keyboard alone', async ({ page, browser, baseURL }) => {
  // The poster's link, as the admin's site page shows it.
  const admin = await browser.newPage({ baseURL });
  await signInByKeyboard(admin, demo.admin);
  await expect(admin).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(admin.url()).pathname.split('/')[2] ?? '';
  const gate = await admin.evaluate(async (company) => {
    const headers = { authorization: `Bearer ${window.localStorage.getItem('accessToken') ?? ''}` };
    const sites = (await (await fetch(`/api/company/${company}/projectSites?pageSize=100`, { headers })).json()) as { items: { _id: string; status: string }[] };
    // A site open for check-in.
    const site = sites.items.find((item) => item.status === 'ongoing')?._id ?? '';
    return (await (await fetch(`/api/company/${company}/projectSites/${site}/qr`, { headers })).json()) as { url: string };
  }, companyId);
  await admin.close();
  expect(gate.url).toMatch(/\/check-in\?key=/);

  await page.goto(gate.url);
  await signInByKeyboard(page, `keys.tradie.${stamp()}@example.com`);
  await expect(page).toHaveURL(/\/check-in/);
  await press(page, link(page, 'Complete my profile'));
  await expect(page).toHaveURL(new RegExp(`/trades/${uuid}/edit`));
  const fields: Record<string, string> = {
    'First Name': 'Kit',
    Surname: 'Keys',
    Phone: '0412345678',
    'Emergency Contact Name': 'Robin Keys',
    'Emergency Contact Phone': '0498765432',
    'Trades / Qualifications': 'Carpenter',
    'White Card Number': 'WC-112233',
  };
  for (const [label, value] of Object.entries(fields)) await type(page, page.getByRole('textbox', { name: label, exact: true }), value);
  await press(page, page.getByRole('button', { name: 'Save Edits' }));
  await expect(page).toHaveURL(/\/check-in/);

  // Each tick the site asks for, with Space; then Check in.
  const checkIn = page.getByRole('button', { name: 'Check in', exact: true });
  await expect(checkIn).toBeVisible();
  const boxes = page.getByRole('checkbox');
  for (let index = 0; index < (await boxes.count()); index++) await press(page, boxes.nth(index), 'Space');
  await expect(checkIn).toBeEnabled();
  await press(page, checkIn);
  await expect(page.getByRole('button', { name: 'Check out' })).toBeVisible();
});
