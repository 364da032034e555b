import type { Locator, Page } from '@playwright/test';

export interface Invitee {
  readonly firstName: string;
  readonly surname: string;
  readonly email: string;
  readonly phone: string;
}

const labels: Record<keyof Invitee, string> = {
  firstName: 'First Name',
  surname: 'Surname',
  email: 'Contact Email',
  phone: 'Phone Number',
};

/** 'Create Admin User' and 'Add Site Supervisor'. */
export class InviteFormPage {
  readonly send: Locator;

  constructor(readonly page: Page) {
    this.send = page.getByRole('button', { name: 'Send Invite', exact: true });
  }

  async fill(invitee: Invitee): Promise<void> {
    for (const [name, value] of Object.entries(invitee) as [keyof Invitee, string][]) {
      await this.page.getByLabel(labels[name], { exact: true }).fill(value);
    }
  }
}
