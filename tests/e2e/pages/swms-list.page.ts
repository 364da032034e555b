import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select';

/** /company/{id}/swms: the SWMS table with its search, filter, sortable headers, selection and bulk menu. */
export class SwmsListPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly filter: Locator;
  readonly selectPage: Locator;
  readonly changeStatus: Locator;
  readonly selectionBar: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'SWMS submissions' });
    this.rows = this.table.locator('tbody tr[data-row-id]');
    this.search = page.getByRole('searchbox', { name: 'Search SWMS' });
    this.filter = page.getByRole('combobox', { name: 'Filter', exact: true });
    this.selectPage = page.getByRole('checkbox', { name: 'Select all rows on this page' });
    this.changeStatus = page.getByRole('button', { name: 'Change Status' });
    this.selectionBar = page.locator('[data-slot="data-table-selection"]');
    this.nextPage = page.getByRole('button', { name: 'Next page' });
    this.previousPage = page.getByRole('button', { name: 'Previous page' });
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

  /** 'Page 2 of 7' under the table: the number is the list's own, shown in the render that asks for that page. */
  get pageNumber(): Locator {
    return this.page.locator('[data-slot="data-table-pagination"] .data-table-page');
  }

  /**
   * Turns the page with `button` (nextPage or previousPage) and waits for the new page's rows. The address changes
   * before the list renders it, and until then the list is not busy, so waiting for the address would let old rows be
   * read; the page number changes in the very render that turns the list busy.
   */
  async turnPage(button: Locator): Promise<void> {
    const from = (await this.pageNumber.textContent()) ?? '';
    await button.click();
    await expect(this.pageNumber).not.toHaveText(from);
    await this.settled();
  }

  /**
   * Waits for the filter to show the choice (it reads the address, as the rows do) before the list settles: the list
   * turns busy in that render, so a check made before it would pass on the old rows.
   */
  async chooseFilter(label: 'All' | 'For Review' | 'Reviewed'): Promise<void> {
    await chooseOption(this.filter, label);
    await expect(this.filter).toHaveText(label);
    await this.settled();
  }

  header(column: 'Job No' | 'Date/Time Submitted'): Locator {
    return this.table.getByRole('columnheader', { name: column });
  }

  /** A sortable header's press: the sorted column flips its direction, another starts ascending. */
  /** Waits for the column's sort to change (the render that asks for the new order) before the list settles. */
  async sortBy(column: 'Job No' | 'Date/Time Submitted'): Promise<void> {
    const before = await this.header(column).getAttribute('aria-sort');
    await this.header(column).getByRole('button').click();
    await expect(this.header(column)).not.toHaveAttribute('aria-sort', before ?? 'none');
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
