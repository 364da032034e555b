import { expect, type Locator, type Page } from '@playwright/test';

/** /company/{id}/swms: the SWMS table with its search, filter, sort, selection and bulk menu. */
export class SwmsListPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly filter: Locator;
  readonly sort: Locator;
  readonly selectPage: Locator;
  readonly changeStatus: Locator;
  readonly selectionBar: Locator;
  readonly nextPage: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'SWMS submissions' });
    this.rows = this.table.locator('tbody tr[data-row-id]');
    this.search = page.getByRole('searchbox', { name: 'Search SWMS' });
    this.filter = page.getByLabel('Filter', { exact: true });
    this.sort = page.getByLabel('Sort', { exact: true });
    this.selectPage = page.getByRole('checkbox', { name: 'Select all rows on this page' });
    this.changeStatus = page.getByRole('button', { name: 'Change Status' });
    this.selectionBar = page.locator('[data-slot="data-table-selection"]');
    this.nextPage = page.getByRole('button', { name: 'Next page' });
  }

  async goto(companyId: string, search = ''): Promise<void> {
    await this.page.goto(`/company/${companyId}/swms${search}`);
    await this.settled();
  }

  /** The page's rows have arrived (no request in flight). */
  async settled(): Promise<void> {
    await expect(this.table).toBeVisible();
    await expect(this.table).not.toHaveAttribute('aria-busy', 'true');
  }

  async chooseFilter(label: 'All' | 'For Review' | 'Reviewed'): Promise<void> {
    await this.filter.selectOption({ label });
    await this.settled();
  }

  async chooseSort(label: 'Date New-Old' | 'Date Old-New' | 'Job No. Low-High' | 'Job No. High-Low'): Promise<void> {
    await this.sort.selectOption({ label });
    await this.settled();
  }

  menuItem(name: 'Mark as Reviewed' | 'Mark as For Review'): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  /** Each shown row's id, in order. */
  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id') ?? ''));
  }

  row(id: string): Locator {
    return this.table.locator(`tbody tr[data-row-id="${id}"]`);
  }

  rowCheckbox(row: Locator): Locator {
    return row.getByRole('checkbox');
  }

  status(row: Locator): Locator {
    return row.locator('[data-slot="status-badge"]');
  }
}
