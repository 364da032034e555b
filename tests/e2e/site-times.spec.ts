import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './pages/select';
import { SiteDetailsPage } from './pages/site-details.page';
import { SiteFormPage } from './pages/site-form.page';
import { demo, signInQuickly } from './support/sign-in';

/**
 * Issue 55 §3: an event at a site shows on the site's clock with its zone's abbreviation, whatever the browser's zone;
 * everything else on the viewer's clock. The expected texts are worked out here with Intl, apart from the portal's formatter.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function clockParts(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    timeZoneName: 'short',
    weekday: 'long',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const zoneName = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((item) => item.type === 'timeZoneName')?.value ?? '';
  return { weekday: part('weekday'), day: Number(part('day')), month: Number(part('month')), year: part('year'), time: `${part('hour')}:${part('minute')}`, zoneName };
}

const ordinal = (day: number) => `${day}${day % 100 >= 11 && day % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th')}`;
const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9 activity timestamp, e.g. 'Wednesday, 2nd December 2026, 06:51', with ' AEDT' when `named`. */
function activityText(iso: string, timeZone: string, named: boolean): string {
  const at = clockParts(iso, timeZone);
  return `${at.weekday}, ${ordinal(at.day)} ${months[at.month - 1]} ${at.year}, ${at.time}${named ? ` ${at.zoneName}` : ''}`;
}

/** Spec §9 date and time, e.g. '02/12/2026, 06:51 AEDT'. */
function dateTimeText(iso: string, timeZone: string): string {
  const at = clockParts(iso, timeZone);
  return `${pad(at.day)}/${pad(at.month)}/${at.year}, ${at.time} ${at.zoneName}`;
}

async function shownTimes(times: Locator): Promise<{ iso: string; text: string }[]> {
  return times.evaluateAll((elements) => elements.map((element) => ({ iso: element.getAttribute('datetime') ?? '', text: element.textContent ?? '' })));
}

async function openSite(page: Page, companyId: string, address: string): Promise<string> {
  await page.goto(`/company/${companyId}/projectsites?search=${encodeURIComponent(address)}`);
  await page.getByRole('link', { name: address, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${uuid}$`));
  return new URL(page.url()).pathname.split('/')[4] ?? '';
}

async function signInAsAdmin(page: Page): Promise<string> {
  await signInQuickly(page, demo.admin);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}$`));
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

for (const browserZone of ['UTC', 'Australia/Perth'] as const) {
  test.describe(`times with the browser in ${browserZone}`, () => {
    test.use({ timezoneId: browserZone });

    test("a site's check-ins and SWMS show on its clock, named; a review shows on the viewer's", async ({ page }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
      const companyId = await signInAsAdmin(page);
      await openSite(page, companyId, '14 Wattle Street');
      const details = new SiteDetailsPage(page);
      await expect(details.detail('Time Zone')).toHaveText('NSW and ACT (Sydney)');

      await expect(details.entries(details.checkIns).first()).toBeVisible();
      const checkIns = await shownTimes(details.checkIns.locator('time'));
      expect(checkIns.length).toBeGreaterThan(0);
      for (const { iso, text } of checkIns) {
        expect(text).toMatch(/ AE[SD]T$/);
        if (text.includes(',')) expect(text).toBe(activityText(iso, 'Australia/Sydney', true));
        else expect(text).toBe(`${clockParts(iso, 'Australia/Sydney').time} ${clockParts(iso, 'Australia/Sydney').zoneName}`);
      }

      await expect(details.entries(details.swms).first()).toBeVisible();
      const swmsTimes = await shownTimes(details.swms.locator('time'));
      for (const { iso, text } of swmsTimes) expect(text).toBe(activityText(iso, 'Australia/Sydney', true));

      // A reviewed SWMS: submitted at the site (its clock, named), reviewed wherever the reviewer was (the viewer's clock).
      await page.goto(`/company/${companyId}/swms?filter=status.string.reviewed`);
      const rowTime = page.getByRole('table').locator('tbody time').first();
      await expect(rowTime).toBeVisible();
      const [listed] = await shownTimes(rowTime);
      expect(listed?.text).toBe(dateTimeText(listed?.iso ?? '', 'Australia/Sydney'));
      await page.getByRole('table').locator('tbody tr').first().getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/company/${companyId}/swms/${uuid}$`));
      const submitted = page.locator('[data-slot="detail-item"]').filter({ hasText: 'Submitted' }).locator('time');
      await expect(submitted).toBeVisible();
      const [overview] = await shownTimes(submitted);
      expect(overview?.text).toBe(activityText(overview?.iso ?? '', 'Australia/Sydney', true));
      const swmsId = new URL(page.url()).pathname.split('/')[4] ?? '';
      const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
      const read = await page.request.get(`/api/company/${companyId}/swms/${swmsId}`, { headers: { authorization: `Bearer ${token}` } });
      const swms = (await read.json()) as { companyAdminReviewedAt: string | null; supervisorReviewedAt: string | null };
      const reviewedAt = swms.companyAdminReviewedAt ?? swms.supervisorReviewedAt;
      expect(reviewedAt).not.toBeNull();
      await expect(page.getByText(activityText(reviewedAt ?? '', browserZone, false), { exact: false }).first()).toBeVisible();
    });

    test('the site form takes its zone from the postcode, may change it, and the evacuation list prints on it', async ({ page }) => {
      const companyId = await signInAsAdmin(page);
      const address = `${Date.now().toString(36)} Hay Street`;
      await page.goto(`/company/${companyId}/projectsites/add`);
      const form = new SiteFormPage(page);
      const zone = page.getByRole('combobox', { name: 'Time Zone', exact: true });
      await expect(zone).toHaveText('NSW and ACT (Sydney)');
      await form.fill({ address, suburb: 'Perth', postcode: '6000', siteNumber: 'TZ-1', clientName: 'Zone Client' });
      await expect(zone, 'follows the postcode').toHaveText('WA (Perth)');
      await chooseOption(zone, 'SA (Adelaide)');
      await form.field('postcode').fill('6005');
      await expect(zone, 'a zone chosen by hand stays').toHaveText('SA (Adelaide)');
      await form.finish.click();
      await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${uuid}$`));
      const details = new SiteDetailsPage(page);
      await expect(details.detail('Time Zone')).toHaveText('SA (Adelaide)');

      await details.edit.click();
      await expect(zone).toHaveText('SA (Adelaide)');
      await chooseOption(zone, 'WA (Perth)');
      await form.saveUpdates.click();
      await expect(page).toHaveURL(new RegExp(`/company/${companyId}/projectsites/${uuid}$`));
      await expect(details.detail('Time Zone')).toHaveText('WA (Perth)');

      await page.getByRole('link', { name: 'Evacuation list' }).click();
      const printed = page.locator('.evacuation-heading time');
      await expect(printed).toHaveText(/ AWST$/);
      const [stamp] = await shownTimes(printed);
      expect(stamp?.text).toBe(dateTimeText(stamp?.iso ?? '', 'Australia/Perth'));
      await expect(page.getByText(`Printed at ${stamp?.text ?? ''}`)).toBeVisible();
    });
  });
}
