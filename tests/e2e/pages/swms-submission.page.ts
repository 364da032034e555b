import type { Locator, Page } from '@playwright/test';

/** /company/{id}/swms/{swmsId}: 'SWMS Submission'. */
export class SwmsSubmissionPage {
  readonly overview: Locator;
  readonly reviewCard: Locator;
  readonly risk: Locator;
  readonly task: Locator;
  readonly checkAsReviewed: Locator;
  readonly returnForReview: Locator;
  readonly submitterLink: Locator;
  readonly siteLink: Locator;
  readonly band: Locator;

  constructor(readonly page: Page) {
    this.overview = page.getByRole('region', { name: 'Submission' });
    this.reviewCard = page.getByRole('region', { name: 'Review Status' });
    this.risk = page.getByRole('region', { name: 'Risk Details' });
    this.task = page.getByRole('region', { name: 'Task Details' });
    this.checkAsReviewed = page.getByRole('button', { name: 'Check as Reviewed' });
    this.returnForReview = this.reviewCard.getByRole('button', { name: 'Return to For Review' });
    this.submitterLink = this.item(this.overview, 'Submitted By').getByRole('link');
    this.siteLink = this.item(this.overview, 'Site Address').getByRole('link');
    this.band = this.risk.locator('[data-slot="risk-band"]');
  }

  async goto(companyId: string, swmsId: string): Promise<void> {
    await this.page.goto(`/company/${companyId}/swms/${swmsId}`);
  }

  private item(scope: Locator, label: string): Locator {
    return scope.locator('[data-slot="detail-item"]', { has: this.page.locator('dt', { hasText: label }) }).locator('dd');
  }

  /** 'Company Admin review' or 'Supervisor review': 'For Review' or 'Reviewed by {name}, {time}'. */
  review(label: 'Company Admin review' | 'Supervisor review'): Locator {
    return this.item(this.reviewCard, label);
  }

  riskDetail(label: 'Consequence' | 'Likelihood' | 'Overall Risk Level' | 'Risk Band'): Locator {
    return this.item(this.risk, label);
  }

  /** The marked entry of the 'Consequence scale' or 'Likelihood scale'. */
  scaleChoice(scale: 'Consequence scale' | 'Likelihood scale'): Locator {
    return this.risk.getByRole('list', { name: scale }).locator('[aria-current="true"]');
  }

  /** Returns the viewer's own flag to For Review, through the confirmation. */
  async returnToForReview(): Promise<void> {
    await this.returnForReview.click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Return to For Review' }).click();
  }
}
