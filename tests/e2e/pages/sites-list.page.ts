import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select';

export type SiteStatusLabel = 'Ongoing' | 'On Hold' | 'Completed' | 'Cancelled';
export type SiteColumn = 'Street Address' | 'Suburb' | 'Site Supervisor' | 'Client' | 'Job No.';

/** /company/{id}/projectsites: the project site table with search, sort, status filter, selection and bulk menu. */
export class SitesListPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly filter: Locator;
  readonly selectPage: Locator;
  readonly changeStatus: Locator;
  readonly selectionBar: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Project sites' });
    this.rows = this.table.locator('tbody tr[data-row-id]');
    this.search = page.getByRole('searchbox', { name: 'Search project sites' });
    this.filter = page.getByRole('combobox', { name: 'Status', exact: true });
    this.selectPage = page.getByRole('checkbox', { name: 'Select all rows on this page' });
    this.changeStatus = page.getByRole('button', { name: 'Change Status' });
    this.selectionBar = page.locator('[data-slot="data-table-selection"]');
    this.createButton = page.getByRole('link', { name: 'Create New Site Project' }).first();
  }

  async goto(companyId: string, query = ''): Promise<void> {
    await this.page.goto(`/company/${companyId}/projectsites${query}`);
    await this.settled();
  }

  async settled(): Promise<void> {
    await expect(this.table).toBeVisible();
    await expect(this.table).not.toHaveAttribute('aria-busy', 'true');
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
    await expect(this.page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
    await this.settled();
  }

  /**
   * Waits for the address to name the filter before the list settles: the list turns busy in the render that reads
   * the new address, so a check made before that render would pass on the old rows.
   */
  async chooseFilter(label: SiteStatusLabel | 'All'): Promise<void> {
    await chooseOption(this.filter, label);
    if (label === 'All') await expect(this.page).not.toHaveURL(/[?&]status=/);
    else await expect(this.page).toHaveURL(new RegExp(`[?&]status=${label.toLowerCase().replace(' ', '_')}(&|$)`));
    await this.settled();
  }

  header(column: SiteColumn): Locator {
    return this.table.getByRole('columnheader', { name: column });
  }

  /** Waits for the column's sort to change (the render that asks for the new order) before the list settles. */
  async sortBy(column: SiteColumn): Promise<void> {
    const before = await this.header(column).getAttribute('aria-sort');
    await this.header(column).getByRole('button').click();
    await expect(this.header(column)).not.toHaveAttribute('aria-sort', before ?? 'none');
    await this.settled();
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  rowCheckbox(text: string): Locator {
    return this.row(text).getByRole('checkbox');
  }

  /** The text of one column in every shown row, top to bottom. */
  async columnTexts(column: SiteColumn | 'Status'): Promise<string[]> {
    const headers = await this.table.getByRole('columnheader').allInnerTexts();
    const index = headers.findIndex((text) => text.trim().toLowerCase() === column.toLowerCase());
    expect(index, `column ${column}`).toBeGreaterThanOrEqual(0);
    return this.rows.evaluateAll((rows, at) => rows.map((row) => (row.children[at] as HTMLElement).innerText.trim()), index);
  }

  async chooseStatus(label: SiteStatusLabel): Promise<void> {
    await this.changeStatus.click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  menuItem(label: SiteStatusLabel): Locator {
    return this.page.getByRole('menuitem', { name: label });
  }
}
