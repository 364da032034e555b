import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';

/**
 * Issue 10 'Done when': on a phone-sized browser a tradesperson scans a site poster's link, signs in,
 * completes the profile, is refused with an expired licence, checks in, appears on the headcount
 * within 5 s, builds and submits a SWMS with photos with the network cut mid-way, and sees it
 * reviewed; the admin sees it in the lists and gets the digest.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;
const shotsDir = process.env.SCREENSHOTS_DIR;

/** With SCREENSHOTS_DIR set, each step is also saved as a picture to look at (light and dark; a desktop page at phone width too). */
async function snap(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const viewport = page.viewportSize();
  const widths = viewport && viewport.width > phone.viewport.width ? [viewport, phone.viewport] : [viewport];
  for (const size of widths) {
    if (size) await page.setViewportSize(size);
    const suffix = size === viewport ? '' : '-phone';
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Let the theme's colour transitions finish before the picture.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shotsDir}/${name}${suffix}-${scheme}.png`, fullPage: true });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A call from inside the page, so it reaches the portal by the same name the browser uses (the
 * public-url project's host exists only in Chromium's resolver), with the page's own token.
 */
async function callFromPage(page: Page, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = window.localStorage.getItem('accessToken') ?? '';
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
}

/** A JPEG a phone camera might hand over, drawn in the page (no image files in the repository). */
async function cameraPhoto(page: Page, name: string, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2000;
    canvas.height = 1500;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    context.fillStyle = fill;
    context.fillRect(0, 0, 2000, 1500);
    context.fillStyle = '#222';
    context.fillRect(400, 300, 1200, 900);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  }, colour);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

async function adminWithSite(browser: Browser): Promise<{ admin: Page; companyId: string; siteId: string; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await admin.goto('/');
  await signIn(admin, 'admin@harbourbuild.demo');
  await expect(admin).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(admin.url()).pathname.split('/')[2] ?? '';
  const siteNumber = `GATE-${Date.now().toString().slice(-6)}`;
  const response = await callFromPage(admin, `/api/company/${companyId}/projectSites`, {
    address: '12 Gate Street', suburb: 'Ultimo', postcode: '2007', siteNumber, clientName: 'Gate Test Pty Ltd', ppe: ['hard_hat', 'high_vis', 'safety_boots'],
  });
  expect(response.status, response.text).toBe(201);
  const { _id: siteId } = JSON.parse(response.text) as { _id: string };
  return { admin, companyId, siteId, context };
}

