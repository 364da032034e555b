import type { Locator, Page } from '@playwright/test';

/** /accept_invitation. */
export class AcceptInvitationPage {
  readonly accept: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.accept = page.getByRole('button', { name: 'Accept Invite' });
    this.logout = page.getByRole('button', { name: 'Logout' });
  }

  message(company: string, roleLabel: string): Locator {
    return this.page.getByRole('heading', { name: `You have received an invitation from company ${company} as ${roleLabel}` });
  }
}
