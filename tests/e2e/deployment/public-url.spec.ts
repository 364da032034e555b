import { expect, test } from '@playwright/test';
import { encodePng } from '../../../server/seed/png';
import { ClientDetailsPage } from '../pages/client-details.page';
import { ClientsPage } from '../pages/clients.page';
import { CompanyFormPage } from '../pages/company-form.page';
import { demo, signIn } from '../support/sign-in';

const blobPath = /\/blob\/devstoreaccount1\/portal-files\/[0-9a-f-]{36}\.png$/;
const logoSize = 48;
/** A white cross on green, unlike either demo logo, so the picture shown is known to be this upload. */
const logo = encodePng(logoSize, logoSize, (x, y) =>
  Math.abs(x - 23.5) < 5 || Math.abs(y - 23.5) < 5 ? [255, 255, 255, 255] : [31, 122, 77, 255],
);

test('on a public URL that is not loopback, a super user uploads a logo, sees it and opens it, and the browser never leaves that host', async ({ page, context, baseURL }, testInfo) => {
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  const blobRequests: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/blob/')) blobRequests.push(`${request.method()} ${url.pathname}`);
  });

  await page.goto('/');
  await signIn(page, demo.superUser);
  await expect(page).toHaveURL(`${origin}/clients`);
  await new ClientsPage(page).row('Harbour Build Co').getByRole('link').click();
  const details = new ClientDetailsPage(page);
  await details.editInformation.click();
  const form = new CompanyFormPage(page);
  await form.uploadLogo({ name: 'portal-test-logo.png', mimeType: 'image/png', buffer: logo });
  await form.submit('Save Changes').click();
  await expect(page.locator('[data-slot="toast"]', { hasText: 'Information updated successfully' })).toBeVisible();

  const shown = details.companyCard.getByRole('img', { name: 'Harbour Build Co logo' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(logoSize);
  const screenshot = testInfo.outputPath('logo-shown.png');
  await details.companyCard.screenshot({ path: screenshot });
  await testInfo.attach('logo shown on the public host', { path: screenshot, contentType: 'image/png' });
  const logoUrl = new URL((await shown.getAttribute('src')) ?? '', origin);
  expect(logoUrl.origin).toBe(origin);
  expect(logoUrl.pathname).toMatch(blobPath);

  const opened = await page.goto(logoUrl.href);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['content-type']).toBe('image/png');
  const body = await opened?.body();
  expect(body && Buffer.compare(body, logo)).toBe(0);

  expect(blobRequests.filter((request) => request.startsWith('PUT '))).toEqual([expect.stringMatching(blobPath)]);
  expect(elsewhere).toEqual([]);
});