test('a tradesperson checks in by the site QR code and submits a SWMS from a phone, once offline, and the admin reviews it', async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
  const { admin, companyId, siteId, context: adminContext } = await adminWithSite(browser);

  // The site's QR code, as the poster carries it.
  await admin.goto(`/company/${companyId}/projectsites/${siteId}`);
  const gateUrl = admin.locator('.site-gate-url code');
  await expect(gateUrl).toHaveText(new RegExp(`^${baseURL}/site/${siteId}/check-in\\?key=[0-9a-f]{32}$`));
  const posterLink = (await gateUrl.textContent()) ?? '';
  await expect(admin.locator('#on-site-title')).toHaveText('On site now: 0');
  await snap(admin, 'site-details-gate');

  const tradie = await (await browser.newContext(phone)).newPage();
  const email = `gate.tradie.${Date.now()}@example.com`;

  // Scan: the check-in page names the site; signing in comes straight back to it.
  await tradie.goto(posterLink);
  await expect(tradie.getByText('12 Gate Street')).toBeVisible();
  await snap(tradie, 'check-in-signed-out');
  await signIn(tradie, email);
  await expect(tradie).toHaveURL(new RegExp(`/site/${siteId}/check-in`));

  // First time: the profile, with a licence declared expired.
  await tradie.getByRole('button', { name: 'Complete my profile' }).or(tradie.getByRole('link', { name: 'Complete my profile' })).click();
  await expect(tradie).toHaveURL(new RegExp(`/trades/${uuid}/edit`));
  const fields: Record<string, string> = {
    'First Name': 'Gale',
    Surname: 'Tradie',
    Phone: '0412345678',
    Email: email,
    'Emergency Contact Name': 'Robin Tradie',
    'Emergency Contact Phone': '0498765432',
    'Trades / Qualifications': 'Scaffolder',
    'White Card Number': 'WC-778899',
  };
  for (const [label, value] of Object.entries(fields)) await tradie.getByRole('textbox', { name: label, exact: true }).fill(value);
  await tradie.getByRole('button', { name: 'Add licence' }).click();
  await tradie.getByRole('combobox', { name: 'Licence class' }).or(tradie.getByRole('textbox', { name: 'Licence class' })).fill('Scaffolding (SB, SI, SA)');
  await tradie.getByRole('textbox', { name: 'Licence number' }).fill('SB-12345');
  await tradie.getByLabel('Expiry date').fill(isoDay(-3));
  // A reload keeps what was typed (the draft lives on the phone).
  await tradie.reload();
  await expect(tradie.getByRole('textbox', { name: 'White Card Number', exact: true })).toHaveValue('WC-778899');
  await expect(tradie.getByRole('textbox', { name: 'Licence number' })).toHaveValue('SB-12345');
  await snap(tradie, 'trades-profile-form');
  await tradie.getByRole('button', { name: 'Save Edits' }).click();

  // Back at the gate: the expired licence blocks check-in and says what to fix.
  await expect(tradie).toHaveURL(new RegExp(`/site/${siteId}/check-in`));
  await expect(tradie.getByText(/Your Scaffolding \(SB, SI, SA\) licence expired on/)).toBeVisible();
  await snap(tradie, 'check-in-blocked');
  await tradie.getByRole('button', { name: 'Fix in my profile' }).or(tradie.getByRole('link', { name: 'Fix in my profile' })).first().click();
  await tradie.getByLabel('Expiry date').fill(isoDay(400));
  await tradie.getByRole('button', { name: 'Save Edits' }).click();

  // Ready: confirm the PPE, check in, and the admin's headcount follows within 5 s.
  await expect(tradie).toHaveURL(new RegExp(`/site/${siteId}/check-in`));
  await expect(tradie.getByRole('button', { name: 'Check in' })).toBeDisabled();
  await tradie.getByRole('checkbox', { name: 'I have this PPE' }).check();
  await snap(tradie, 'check-in-ready');
  await tradie.getByRole('button', { name: 'Check in' }).click();
  await expect(tradie.getByRole('button', { name: 'Check out' })).toBeVisible();
  await expect(admin.locator('#on-site-title')).toHaveText('On site now: 1', { timeout: 5_000 });
  await expect(admin.getByRole('list', { name: 'People on site now' }).getByRole('link', { name: 'Gale Tradie', exact: true })).toBeVisible();
  await snap(tradie, 'check-in-done');
  await snap(admin, 'site-details-on-site');

  // The SWMS, built step by step; the signal drops half-way.
  await tradie.getByRole('link', { name: 'New SWMS' }).first().click();
  await expect(tradie).toHaveURL(new RegExp(`/site/${siteId}/swms/new`));
  await expect(tradie.getByRole('heading', { name: 'High-risk construction work' })).toBeVisible();
  await tradie.getByRole('checkbox', { name: /^\(a\) involves a risk of a person falling more than 2 metres/ }).check();
  await snap(tradie, 'swms-step-1');
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Task' })).toBeVisible();
  await tradie.getByRole('textbox', { name: 'Task description' }).fill('Erect scaffold bay on the north elevation, level 2');
  await tradie.getByRole('textbox', { name: 'Mobile plant and tools' }).fill('Scaffold hoist, podium steps');
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Hazards and risks' })).toBeVisible();
  await tradie.getByRole('textbox', { name: 'Hazards and risks' }).fill('Fall from the working platform while placing planks');
  // The signal drops before the first photo: it is still resized on the phone and kept there.
  const hazardPhoto = await cameraPhoto(tradie, 'hazard.jpg', '#e8a33d');
  await tradie.context().setOffline(true);
  await tradie.getByLabel('Photo of the hazard: Choose from gallery').setInputFiles(hazardPhoto);
  await expect(tradie.getByText('Saved on this phone: it uploads when the connection returns.')).toBeVisible({ timeout: 20_000 });
  await tradie.getByRole('radio', { name: /^4 Major/ }).check();
  await tradie.getByRole('radio', { name: /^3 Possible/ }).check();
  await expect(tradie.getByText('Overall risk level 12')).toBeVisible();
  await snap(tradie, 'swms-step-3');
  await tradie.getByRole('button', { name: 'Next' }).click();

  await expect(tradie.getByRole('heading', { name: 'Control measures' })).toBeVisible();
  await tradie.getByRole('textbox', { name: 'Control measures' }).fill('Full edge protection and toe boards before planks go down');
  await tradie.getByRole('textbox', { name: 'How are the controls implemented?' }).fill('Leading hand installs guardrails first, scaffold tag signed');
  await tradie.getByRole('textbox', { name: 'How are they monitored?' }).fill('Supervisor inspects each lift before use');
  await tradie.getByRole('textbox', { name: 'How are they reviewed?' }).fill('Reviewed at each daily pre-start and after any incident');
  await tradie.getByLabel('Photo of the controls: Choose from gallery').setInputFiles(await cameraPhoto(tradie, 'controls.jpg', '#3d8be8'));
  await expect(tradie.getByText('Saved on this phone: it uploads when the connection returns.')).toBeVisible({ timeout: 20_000 });
  await snap(tradie, 'swms-step-4-offline');
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'PPE' })).toBeVisible();
  await tradie.getByRole('button', { name: 'Safety Harness' }).click();
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Review' })).toBeVisible();
  await snap(tradie, 'swms-review');
  await tradie.getByRole('button', { name: 'Submit' }).click();
  await expect(tradie.getByText('You are offline: this SWMS is saved on this phone and will be sent when the connection returns')).toBeVisible();
  await expect(tradie.getByText('1 SWMS waiting to send')).toBeVisible();
  await snap(tradie, 'swms-queued');

  // The signal returns: the outbox sends it by itself.
  await tradie.context().setOffline(false);
  await expect(tradie.getByText('SWMS sent').first()).toBeVisible({ timeout: 30_000 });

  // The admin sees it at once in the company's list, For Review, and reviews it.
  await admin.goto(`/company/${companyId}/swms`);
  const row = admin.getByRole('row').filter({ hasText: 'Gale Tradie' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('12 Gate Street');
  await row.getByRole('link').first().click();
  await expect(admin).toHaveURL(new RegExp(`/company/${companyId}/swms/${uuid}$`));
  await expect(admin.getByText('Erect scaffold bay on the north elevation, level 2', { exact: true })).toBeVisible();
  await expect(admin.getByText('Leading hand installs guardrails first, scaffold tag signed')).toBeVisible();
  await expect(admin.getByRole('img', { name: /hazard/i }).or(admin.locator('img[src*="/blob/"]')).first()).toBeVisible();
  // The admin's digest: one mail listing the SWMS awaiting their review (the test portals look for due digests every 2 s).
  await expect(async () => {
    const response = await callFromPage(admin, `/dev/mailbox/latest.json?to=${encodeURIComponent('admin@harbourbuild.demo')}`);
    expect(response.status).toBe(200);
    const message = JSON.parse(response.text) as { subject: string; text: string };
    expect(message.subject).toMatch(/SWMS awaiting your review/);
    expect(message.text).toContain('12 Gate Street');
  }).toPass({ timeout: 45_000 });

  await admin.getByRole('button', { name: 'Check as Reviewed' }).click();
  await expect(admin.getByRole('button', { name: 'Check as Reviewed' })).toBeHidden();
  // The SWMS's site address leads to the site (the way a supervisor, who has no site list, gets there).
  await admin.getByRole('link', { name: /^12 Gate Street/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${siteId}$`));

  // The tradesperson's home shows it reviewed by the admin.
  await tradie.goto(`/trades/${await tradie.evaluate(() => JSON.parse(atob((window.localStorage.getItem('accessToken') ?? '').split('.')[1] ?? '')).sub as string)}`);
  const mySwms = tradie.locator('section, article').filter({ hasText: 'Erect scaffold bay' }).last();
  await expect(mySwms).toContainText(/Admin:?\s*Reviewed/);
  await snap(tradie, 'trades-home');

  // The evacuation list names them with their emergency contact.
  await admin.goto(`/company/${companyId}/projectsites/${siteId}/evacuation`);
  await expect(admin.getByText('Robin Tradie')).toBeVisible();
  await snap(admin, 'evacuation-list');

  // Scanning again while checked in offers check-out.
  await tradie.goto(posterLink);
  await tradie.getByRole('button', { name: 'Check out' }).click();
  await expect(tradie.getByText('Checked out', { exact: true }).first()).toBeVisible();
  await admin.goto(`/company/${companyId}/projectsites/${siteId}`);
  await expect(admin.locator('#on-site-title')).toHaveText('On site now: 0');

  await adminContext.close();
  await tradie.context().close();
});

test('an old poster stops working once the QR code is replaced, with a clear message on the phone', async ({ browser }) => {
  const { admin, companyId, siteId, context } = await adminWithSite(browser);
  await admin.goto(`/company/${companyId}/projectsites/${siteId}`);
  const gateUrl = admin.locator('.site-gate-url code');
  await expect(gateUrl).toContainText('/check-in?key=');
  const oldLink = (await gateUrl.textContent()) ?? '';
  await admin.getByRole('button', { name: 'Replace QR code' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Replace QR code' }).click();
  await expect(gateUrl).not.toHaveText(oldLink);

  const phonePage = await (await browser.newContext(phone)).newPage();
  await phonePage.goto(oldLink);
  await expect(phonePage.getByText('This site QR code is no longer valid')).toBeVisible();
  await snap(phonePage, 'check-in-invalid-key');
  await phonePage.goto((await gateUrl.textContent()) ?? '');
  await expect(phonePage.getByText('12 Gate Street')).toBeVisible();
  await phonePage.context().close();
  await context.close();
});
