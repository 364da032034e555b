import { expect, type Locator, type Page } from '@playwright/test';

/** /company/{id}: Company Profile. */
export class CompanyProfilePage {
  readonly title: Locator;
  readonly editInformation: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('banner').getByRole('heading', { level: 1, name: 'Company Profile' });
    this.editInformation = page.getByRole('link', { name: 'Edit Information' });
  }

  async goto(companyId: string): Promise<void> {
    await this.page.goto(`/company/${companyId}`);
    await expect(this.editInformation).toBeVisible();
  }

  detail(label: string): Locator {
    return this.page.locator('[data-slot="detail-item"]', { has: this.page.getByText(label, { exact: true }) }).locator('dd');
  }
}
