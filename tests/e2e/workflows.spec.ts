import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { SwmsListPage } from './pages/swms-list.page';
import { demo, signInQuickly } from './support/sign-in';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** DESIGN.md: every machine the app runs appears on /workflows, one card per machine file. */
const machineFiles = readdirSync('machines').filter((name) => name.endsWith('.machine.ts'));

test('an auditor reads a workflow diagram by keyboard, searches it and downloads it', async ({ page }) => {
  await signInQuickly(page, 'auditor@harbourbuild.demo');
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/audit$`));
  await page.goto('/workflows');
  const cards = page.locator('.workflow-list li');
  await expect(cards).toHaveCount(machineFiles.length);
  await page.getByRole('link', { name: /SWMS dual review/ }).click();
  await expect(page).toHaveURL(/\/workflows\/swmsReview$/);

  const diagram = page.getByRole('group', { name: 'SWMS dual review statechart' }).first();
  await expect(diagram).toBeVisible();
  // Words on the drawing; the code names in each state's and arrow's SVG title.
  const frame = page.locator('.diagram-frame');
  const forReview = frame.locator('[data-state-id="swmsReview.supervisor.forReview"]');
  await expect(forReview.locator('.state-name')).toHaveText('For Review');
  await expect(forReview.locator('title')).toHaveText('swmsReview.supervisor.forReview');
  const saved = frame.locator('.transition').filter({ has: page.locator('title', { hasText: /^xstate\.done\.actor\.markSupervisorReviewed$/ }) });
  await expect(saved.locator('text')).toHaveText('when the review is saved');
  // On each flag, from For Review and from Changes requested.
  await expect(frame.locator('.transition text').filter({ hasText: "'Check as Reviewed'" })).toHaveCount(4);
  const drawnWords = await frame.locator('svg text').allTextContents();
  expect(drawnWords.filter((words) => /xstate\.|done:|review\.mark|isViewerFlag|forReview/.test(words))).toEqual([]);

  await forReview.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: 'State details' });
  await expect(details.getByRole('heading', { name: 'For Review' })).toBeVisible();
  await expect(details).toContainText('swmsReview.supervisor.forReview');
  await expect(details).toContainText("'Check as Reviewed', if the viewer's role acts on this flag → Saving the review");
  await expect(details).toContainText('review.mark [isViewerFlag]');

  await page.getByPlaceholder('Find a state or event').fill('review.return');
  await expect(page.locator('.diagram-frame [data-transition-id][data-dim]').first()).toBeAttached();
  // Back to For Review on each flag, from Reviewed and from Changes requested.
  await expect(page.locator('.diagram-frame .transition:not([data-dim])')).toHaveCount(4);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  const svg = readFileSync(await (await download).path(), 'utf8');
  expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 \d/);
  expect(svg).toContain('swmsReview.companyAdmin.reviewed');

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  const png = readFileSync(await (await pngDownload).path());
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

  // Printed, the whole drawing fits one A4 landscape page.
  const printed = await page.pdf({ preferCSSPageSize: true });
  expect(printed.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  expect(printed.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 841\.\d+ 59\d\.\d+\]/);
});

test("'Show on diagram' numbers the states a SWMS passed through", async ({ page }) => {
  await signInQuickly(page, demo.supervisor);
  await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms$`));
  const companyId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const list = new SwmsListPage(page);
  await list.goto(companyId, '?filter=status.string.reviewed');
  await list.rows.first().getByRole('link').first().click();
  await page.getByRole('link', { name: 'Show on diagram' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/swmsReview\\?swms=${companyId}/${uuid}$`));
  await expect(page.getByRole('status').filter({ hasText: /This SWMS passed through \d+ steps/ })).toBeVisible();
  const frame = page.locator('.diagram-frame');
  await expect(frame.locator('[data-state-id="swmsReview.supervisor.forReview"] .visit').first()).toHaveText('1');
  await expect(frame.locator('[data-state-id="swmsReview.supervisor.reviewed"][data-visited]')).toBeAttached();
});

/** The size the smallest words of the drawing show at on screen: font size times the zoom. */
async function smallestShownText(frame: Locator): Promise<number> {
  return frame.locator('svg').evaluate((svg) =>
    Math.min(
      ...Array.from(svg.querySelectorAll<SVGTextElement>('.state-name, .transition text'), (text) => {
        const scale = text.getScreenCTM()?.a ?? 0;
        return Number.parseFloat(getComputedStyle(text).fontSize) * scale;
      }),
    ),
  );
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the SWMS builder's diagram opens readable at its start, ${viewport.width} px wide`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInQuickly(page, demo.supervisor);
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms$`));
    await page.goto('/workflows/swmsBuilder');
    const frame = page.locator('.diagram-frame');
    const start = frame.locator('[data-state-id="swmsBuilder.main.restoring"]');
    // ELK lays the largest machine out twice (down and across) in a worker: seconds, more on a busy machine.
    await expect(start.locator('.state-name')).toHaveText('Opening the kept draft', { timeout: 60_000 });
    await expect(frame.locator('.transition text').filter({ hasText: 'when the draft is read' }).first()).toBeAttached();
    const drawnWords = await frame.locator('svg text').allTextContents();
    expect(drawnWords.filter((words) => /xstate\.|#swmsBuilder|\b(is|has)[A-Z]|\w\.\w/.test(words))).toEqual([]);

    const inFrame = async (state: Locator) => {
      const [box, shown] = [await state.locator('.state-box').boundingBox(), await frame.boundingBox()];
      return Boolean(box && shown && box.x >= shown.x && box.x + box.width <= shown.x + shown.width && box.y >= shown.y && box.y + box.height <= shown.y + shown.height);
    };
    await expect.poll(() => smallestShownText(frame)).toBeGreaterThanOrEqual(12);
    await expect.poll(() => inFrame(start)).toBe(true);

    // Tab brings a state out of view into it, and the whole drawing is one press away.
    const lastState = frame.locator('[data-state-id="swmsBuilder.photos.failed"]');
    expect(await inFrame(lastState)).toBe(false);
    await lastState.focus();
    await expect.poll(() => inFrame(lastState)).toBe(true);
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await expect.poll(() => smallestShownText(frame)).toBeLessThan(12);
  });
}

test('a tradesperson has no Workflows item, and the diagrams refuse them', async ({ page }) => {
  await signInQuickly(page, 'tradie1@trades.demo');
  await expect(page).toHaveURL(new RegExp(`/trades/${uuid}$`));
  const navigation = page.getByRole('navigation').first();
  await expect(navigation.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Workflows' })).toHaveCount(0);
  await page.goto('/workflows/swmsBuilder');
  await expect(page).toHaveURL(/\/unauthorised$/);
  await expect(page.getByText('You are not authorised to view this page')).toBeVisible();
});
