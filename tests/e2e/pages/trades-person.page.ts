import type { Locator, Page } from '@playwright/test';

/** /trades/{id}: 'Tradesperson Details'. */
export class TradesPersonPage {
  constructor(readonly page: Page) {}

  detail(label: string): Locator {
    return this.page.locator('[data-slot="detail-item"]', { has: this.page.getByText(label, { exact: true }) }).locator('dd');
  }
}
