import { expect, type Locator, type Page } from '@playwright/test';

/** /company/{id}/employees. */
export class EmployeesPage {
  readonly table: Locator;
  readonly addSupervisor: Locator;
  readonly invited: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table').first();
    this.addSupervisor = page.getByRole('link', { name: 'Add Site Supervisor' });
    this.invited = page.getByRole('region', { name: 'Invited Employees' });
  }

  async goto(companyId: string): Promise<void> {
    await this.page.goto(`/company/${companyId}/employees`);
  }

  async columns(): Promise<string[]> {
    await expect(this.table).toBeVisible();
    return (await this.table.locator('thead th').allTextContents()).map((text) => text.trim());
  }

  row(fullName: string): Locator {
    return this.table.locator('tbody tr', { has: this.page.getByRole('link', { name: fullName, exact: true }) });
  }
}
