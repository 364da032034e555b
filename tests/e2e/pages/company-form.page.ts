import { expect, type Locator, type Page } from '@playwright/test';

export interface CompanyFormValues {
  readonly name: string;
  readonly abn: string;
  readonly buildersRegNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly postalAddress: string;
}

const labels: Record<keyof CompanyFormValues, string> = {
  name: 'Company Name',
  abn: 'ABN',
  buildersRegNumber: 'Builders Registration No.',
  phone: 'Office Phone Number',
  email: 'Office Email Address',
  address: 'Office Address',
  postalAddress: 'Postal Address',
};

/** The company form of 'Create New Client', 'Edit Client' and 'Edit Company'. */
export class CompanyFormPage {
  readonly logoInput: Locator;
  readonly logoProgress: Locator;

  constructor(readonly page: Page) {
    this.logoInput = page.locator('[data-slot="file-upload"] input[type="file"]');
    this.logoProgress = page.getByRole('progressbar');
  }

  field(name: keyof CompanyFormValues): Locator {
    return this.page.getByLabel(labels[name], { exact: true });
  }

  submit(label: string): Locator {
    return this.page.getByRole('button', { name: label, exact: true });
  }

  async fill(values: Partial<CompanyFormValues>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [keyof CompanyFormValues, string][]) {
      const input = this.field(name);
      await input.fill(value);
      await input.blur();
    }
  }

  /** Chooses a logo and waits until it is stored (its name shows, the progress bar is gone). */
  async uploadLogo(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.logoInput.setInputFiles(file);
    await expect(this.page.locator('[data-slot="file-upload"]')).toHaveAttribute('data-state', 'attached');
    await expect(this.page.locator('.file-upload-name')).toHaveText(file.name);
  }

  errorFor(name: keyof CompanyFormValues): Locator {
    return this.page.locator('[data-slot="field"]', { has: this.field(name) }).locator('[data-slot="field-error"]');
  }
}
