import type { Locator, Page } from '@playwright/test';

export class LoginPage {
  readonly google: Locator;
  readonly apple: Locator;

  constructor(readonly page: Page) {
    this.google = page.getByRole('button', { name: 'Continue with Google' });
    this.apple = page.getByRole('button', { name: 'Continue with Apple' });
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/${search}`);
  }

  async continueWith(provider: 'Google' | 'Apple'): Promise<void> {
    await (provider === 'Google' ? this.google : this.apple).click();
  }
}
