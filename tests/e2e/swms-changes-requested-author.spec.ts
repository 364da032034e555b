import { expect, test } from '@playwright/test';
import type { TradesActivity } from '../../src/domain/trades';
import { tradesActivityApiPath, tradesHomePath } from '../../src/domain/trades-paths';
import { account, Api, openContext } from './model/accounts';
import { demo } from './support/sign-in';

const author = 'tradie1@trades.demo';

test("the author's home shows a request for changes with its comment and part, at phone width", async ({ browser }) => {
  const admin = await account(browser, demo.admin);
  const tradie = await account(browser, author);
  const adminApi = await Api.as(admin.token);
  const tradieApi = await Api.as(tradie.token);
  const companyId = admin.payload.company ?? '';
  const activity = await tradieApi.call<TradesActivity>('GET', tradesActivityApiPath(tradie.payload.sub));
  // Their oldest SWMS the admin's flag has For Review: the lists' other tests work from the newest.
  const swms = activity.swms.filter((item) => item.site.companyName.startsWith('Harbour Build') && item.companyAdminStatus === 'forReview').at(-1);
  expect(swms, 'the demo tradesperson has a Harbour Build SWMS For Review').toBeDefined();
  const swmsId = swms?._id ?? '';
  const comment = `Add the exclusion zone below the scaffold (${Date.now().toString(36)})`;
  await adminApi.call('PUT', `company/${companyId}/swms`, { swmsId, status: 'changesRequested', comment, part: 'controls' });

  const { page, context } = await openContext(browser, tradie);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tradesHomePath(tradie.payload.sub));
  const mySwms = page.getByRole('region', { name: 'My SWMS' });
  await mySwms.getByRole('button', { name: /^Show all \d+ SWMS$/ }).click();
  const item = mySwms.locator('.home-list-item').filter({ hasText: comment });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Admin: Changes requested');
  await expect(item.locator('[data-slot="changes-requested"]')).toHaveText(`Changes requested · About: Controls${comment}`);
  await expect(item.locator('[data-slot="status-badge"][data-status="changesRequested"]')).toHaveCount(1);

  // The SWMS goes back as it was for the suite's other tests; its comment stays, as comments do.
  await adminApi.call('PUT', `company/${companyId}/swms`, { swmsId, status: 'forReview' });
  await context.close();
});
