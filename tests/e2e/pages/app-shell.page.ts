import type { Locator, Page } from '@playwright/test';

/** The header bar and side navigation of every signed-in screen. */
export class AppShell {
  readonly header: Locator;
  readonly pageTitle: Locator;
  readonly navigation: Locator;
  readonly logout: Locator;
  readonly versionLabel: Locator;
  readonly menuButton: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.pageTitle = this.header.getByRole('heading', { level: 1 });
    this.navigation = page.getByRole('navigation', { name: 'Main' });
    this.logout = this.navigation.getByRole('button', { name: 'Logout' });
    this.versionLabel = this.navigation.getByText(/^v\d+\.\d+\.\d+ (PROD|DEV)$/);
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
  }

  navLink(name: 'Clients' | 'Projects' | 'Employees' | 'SWMS' | 'Company Profile' | 'My Profile' | 'Audit Trail' | 'Workflows'): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  themeToggle(): Locator {
    return this.page.getByRole('button', { name: /^Use (light|dark) mode$/ });
  }

  /** At phone width the side navigation sits behind the menu button. */
  async openMenuIfCollapsed(): Promise<void> {
    if (await this.menuButton.isVisible()) await this.menuButton.click();
  }
}
