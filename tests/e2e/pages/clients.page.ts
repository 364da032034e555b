import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select';

/** /clients: search, sort, the client table and paging. */
export class ClientsPage {
  readonly search: Locator;
  readonly sortMenu: Locator;
  readonly createClient: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search clients' });
    this.sortMenu = page.getByRole('combobox', { name: 'Sort', exact: true });
    this.createClient = page.getByRole('link', { name: 'Create New Client' });
    this.table = page.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.empty = page.getByText('No Data Found', { exact: true });
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/clients${search}`);
    await expect(this.createClient).toBeVisible();
  }

  async sortBy(label: 'Sort Most Recent' | 'Sort A-Z' | 'Sort Z-A'): Promise<void> {
    await chooseOption(this.sortMenu, label);
  }

  /** The Company Name column, top to bottom. */
  async names(): Promise<string[]> {
    return (await this.rows.locator('td:first-child').allInnerTexts()).map((name) => name.trim());
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}
