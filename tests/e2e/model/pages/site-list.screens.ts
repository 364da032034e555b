import { expect, type Locator, type Page } from '@playwright/test';
import { SitesListPage } from '../../pages/sites-list.page';

export type SiteStatus = 'ongoing' | 'on_hold' | 'completed' | 'cancelled';

/** Spec §3 project site status labels. */
export const statusLabels: Record<SiteStatus, string> = { ongoing: 'Ongoing', on_hold: 'On Hold', completed: 'Completed', cancelled: 'Cancelled' };

const ariaChecked = (state: boolean | 'indeterminate') => (state === 'indeterminate' ? 'mixed' : String(state));

/** A select by its accessible name: a native one, or a Radix one that opens a list of options. */
export async function chooseOption(combobox: Locator, label: string): Promise<void> {
  if ((await combobox.evaluate((element) => element.tagName)) === 'SELECT') {
    await combobox.selectOption({ label });
    return;
  }
  await combobox.click();
  await combobox.page().getByRole('option', { name: label, exact: true }).click();
}

/** /company/{id}/projectsites: the rows, their ticks and statuses, the selection bar and the bulk menu. */
export function siteList(page: Page) {
  const list = new SitesListPage(page);
  const checkboxOf = (label: string) => page.getByRole('checkbox', { name: `Select ${label}`, exact: true });
  const row = (label: string) => list.table.getByRole('row').filter({ has: checkboxOf(label) });
  const rowCheckbox = (label: string) => row(label).getByRole('checkbox');
  return {
    changeStatus: list.changeStatus,
    selectPage: list.selectPage,
    nextPage: page.getByRole('button', { name: 'Next page' }),
    previousPage: page.getByRole('button', { name: 'Previous page' }),
    selectAllMatching: page.getByRole('button', { name: /^Select all \d+ matching$/ }),
    clearSelection: page.getByRole('button', { name: 'Clear selection' }),
    rowCheckbox,

    /** The page's rows are on their way ('Loading, Please Wait' or dimmed rows). */
    async expectLoading() {
      await expect(list.table).toHaveAttribute('aria-busy', 'true');
    },
    expectSettled: () => list.settled(),
    async expectRows(labels: readonly string[]) {
      await expect(list.rows).toHaveCount(labels.length);
      for (const label of labels) await expect(rowCheckbox(label)).toBeVisible();
    },
    async expectRow(label: string, { checked, status, enabled }: { checked: boolean; status?: SiteStatus; enabled: boolean }) {
      const checkbox = rowCheckbox(label);
      await expect(checkbox).toHaveAttribute('aria-checked', String(checked));
      await expect(checkbox).toBeEnabled({ enabled });
      if (status) await expect(row(label).getByText(statusLabels[status], { exact: true })).toBeVisible();
    },
    async expectSelectPage(state: boolean | 'indeterminate') {
      await expect(list.selectPage).toHaveAttribute('aria-checked', ariaChecked(state));
    },
    /** Spec §4 and issue 4: how many are selected, the offer to take every matching row, and Clear. */
    async expectSelectionBar(count: number, total: number, allMatching: boolean, offerAll: boolean, pageRows: number) {
      if (count === 0) {
        await expect(list.selectionBar).toBeHidden();
        return;
      }
      let text = `${count} selected`;
      if (allMatching) text = count === total ? `All ${total} matching are selected.` : `${count} of ${total} matching are selected.`;
      else if (offerAll) text = `All ${pageRows} on this page are selected.`;
      await expect(list.selectionBar).toContainText(text);
      await expect(page.getByRole('button', { name: `Select all ${total} matching` })).toBeVisible({ visible: offerAll });
      await expect(page.getByRole('button', { name: 'Clear selection' })).toBeVisible();
    },
    chooseFilter: (label: 'All' | 'On Hold') => chooseOption(page.getByRole('combobox', { name: 'Status', exact: true }), label),
    async chooseStatus(label: string) {
      await list.changeStatus.click();
      await page.getByRole('menuitem', { name: label }).click();
    },
  };
}
