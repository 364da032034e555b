import { expect, type Locator, type Page } from '@playwright/test';

/** /company/{id}/projectsites/{siteId}: the site, its status menu, PPE and the two 'Scroll For more' lists. */
export class SiteDetailsPage {
  readonly checkIns: Locator;
  readonly swms: Locator;
  readonly ppe: Locator;
  readonly changeStatus: Locator;
  readonly edit: Locator;

  constructor(readonly page: Page) {
    this.checkIns = page.getByRole('list', { name: 'Latest Check-ins' });
    this.swms = page.getByRole('list', { name: 'SWMS Completed' });
    this.ppe = page.getByRole('list', { name: 'PPE Required' });
    this.changeStatus = page.getByRole('button', { name: 'Change Status' });
    this.edit = page.getByRole('link', { name: 'Edit Information' });
  }

  async goto(companyId: string, siteId: string): Promise<void> {
    await this.page.goto(`/company/${companyId}/projectsites/${siteId}`);
    await expect(this.edit).toBeVisible();
  }

  detail(label: string): Locator {
    return this.page.locator('[data-slot="detail-item"]').filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  }

  /** Entries of a list, not counting its 'Scroll For more' row. */
  entries(list: Locator): Locator {
    return list.locator('li.activity-item');
  }
}
