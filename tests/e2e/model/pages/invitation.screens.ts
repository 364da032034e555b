import { expect, type Page } from '@playwright/test';
import { AppShell } from '../../pages/app-shell.page';
import { AcceptInvitationPage } from '../../pages/accept-invitation.page';
import { storedSession } from './session.screens';

/** Where a company admin lands: their company's profile. */
export async function expectCompanyHome(page: Page, company: { readonly id: string; readonly title: string }): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/company/${company.id}$`));
  await expect(new AppShell(page).pageTitle).toHaveText(company.title);
}

/**
 * Spec §8 and issue 13 §2: a refused invitation stays on /accept_invitation with the server's message,
 * what to do next, the way home for someone who has one, and Logout; the stored code is forgotten.
 */
export async function expectRefusal(page: Page, message: string, { home }: { readonly home: boolean }): Promise<void> {
  await expect(page).toHaveURL(/\/accept_invitation(\?|$)/);
  await expect(page).toHaveTitle(/^Accept Invitation/);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1 })).toHaveText(message);
  await expect(alert.getByRole('heading', { name: 'What to do next' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your home page' })).toBeVisible({ visible: home });
  await expect(new AcceptInvitationPage(page).logout).toBeVisible();
  expect((await storedSession(page)).invitationCode).toBeNull();
}
