import { expect, type Page } from '@playwright/test';
import { AppShell } from '../../pages/app-shell.page';
import { loadingScreen } from './common.screens';

/** /trades/{id} for the tradesperson themself: 'Home'. */
export function tradesHome(page: Page) {
  const onSite = page.getByRole('region', { name: 'On site now' });
  const checkOut = (address: string) => onSite.filter({ hasText: address }).getByRole('button', { name: 'Check out' });
  return {
    tryAgain: page.getByRole('button', { name: 'Try again' }),
    checkOut,
    expectLoading: () => expect(loadingScreen(page)).toBeVisible(),
    /** The home's read got no answer (the model's failure is the network's): the offline line and what the phone keeps. */
    async expectFailed() {
      await expect(new AppShell(page).pageTitle).toHaveText('Home');
      await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
      await expect(page.getByText('Something went wrong :(')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    expectGreeting: () => expect(page.getByRole('heading', { name: /^G'day/ })).toBeVisible(),
    /** The site's 'Check out': offered, busy (this one is being checked out), disabled (the lists are being read), or none. */
    async expectCheckOut(address: string, state: 'offered' | 'busy' | 'disabled' | 'none') {
      const button = checkOut(address);
      if (state === 'none') {
        await expect(button).toHaveCount(0);
        return;
      }
      await expect(button).toBeEnabled({ enabled: state === 'offered' });
      if (state === 'busy') await expect(button).toHaveAttribute('aria-busy', 'true');
    },
  };
}

/** /trades/{id}/edit: the tradesperson's own profile form (issue 10). */
export function tradesProfileForm(page: Page) {
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  const save = page.getByRole('button', { name: 'Save Edits' });
  const restored = page.getByRole('status').filter({ hasText: 'Your unsaved changes from last time are back.' });
  return {
    phone,
    save,
    discard: page.getByRole('button', { name: 'Discard changes' }),
    tryAgain: page.getByRole('button', { name: 'Try again' }),
    expectLoading: () => expect(loadingScreen(page)).toBeVisible(),
    /** The profile's read got no answer (the model's failure is the network's): the page says it is offline. */
    async expectMissing() {
      await expect(page.getByRole('status').filter({ hasText: 'You are offline. Your profile opens when the signal returns.' })).toBeVisible();
      await expect(page.getByText('Something went wrong :(')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    /** A field's message shows once it is touched (spec §5). */
    async expectPhoneError(message: string | null) {
      if (message) {
        await expect(phone).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      } else {
        await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
      }
    },
    expectDraftRestored: (shown: boolean) => expect(restored).toBeVisible({ visible: shown }),
    /** Spec §8: the reason a save failed, above the form. */
    async expectSaveError(message: string | null) {
      if (message) await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    },
    async expectSaving() {
      await expect(save).toBeDisabled();
      await expect(save).toHaveAttribute('aria-busy', 'true');
    },
  };
}
