import { expect, type Locator, type Page } from '@playwright/test';

/** /clients/{id}, and the company details card it shares with Company Profile. */
export class ClientDetailsPage {
  readonly companyCard: Locator;
  readonly editInformation: Locator;
  readonly deleteAccount: Locator;
  readonly invited: Locator;
  readonly admins: Locator;
  readonly supervisors: Locator;
  readonly noAdminCallout: Locator;

  constructor(readonly page: Page) {
    this.companyCard = page.locator('[data-slot="card"]', { has: page.locator('#company-details-name') });
    this.editInformation = page.getByRole('link', { name: 'Edit Information' });
    this.deleteAccount = page.getByRole('button', { name: 'Delete Account' });
    this.invited = page.getByRole('region', { name: 'Invited Employees' });
    this.admins = page.getByRole('region', { name: 'Admin', exact: true });
    this.supervisors = page.getByRole('region', { name: 'Site Supervisors' });
    this.noAdminCallout = page.getByRole('region', { name: 'This client has no admin yet' });
  }

  async goto(clientId: string): Promise<void> {
    await this.page.goto(`/clients/${clientId}`);
    await expect(this.companyCard).toBeVisible();
  }

  detail(label: string): Locator {
    return this.page.locator('[data-slot="detail-item"]', { has: this.page.getByText(label, { exact: true }) }).locator('dd');
  }

  invitation(email: string): Locator {
    return this.invited.locator('tbody tr', { hasText: email });
  }

  async confirmDelete(): Promise<void> {
    await this.deleteAccount.click();
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
  }
}
