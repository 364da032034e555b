import { expect, type Locator, type Page } from '@playwright/test';
import { companySortOptions } from '../../../src/domain/company';
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

  /**
   * Chooses a sort and waits for the list in that order: for the server's answer in the new order, then for the render
   * that shows it (the list is busy from the render that reads the new address until then). A check made only when the
   * address changed could read the old rows.
   */
  async sortBy(label: 'Sort Most Recent' | 'Sort A-Z' | 'Sort Z-A'): Promise<void> {
    const key = companySortOptions.find((option) => option.label === label)?.key;
    const answered = this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/company' && url.searchParams.get('sort') === key;
    });
    await chooseOption(this.sortMenu, label);
    await answered;
    await expect(this.table).not.toHaveAttribute('aria-busy', 'true');
  }

  /** The Company Name column, top to bottom. */
  async names(): Promise<string[]> {
    return (await this.rows.locator('td:first-child').allInnerTexts()).map((name) => name.trim());
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}
