import type { Locator, Page } from '@playwright/test';

/** The not-found and not-allowed state of a detail page (src/ui/problem-state.tsx), under the header's title. */
export class ProblemStatePage {
  readonly pageTitle: Locator;
  readonly panel: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.pageTitle = page.getByRole('banner').getByRole('heading', { level: 1 });
    this.panel = page.locator('[data-slot="problem-state"]');
    this.message = this.panel.getByRole('heading', { level: 2 });
  }

  way(name: string): Locator {
    return this.panel.getByRole('link', { name });
  }
}
