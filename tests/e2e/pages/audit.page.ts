import { expect, type Locator, type Page } from '@playwright/test';

/** /company/{id}/audit: the chain banner, filters, and the company's events newest first. */
export class AuditTrailPage {
  readonly banner: Locator;
  readonly events: Locator;
  readonly search: Locator;
  readonly action: Locator;
  readonly record: Locator;
  readonly download: Locator;

  constructor(readonly page: Page) {
    this.banner = page.locator('.chain-banner');
    this.events = page.getByRole('list', { name: 'Audit Trail' }).locator('li.audit-event');
    this.search = page.getByRole('searchbox', { name: 'Search the audit trail' });
    this.action = page.getByRole('combobox', { name: 'Action', exact: true });
    this.record = page.getByRole('combobox', { name: 'Record', exact: true });
    this.download = page.getByRole('button', { name: 'Download CSV' });
  }

  async goto(companyId: string, query = ''): Promise<void> {
    await this.page.goto(`/company/${companyId}/audit${query}`);
    await expect(this.events.first()).toBeVisible();
  }

  sentences(): Promise<string[]> {
    return this.page.locator('.audit-event-sentence').allInnerTexts();
  }

  event(text: string | RegExp): Locator {
    return this.events.filter({ hasText: text });
  }
}
