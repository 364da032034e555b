import { expect, test, type Page } from '@playwright/test';
import { AuditTrailPage } from './pages/audit.page';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 55 §10: the chain banner never contradicts the list under it. Events that came after the
 * server's last walk are counted as being checked, and the walk the page's opening starts catches up.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The banner's counts: events verified, and events still being checked. */
async function bannerCounts(trail: AuditTrailPage) {
  const text = await trail.banner.innerText();
  const verified = /Chain verified: (\d+) events/.exec(text);
  const since = /(\d+) newer events? (is|are) being checked/.exec(text);
  return { verified: verified ? Number(verified[1]) : null, since: since ? Number(since[1]) : 0 };
}

async function newestSeq(trail: AuditTrailPage): Promise<number> {
  return Number((await trail.events.first().locator('.audit-event-seq').innerText()).replace('#', ''));
}

async function addSite(page: Page, companyId: string) {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/company/${companyId}/projectSites`, {
    headers: { authorization: `Bearer ${token}` },
    data: { address: `${Date.now().toString(36)} Banner Street`, suburb: 'Ultimo', postcode: '2007', siteNumber: 'B-1', clientName: 'Banner Client' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('the chain banner counts the events after its walk, then shows them verified, never fewer than the list holds', async ({ page }) => {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const trail = new AuditTrailPage(page);

  await trail.goto(companyId);
  await expect.poll(async () => (await bannerCounts(trail)).verified, { timeout: 40_000 }).toBe(await newestSeq(trail));

  await addSite(page, companyId);
  await trail.goto(companyId);
  const newest = await newestSeq(trail);
  await expect(trail.banner).toContainText('Chain verified');
  const first = await bannerCounts(trail);
  expect((first.verified ?? 0) + first.since, `the banner reads "${await trail.banner.innerText()}" above event #${newest}`).toBe(newest);
  if (process.env.SCREENSHOTS_DIR) await trail.banner.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/audit-banner-since.png` });
  await expect.poll(async () => bannerCounts(trail), { timeout: 40_000 }).toEqual({ verified: newest, since: 0 });
});
