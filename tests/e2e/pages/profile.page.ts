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

export class ProfileEditPage {
  readonly save: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save Edits' });
    this.back = page.getByRole('link', { name: 'Back' });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async fill(label: string, value: string): Promise<void> {
    const input = this.field(label);
    await input.fill(value);
    await input.blur();
  }
}
