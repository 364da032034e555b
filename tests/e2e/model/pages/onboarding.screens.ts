import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from '../../pages/app-shell.page';
import { ClientDetailsPage } from '../../pages/client-details.page';
import { CompanyFormPage } from '../../pages/company-form.page';
import { InviteFormPage, type Invitee } from '../../pages/invite-form.page';

/** The server's message beside the field it names, else by the form's button (role alert); or none. */
async function expectFormError(scope: Locator, message: string | null): Promise<void> {
  if (message) await expect(scope.locator('[data-slot="field-error"], [role="alert"]').filter({ hasText: message })).toBeVisible();
  else await expect(scope.getByRole('alert')).toHaveCount(0);
}

const busyButton = async (button: Locator) => {
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
};

/** 'Create New Client': the company form with its logo picker. */
export function companyForm(page: Page) {
  const form = new CompanyFormPage(page);
  const picker = page.locator('[data-slot="file-upload"]');
  return {
    form,
    submit: (label: string) => form.submit(label),
    async expectOn(path: string, title: string) {
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(new AppShell(page).pageTitle).toHaveText(title);
    },
    async expectLogo(name: string | null) {
      if (name) {
        await expect(picker.getByText(name)).toBeVisible();
        await expect(picker.getByRole('button', { name: 'Remove' })).toBeVisible();
      } else {
        await expect(picker.getByText('No file chosen')).toBeVisible();
      }
    },
    expectError: (message: string | null) => expectFormError(page.locator('form'), message),
    expectBusy: (label: string) => busyButton(form.submit(label)),
    async removeLogo() {
      await picker.getByRole('button', { name: 'Remove' }).click();
      await expect(picker.getByText('No file chosen')).toBeVisible();
    },
  };
}

/** 'Create Admin User' at /clients/{clientId}/employees/add. */
export function inviteForm(page: Page) {
  const form = new InviteFormPage(page);
  return {
    send: form.send,
    fill: (invitee: Invitee) => form.fill(invitee),
    field: (label: 'First Name' | 'Surname' | 'Contact Email' | 'Phone Number') => page.getByLabel(label, { exact: true }),
    /** Checks the step and answers the client it invites an admin for. */
    async expectOn(): Promise<string> {
      await expect(page).toHaveURL(/\/clients\/[^/]+\/employees\/add$/);
      await expect(new AppShell(page).pageTitle).toHaveText('Create Admin User');
      await expect(form.send).toBeVisible();
      return /\/clients\/([^/]+)\/employees\/add$/.exec(page.url())?.[1] ?? '';
    },
    expectError: (message: string | null) => expectFormError(page.locator('form'), message),
    expectBusy: () => busyButton(form.send),
  };
}

/** The client page the flow ends on, listing the invitation just sent. */
export function clientPage(page: Page) {
  const details = new ClientDetailsPage(page);
  return {
    async expectInvitation(clientId: string, email: string) {
      await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));
      await expect(details.invitation(email)).toBeVisible();
    },
  };
}
