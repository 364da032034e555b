import { expect, test as base, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page';
import { ClientsPage } from './pages/clients.page';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signIn } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

interface PageLoad {
  readonly url: string;
  readonly policy: Map<string, string[]> | null;
}

interface CspWatch {
  /** Every securitypolicyviolation event and every CSP console error, across navigations. */
  readonly violations: string[];
  /** Every HTML page the browser loaded, with the policy it came with. */
  readonly pages: PageLoad[];
}

const parsePolicy = (header: string | undefined) =>
  header === undefined
    ? null
    : new Map(
        header
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name = '', ...sources]) => [name, sources] as const),
      );

/** Watches the page for the whole test, then checks every page came with the strict policy and nothing broke it. */
const test = base.extend<{ csp: CspWatch }>({
  csp: [
    async ({ page }, use) => {
      const watch: CspWatch = { violations: [], pages: [] };
      await page.exposeFunction('reportCspViolation', (line: string) => watch.violations.push(line));
      // Injected by the browser's debugger, so the policy under test does not apply to it.
      await page.addInitScript(() => {
        const report = (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation;
        document.addEventListener('securitypolicyviolation', (event) =>
          report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}: ${event.sample}`),
        );
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) watch.violations.push(`console: ${message.text()}`);
      });
      page.on('response', (response) => {
        const html = (response.headers()['content-type'] ?? '').startsWith('text/html');
        if (response.request().resourceType() === 'document' && response.status() === 200 && html) {
          watch.pages.push({ url: response.url(), policy: parsePolicy(response.headers()['content-security-policy']) });
        }
      });
      await use(watch);
      expect(watch.violations, 'CSP violations').toEqual([]);
      expect(watch.pages.length).toBeGreaterThan(0);
      for (const { url, policy } of watch.pages) expectStrictPolicy(url, policy);
    },
    { auto: true },
  ],
});

/** Issue 12 §1: no inline or eval'd script, no inline style without the page's nonce, never framed. */
function expectStrictPolicy(url: string, policy: Map<string, string[]> | null) {
  expect(policy, `${url} has a Content-Security-Policy`).not.toBeNull();
  const sources = (name: string) => policy?.get(name) ?? [];
  expect(sources('default-src'), url).toEqual(["'self'"]);
  // The development provider's form_post page adds the hash of its one auto-submit script.
  expect(sources('script-src').filter((source) => !source.startsWith("'sha256-")), url).toEqual(["'self'"]);
  expect(sources('script-src-attr'), url).toEqual(["'none'"]);
  expect(sources('object-src'), url).toEqual(["'none'"]);
  expect(sources('frame-ancestors'), url).toEqual(["'none'"]);
  expect([...(policy?.values() ?? [])].flat().filter((source) => source.startsWith("'unsafe-")), url).toEqual([]);
  expect(sources('style-src').filter((source) => !source.startsWith("'nonce-")), url).toEqual(["'self'"]);
  if (!new URL(url).pathname.startsWith('/oidc/')) expect(sources('style-src'), `${url}: the nonce the web app's page carries`).toHaveLength(2);
}

/** Radix writes its scroll-lock <style> when a dialog or menu opens: it must carry the page's nonce and apply. */
async function expectScrollLocked(page: Page) {
  await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
}

const companyIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';

// A 1x1 PNG: enough for a real upload straight to the blob store (connect-src).
const pixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the super user’s clients, a client with its delete dialog, the sort menu and the profile run without a violation', async ({ page }) => {
  const document = await page.goto('/');
  expect(document?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  const clients = new ClientsPage(page);
  await clients.sortMenu.click();
  await expectScrollLocked(page);
  await page.getByRole('option', { name: 'Sort A-Z', exact: true }).click();
  await clients.rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/clients/${uuid}$`));
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
  await expectScrollLocked(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0);
  await page.goto('/clients/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await new AppShell(page).navLink('My Profile').click();
  await expect(page).toHaveURL(/\/profile/);
});

test('the company admin’s projects, a site with its QR code, a logo upload, employees and SWMS run without a violation', async ({ page }) => {
  await page.goto('/');
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = companyIdOf(page);
  const shell = new AppShell(page);
  await expect(page.locator('img[src*="/blob/"]').first(), 'the logo, read from the blob store').toBeVisible();

  await shell.navLink('Projects').click();
  await expect(page.getByRole('table', { name: 'Project sites' })).toBeVisible();
  await page.getByRole('table', { name: 'Project sites' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${uuid}$`));
  await expect(page.locator('img[src^="data:image/svg+xml"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Replace QR code' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectScrollLocked(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/company/${companyId}/edit`);
  await page.locator('[data-slot="file-upload"] input[type="file"]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: pixelPng });
  // The company may already have a logo named pixel.png: the preview from the chosen file shows this upload is done.
  await expect(page.locator('[data-slot="file-upload"] img[src^="blob:"]')).toBeVisible();
  await expect(page.locator('[data-slot="file-upload"]')).toHaveAttribute('data-state', 'attached');
  await expect(page.locator('.file-upload-name')).toHaveText('pixel.png');

  await shell.navLink('Employees').click();
  // The chosen logo is not saved: leaving asks first.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/employees$`));
  await shell.navLink('SWMS').click();
  const swms = new SwmsListPage(page);
  await expect(swms.rows.first()).toBeVisible();
  await swms.rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/swms/${uuid}$`));
});

test('the supervisor, signed in with Apple’s form_post, reads the SWMS list and one SWMS without a violation', async ({ page }) => {
  await page.goto('/');
  await signIn(page, demo.supervisor, 'Apple');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms$`));
  const swms = new SwmsListPage(page);
  await swms.chooseFilter('All');
  await expect(swms.rows.first()).toBeVisible();
  await swms.rowCheckbox(swms.rows.first()).check();
  await swms.changeStatus.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await swms.rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms/${uuid}$`));
});

test('the auditor’s audit trail and a workflow diagram (laid out in a worker) run without a violation', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'auditor@harbourbuild.demo');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/audit$`));
  await expect(page.getByText(/^Chain verified: \d+ events/)).toBeVisible({ timeout: 15_000 });
  await page.goto('/workflows');
  await page.getByRole('link', { name: /SWMS dual review/ }).click();
  await expect(page.locator('.diagram-frame [data-state-id="swmsReview.supervisor.forReview"]')).toBeVisible({ timeout: 20_000 });
  // The PNG is drawn from the SVG through a blob: image (img-src blob:).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.png$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tradesperson’s home and the menu behind its button run without a violation', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'tradie1@trades.demo');
    await expect(page).toHaveURL(new RegExp(`/trades/${uuid}$`));
    const shell = new AppShell(page);
    await shell.menuButton.click();
    await expectScrollLocked(page);
    await page.keyboard.press('Escape');
  });

  test('an account without a role sees where it stands without a violation', async ({ page }) => {
    await page.goto('/');
    await signIn(page, demo.unknown);
    await expect(page).toHaveURL(/\/unauthorised_role$/);
  });
});
