import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { SwmsSubmission } from '../../src/domain/swms-submission';
import { tradesHomePath } from '../../src/domain/trades-paths';
import { openContext } from './model/accounts';
import { checkOutOf, modelCompany } from './model/model-company';
import { SwmsSubmissionPage } from './pages/swms-submission.page';

/** With SCREENSHOTS_DIR set, the page as it stands is also saved as pictures to look at: 390 and 1280 px, light and dark. */
async function snap(page: Page, name: string): Promise<void> {
  const shots = process.env.SCREENSHOTS_DIR;
  if (!shots) return;
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

const task = `Cut the slab penetrations ${Date.now().toString(36)}`;

function submission(): SwmsSubmission {
  return {
    submissionId: randomUUID(),
    highRiskWork: ['a'],
    riskConsequenceLevel: 3,
    riskLikelihoodLevel: 2,
    task: {
      taskDescription: task,
      mobilePlantTools: 'Core drill',
      riskText: 'Silica dust, falling cores',
      riskPhoto: null,
      controlText: 'Wet cutting, exclusion zone below',
      controlPhoto: null,
      controlImplementation: 'Zone taped off before drilling',
      controlMonitoring: 'Spotter below for every core',
      controlReview: 'At each pre-start',
      ppe: ['hard_hat', 'dust_mask'],
      otherPpe: '',
    },
  };
}

test('the author revises a SWMS sent back with changes requested; the reviewer sees revision 2, what changed and both reviews For Review', async ({ browser }) => {
  // A company of the model tests' own, so the demo company's review digest is left alone.
  const company = await modelCompany(browser);
  const site = await company.site('Revise');
  const tradieApi = company.tradieApi;
  await tradieApi.call('POST', `site/${site._id}/checkin`, { key: site.key, ppeConfirmed: true });
  const swms = await tradieApi.call<{ _id: string }>('POST', `site/${site._id}/swms`, submission(), 201);
  await company.adminApi.call('PUT', `company/${company.companyId}/swms`, { swmsId: swms._id, status: 'changesRequested', comment: 'Name the tool for the cores', part: 'task' });

  const phone = await openContext(browser, company.tradie);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(tradesHomePath(company.tradie.payload.sub));
  const item = phone.page.getByRole('region', { name: 'My SWMS' }).locator('.home-list-item').filter({ hasText: task });
  await expect(item.locator('[data-slot="changes-requested"]')).toContainText('Name the tool for the cores');
  await snap(phone.page, 'home-revise');
  await item.getByRole('link', { name: `Revise ${task}` }).click();

  const builder = phone.page;
  await expect(builder.getByRole('heading', { name: 'Revise SWMS', level: 1 })).toBeVisible();
  await expect(builder.locator('[data-slot="revising"]')).toHaveText(/from revision 1/);
  await expect(builder.getByRole('checkbox', { name: /^\(a\)/ }), 'the latest revision is the draft').toBeChecked();
  await expect(builder.getByRole('button', { name: 'Start from a previous SWMS' }), 'a revision is of this SWMS only').toBeHidden();
  await snap(builder, 'builder-revise');
  await builder.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(builder.getByLabel('Task description')).toHaveValue(task);
  await expect(builder.getByLabel('Mobile plant and tools')).toHaveValue('Core drill');
  await builder.getByLabel('Mobile plant and tools').fill('Core drill with dust extraction, core catcher');
  for (let step = 0; step < 4; step += 1) await builder.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(builder.getByText('Everything WHS Regulation 299 asks for is here.')).toBeVisible();
  await builder.getByRole('button', { name: 'Send revision', exact: true }).click();
  await expect(builder.locator('#outcome-title')).toHaveText('Revision 2 sent');
  await expect(builder.getByRole('button', { name: 'Start another SWMS' })).toBeHidden();
  await snap(builder, 'builder-revision-sent');
  // Back home, the SWMS says which revision it is and when that was sent, no longer revision 1's submission.
  await phone.page.goto(tradesHomePath(company.tradie.payload.sub));
  await expect(item.locator('.home-list-meta')).toHaveText(/^Revision 2 sent \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [A-Z]+$/);
  await phone.context.close();

  const desk = await openContext(browser, company.admin);
  await desk.page.setViewportSize({ width: 1280, height: 900 });
  const page = new SwmsSubmissionPage(desk.page);
  await page.goto(company.companyId, swms._id);
  const revisions = desk.page.getByRole('region', { name: 'Revisions' });
  await expect(revisions.getByRole('list', { name: 'Revisions' }).getByRole('listitem')).toHaveText([/^Revision 2 \(current\)/, /^Revision 1/]);
  const changes = revisions.getByRole('region', { name: 'What changed since revision 1' });
  const changed = changes.locator('.swms-change');
  await expect(changed, 'only the field the author changed').toHaveCount(1);
  await expect(changed).toHaveAttribute('data-field', 'mobilePlantTools');
  await expect(changed).toContainText('Mobile Plant / Tools');
  await expect(changed).toContainText(/Before\s*Core drill\s*Now\s*Core drill with dust extraction, core catcher/);
  await expect(page.review('Company Admin review')).toHaveText(/^For Review/);
  await expect(page.review('Supervisor review')).toHaveText(/^For Review/);
  await expect(desk.page.getByRole('region', { name: 'History' })).toContainText('sent revision 2 of SWMS');
  await snap(desk.page, 'swms-revisions');

  await desk.page.goto(`/company/${company.companyId}/projectsites/${site._id}`);
  await expect(desk.page.locator('.activity-link').filter({ hasText: 'Taylor' }).first()).toContainText('Revision 2');
  await snap(desk.page, 'site-activity-revision');
  await page.goto(company.companyId, swms._id);
  await revisions.getByRole('link', { name: 'View revision 1' }).click();
  await expect(desk.page.getByRole('note', { name: 'Revision 1' })).toContainText('revision 1 of 2');
  await expect(page.task).toContainText('Core drill');
  await expect(page.task).not.toContainText('dust extraction');
  await expect(page.reviewCard, 'an earlier revision is read only').toHaveCount(0);
  await expect(revisions.getByRole('region', { name: 'What changed since revision 1' }), 'what changed belongs beside the latest').toHaveCount(0);
  await snap(desk.page, 'swms-older-revision');
  await desk.context.close();

  await checkOutOf(tradieApi, company.tradie, new Set([site._id]));
});

