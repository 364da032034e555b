import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Api, openContext } from './model/accounts';
import { modelCompany } from './model/model-company';
import { axeViolations, showColourScheme } from './support/axe';

/*
 * Issue 57 §3 end to end on the real portal: a worker checks in at 390 px, opens the site's SWMS, reads and signs one
 * by drawing on the pad and another by typing their name; the list says Signed on; a reviewer at 1280 px watches the
 * site's gap list empty itself as the worker signs, and finds the drawn signature on the SWMS page. The data is the
 * model company's, so the demo company's review digest is not disturbed.
 */

const phone = { width: 390, height: 844 } as const;
const desk = { width: 1280, height: 900 } as const;
const shots = '/tmp/shots-signon';

const submission = (taskDescription: string) => ({
  submissionId: randomUUID(),
  highRiskWork: ['a'],
  riskConsequenceLevel: 3,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription,
    mobilePlantTools: 'Ladder, drill',
    riskText: 'Falls from the ladder while fixing brackets',
    riskPhoto: null,
    controlText: 'Three points of contact; the ladder footed by a second worker',
    controlPhoto: null,
    controlImplementation: 'The leading hand checks the ladder before use',
    controlMonitoring: 'Checked at each pre-start',
    controlReview: 'Reviewed when the work or the ladder changes',
    ppe: ['hard_hat', 'safety_boots'],
    otherPpe: '',
  },
});

