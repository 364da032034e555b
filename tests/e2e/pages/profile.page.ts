import type { Locator, Page } from '@playwright/test';

export class ProfilePage {
  readonly personalDetails: Locator;
  readonly businessDetails: Locator;
  readonly editInformation: Locator;

  constructor(readonly page: Page) {
    this.personalDetails = page.getByRole('region', { name: 'Personal Details' });
    this.businessDetails = page.getByRole('region', { name: 'Business Details' });
    this.editInformation = page.getByRole('link', { name: 'Edit Information' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
  }

  detail(label: string): Locator {
    return this.page.locator('[data-slot="detail-item"]', { has: this.page.getByText(label, { exact: true }) }).locator('dd');
  }
}
