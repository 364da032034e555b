import { expect, test, type Page } from '@playwright/test';
import { axeViolations, showColourScheme } from './support/axe';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 13 §4: axe-core on every route of the app, as each role reaches it, in both themes at desktop
 * and phone width: no serious or critical violation. Each route is opened once and scanned four times
 * (the theme follows the browser's colour scheme; the layout follows the viewport).
 */

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const layouts = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;
const schemes = ['light', 'dark'] as const;

interface Found {
  readonly route: string;
  readonly layout: string;
  readonly scheme: string;
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

const scanned = new Set<string>();
let scans = 0;
let violations = 0;

/** Waits for the route's screen to settle: its main heading shows and nothing is loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Opens `route` and scans it in every layout and theme; returns what axe found serious or critical. */
async function scan(page: Page, route: string, label = route): Promise<Found[]> {
  if (!page.url().endsWith(route)) await page.goto(route);
  await settle(page);
  const found: Found[] = [];
  for (const layout of layouts) {
    await page.setViewportSize(layout.size);
    for (const scheme of schemes) {
      await showColourScheme(page, scheme);
      const violations = await axeViolations(page);
      scans += 1;
      for (const violation of violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        found.push({
          route: label,
          layout: layout.name,
          scheme,
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        });
      }
    }
  }
  scanned.add(label.replace(new RegExp(uuid.source, 'g'), ':id'));
  await page.setViewportSize(layouts[0].size);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  return found;
}

/** A GET from inside the page with its own token. */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${window.localStorage.getItem('accessToken') ?? ''}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, `/api/${path}`);
}

async function scanAll(page: Page, routes: readonly string[]): Promise<void> {
  const found: Found[] = [];
  for (const route of routes) found.push(...(await scan(page, route)));
  violations += found.length;
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
}

const idIn = (url: string) => new RegExp(`/(${uuid.source})`).exec(new URL(url).pathname)?.[1] ?? '';

// Each test signs in on its own: the two CI workers share them out (the admin's routes come in three parts).
test.describe.configure({ mode: 'parallel', timeout: 300_000 });
test.use({ viewport: layouts[0].size });

let siteId = '';

/** A Harbour Build site, for the tradesperson's and the gate's routes. */
test.beforeAll(async ({ browser }, worker) => {
  const page = await browser.newPage({ baseURL: worker.project.use.baseURL });
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid.source}$`));
  const sites = await api<{ items: { _id: string }[] }>(page, `company/${idIn(page.url())}/projectSites`);
  siteId = sites.items[0]?._id ?? '';
  expect(siteId).toMatch(uuid);
  await page.close();
});

/** The Harbour admin's company and one of each record its detail routes name. */
async function adminRecords(page: Page) {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid.source}$`));
  const company = idIn(page.url());
  const sites = await api<{ items: { _id: string }[] }>(page, `company/${company}/projectSites`);
  const swms = await api<{ items: { _id: string }[] }>(page, `company/${company}/swms`);
  const employees = await api<{ userRole: { _id: string } }[]>(page, `company/${company}/employees`);
  const records = { base: `/company/${company}`, site: sites.items[0]?._id ?? '', swms: swms.items[0]?._id ?? '', employee: employees[0]?.userRole._id ?? '' };
  for (const id of [records.site, records.swms, records.employee]) expect(id).toMatch(uuid);
  return records;
}

test('company admin routes: company, employees and profile', async ({ page }) => {
  const { base, employee } = await adminRecords(page);
  await scanAll(page, [base, `${base}/edit`, `${base}/employees`, `${base}/employees/add`, `${base}/employees/add-auditor`, `${base}/employees/${employee}`, '/profile']);
});

test('company admin routes: project sites', async ({ page }) => {
  const { base, site } = await adminRecords(page);
  await scanAll(page, [`${base}/projectsites`, `${base}/projectsites/add`, `${base}/projectsites/${site}`, `${base}/projectsites/${site}/edit`, `${base}/projectsites/${site}/evacuation`]);
});

test('company admin routes: SWMS, workflows and the not-allowed page', async ({ page }) => {
  const { base, swms } = await adminRecords(page);
  await scanAll(page, [`${base}/swms`, `${base}/swms/${swms}`, '/unauthorised', '/workflows', '/workflows/swmsReview']);
});

test('super user routes', async ({ page }) => {
  await signInQuickly(page, demo.superUser);
  await expect(page).toHaveURL(/\/clients$/);
  const clients = await api<{ items: { _id: string }[] }>(page, 'company');
  const client = clients.items[0]?._id ?? '';
  const people = await api<{ userRole: { _id: string } }[]>(page, `company/${client}/employees`);
  await scanAll(page, ['/clients', '/clients/create', `/clients/${client}`, `/clients/${client}/edit`, `/clients/${client}/employees/add`, `/clients/${client}/employees/${people[0]?.userRole._id}`]);
});

test('supervisor routes', async ({ page }) => {
  await signInQuickly(page, demo.supervisor);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid.source}/swms$`));
  await scanAll(page, [new URL(page.url()).pathname]);
});

test('auditor routes', async ({ page }) => {
  await signInQuickly(page, 'auditor@harbourbuild.demo');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid.source}/audit$`));
  await scanAll(page, [new URL(page.url()).pathname]);
});

test('tradesperson routes', async ({ page }) => {
  await signInQuickly(page, 'tradie1@trades.demo');
  await expect(page).toHaveURL(new RegExp(`/trades/${uuid.source}$`));
  const home = new URL(page.url()).pathname;
  await scanAll(page, [home, `${home}/edit`, `/site/${siteId}/check-in`, `/site/${siteId}/swms/new`]);
});

test('signed-out routes', async ({ page }) => {
  await scanAll(page, ['/', '/accept_invitation?invitationCode=not-a-real-code', `/site/${siteId}/check-in`]);
});

test('unregistered routes', async ({ page }) => {
  await signInQuickly(page, demo.unknown);
  await expect(page).toHaveURL(/\/unauthorised_role$/);
  await scanAll(page, ['/unauthorised_role']);
});

test.afterAll(() => {
  console.log(`Accessibility (this worker): ${scanned.size} routes, ${scans} axe scans (light and dark, 1280 and 390 px), ${violations} serious or critical violations`);
});