/** The screen at both widths and in both themes: held to WCAG 2.2 AA by axe, and kept as a picture to look at. */
async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  const viewport = page.viewportSize();
  for (const size of [phone, desk]) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await showColourScheme(page, colorScheme);
      expect(await axeViolations(page), `${name} at ${size.width} px, ${colorScheme}`).toEqual([]);
      await page.screenshot({ path: `${shots}/${name}-${size.width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await showColourScheme(page, 'light');
  if (viewport) await page.setViewportSize(viewport);
}

/** A signature drawn with the mouse: two strokes across the pad. */
async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: 'Signature pad: sign with your finger' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad has no box');
  const strokes = [
    [0.1, 0.6, 0.3, 0.3, 0.45, 0.7],
    [0.5, 0.5, 0.7, 0.35, 0.9, 0.55],
  ];
  for (const [x1, y1, x2, y2, x3, y3] of strokes) {
    await page.mouse.move(box.x + box.width * x1!, box.y + box.height * y1!);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * x2!, box.y + box.height * y2!, { steps: 8 });
    await page.mouse.move(box.x + box.width * x3!, box.y + box.height * y3!, { steps: 8 });
    await page.mouse.up();
  }
}

test('a worker signs on to a site’s SWMS by drawing and by typing, and the reviewer sees it live', async ({ browser }) => {
  const company = await modelCompany(browser);
  const site = await company.site('Sign-on');
  const author = await company.tradesperson('signonauthor');
  const authorApi = await Api.as(author.token);
  await authorApi.call('POST', `site/${site._id}/checkin`, { key: site.key, ppeConfirmed: true });
  const drawnTask = `Fix roof brackets ${Date.now().toString(36)}`;
  const typedTask = `Install gutters ${Date.now().toString(36)}`;
  const drawnSwms = await authorApi.call<{ _id: string }>('POST', `site/${site._id}/swms`, submission(drawnTask), 201);
  await authorApi.call('POST', `site/${site._id}/swms`, submission(typedTask), 201);
  const worker = await company.tradesperson('signonworker');
  const workerName = `Taylor Modelsignonworker`;

  const reviewer = await openContext(browser, company.admin);
  await reviewer.page.setViewportSize(desk);
  await reviewer.page.goto(`/company/${company.companyId}/projectsites/${site._id}`);
  await expect(reviewer.page.locator('#signon-gaps-title')).toHaveText('On site without a current sign-on: 0');

  // The worker checks in at the gate on the phone: the gap list names them at once.
  const phoneWorld = await openContext(browser, worker);
  const tradie = phoneWorld.page;
  await tradie.setViewportSize(phone);
  await tradie.goto(`/site/${site._id}/check-in?key=${encodeURIComponent(site.key)}`);
  await tradie.getByRole('checkbox', { name: 'I have this PPE' }).check();
  await tradie.getByRole('button', { name: 'Check in' }).click();
  await expect(tradie.getByRole('button', { name: 'Check out' })).toBeVisible();
  await expect(reviewer.page.locator('#signon-gaps-title')).toHaveText('On site without a current sign-on: 1', { timeout: 10_000 });
  const gaps = reviewer.page.getByRole('list', { name: 'People on site without a current sign-on' });
  await expect(gaps.getByRole('listitem').filter({ hasText: workerName })).toContainText('Not signed on');
  await snap(reviewer.page, 'site-signon-gaps');

  // The check-in page offers the site's SWMS; so does the home, with a nudge naming how many wait.
  await expect(tradie.getByRole('link', { name: 'SWMS on this site' })).toBeVisible();
  await tradie.goto(`/trades/${worker.payload.sub}`);
  await expect(tradie.getByRole('status').filter({ hasText: '2 SWMS here need your signature before you start.' })).toBeVisible();
  await snap(tradie, 'trades-home-signon');

  // 'SWMS on this site': both unsigned.
  await tradie.getByRole('link', { name: 'SWMS on this site' }).click();
  await expect(tradie).toHaveURL(new RegExp(`/site/${site._id}/swms$`));
  const list = tradie.getByRole('list', { name: 'SWMS on this site' });
  const drawnItem = list.getByRole('listitem').filter({ hasText: drawnTask });
  const typedItem = list.getByRole('listitem').filter({ hasText: typedTask });
  await expect(drawnItem).toContainText('Not signed on');
  await expect(typedItem).toContainText('Not signed on');
  await snap(tradie, 'site-signon-list');

  // Read and sign by drawing: Send without the tick or a signature names both.
  await drawnItem.getByRole('link', { name: `Read and sign: ${drawnTask}` }).click();
  await expect(tradie.getByRole('heading', { name: drawnTask, level: 2 })).toBeVisible();
  await expect(tradie.getByText('Three points of contact; the ladder footed by a second worker')).toBeVisible();
  await tradie.getByRole('button', { name: 'Send' }).click();
  await expect(tradie.getByText('Confirm that you have read and understood this SWMS and will work to it')).toBeVisible();
  await expect(tradie.getByText('Sign with your finger, or type your full name')).toBeVisible();
  await tradie.getByRole('checkbox', { name: 'I have read and understood this SWMS and will work to it' }).click();
  await drawSignature(tradie);
  await expect(tradie.getByText('Sign with your finger, or type your full name')).toBeHidden();
  await snap(tradie, 'read-and-sign');
  await tradie.getByRole('button', { name: 'Send' }).click();
  await expect(tradie.getByRole('heading', { name: 'Signed on' })).toBeVisible();
  await expect(tradie.getByText(/You signed on to revision 1 at \d\d\/\d\d\/\d{4}, \d\d:\d\d AE[DS]T\./)).toBeVisible();
  await snap(tradie, 'read-and-sign-sent');

  // One current sign-on is enough for the gap list: it empties by itself.
  await expect(reviewer.page.locator('#signon-gaps-title')).toHaveText('On site without a current sign-on: 0', { timeout: 10_000 });

  // The second by typing the full name.
  await tradie.getByRole('link', { name: 'Back to SWMS on this site' }).click();
  await expect(drawnItem).toContainText('Signed on');
  await typedItem.getByRole('link', { name: `Read and sign: ${typedTask}` }).click();
  await tradie.getByRole('checkbox', { name: 'I have read and understood this SWMS and will work to it' }).click();
  await tradie.getByRole('button', { name: 'Type your name instead' }).click();
  await tradie.getByRole('textbox', { name: 'Your full name' }).fill(workerName);
  await snap(tradie, 'read-and-sign-typed');
  await tradie.getByRole('button', { name: 'Send' }).click();
  await expect(tradie.getByRole('heading', { name: 'Signed on' })).toBeVisible();
  await tradie.getByRole('link', { name: 'Back to SWMS on this site' }).click();
  await expect(drawnItem).toContainText('Signed on');
  await expect(typedItem).toContainText('Signed on');
  await expect(typedItem).toContainText(/You signed revision 1 on \d\d\/\d\d\/\d{4}, \d\d:\d\d AE[DS]T/);

  // The reviewer's SWMS page: the worker, the revision, the site's time with its zone, current, the drawn signature.
  await reviewer.page.goto(`/company/${company.companyId}/swms/${drawnSwms._id}`);
  const signOns = reviewer.page.getByRole('list', { name: 'Workers signed on to this SWMS' });
  const row = signOns.getByRole('listitem').filter({ hasText: workerName });
  await expect(row).toContainText('Current');
  await expect(row).toContainText(/Revision 1 · \d\d\/\d\d\/\d{4}, \d\d:\d\d AE[DS]T/);
  const signature = row.getByRole('img', { name: `Signature of ${workerName}` });
  await expect(signature).toBeVisible();
  expect(await signature.evaluate((image: HTMLImageElement) => image.naturalWidth), 'the drawn PNG shows').toBeGreaterThan(0);
  await expect(signOns.getByRole('listitem').filter({ hasText: 'Author (by submitting)' })).toBeVisible();
  await snap(reviewer.page, 'swms-signons-card');

  await authorApi.call('POST', `site/${site._id}/checkout`, {});
  await (await Api.as(worker.token)).call('POST', `site/${site._id}/checkout`, {});
  await reviewer.context.close();
  await phoneWorld.context.close();
});
