import { expect, type Locator, type Page } from '@playwright/test';

export interface SiteFields {
  readonly address?: string;
  readonly suburb?: string;
  readonly postcode?: string;
  readonly siteNumber?: string;
  readonly clientName?: string;
  readonly otherPpe?: string;
}

const labels: Record<keyof SiteFields, string> = {
  address: 'Street Address',
  suburb: 'Suburb',
  postcode: 'Postcode',
  siteNumber: 'Job No.',
  clientName: 'Client',
  otherPpe: 'Other PPE',
};

/** /company/{id}/projectsites/add ('Create New Project Site') and .../{siteId}/edit ('Site Information'). */
export class SiteFormPage {
  readonly supervisor: Locator;
  readonly planInput: Locator;
  readonly finish: Locator;
  readonly saveUpdates: Locator;

  constructor(readonly page: Page) {
    this.supervisor = page.getByRole('combobox', { name: 'Site Supervisor', exact: true });
    this.planInput = page.locator('[data-slot="file-upload"] input[type="file"]');
    this.finish = page.getByRole('button', { name: 'Finish' });
    this.saveUpdates = page.getByRole('button', { name: 'Save Updates' });
  }

  field(name: keyof SiteFields): Locator {
    return this.page.getByLabel(labels[name], { exact: true });
  }

  async fill(fields: SiteFields): Promise<void> {
    for (const [name, value] of Object.entries(fields) as [keyof SiteFields, string][]) await this.field(name).fill(value);
  }

  ppe(label: string): Locator {
    return this.page.getByRole('group', { name: 'PPE Required' }).getByRole('button', { name: label });
  }

  async togglePpe(...names: string[]): Promise<void> {
    for (const name of names) await this.ppe(name).click();
  }

  async attachPlan(name: string, bytes: Buffer): Promise<void> {
    await this.planInput.setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    await expect(this.page.locator('[data-slot="file-upload"]')).toHaveAttribute('data-state', 'attached');
    await expect(this.page.locator('[data-slot="file-upload"]')).toContainText(name);
  }

  errorFor(name: keyof SiteFields): Locator {
    return this.field(name).locator('xpath=ancestor::*[@data-slot="field"][1]').locator('[data-slot="field-error"]');
  }
}
