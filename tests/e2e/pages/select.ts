import { expect, type Locator } from '@playwright/test';

/**
 * The portal's one select (src/ui/select.tsx, a Radix Select), as a person uses it with a mouse:
 * open the combobox, pick the option, and see it shown as the value.
 */
export async function chooseOption(combobox: Locator, label: string): Promise<void> {
  await combobox.click();
  await combobox.page().getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  await expect(combobox).toHaveText(label);
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}
