import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { swmsReviewMachine, type SwmsReviewInput, type SwmsReviewRecord } from '../../../machines/swms-review.machine';
import type { ReviewFlag } from '../../../src/domain/swms';
import { SwmsSubmissionPage } from '../pages/swms-submission.page';
import { demo } from '../support/sign-in';
import { account, Api, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import type { ModelEvent } from '../../support/machine-paths';
import { toast } from './pages/common.screens';
import { defineModel, type StateCheck, type World, type BrowserTraversal } from './runner';

/** Who reviews, and how the SWMS's two flags stand when they open it (set through the API first). */
interface Review {
  readonly viewer: 'admin' | 'supervisor';
  readonly reviewed: Readonly<Record<ReviewFlag, boolean>>;
}

const reviewer = { name: 'Reviewer', at: '2026-01-01T00:00:00.000Z' };
const record = (reviewed: Review['reviewed']): SwmsReviewRecord => ({
  _id: 'swms',
  companyAdminReviewedAt: reviewed.companyAdmin ? reviewer.at : null,
  companyAdminReviewedBy: reviewed.companyAdmin ? 'admin' : null,
  companyAdminReviewerDetails: null,
  supervisorReviewedAt: reviewed.supervisor ? reviewer.at : null,
  supervisorReviewedBy: reviewed.supervisor ? 'supervisor' : null,
  supervisorReviewerDetails: null,
  companyAdminChangesRequestedAt: null,
  supervisorChangesRequestedAt: null,
  comments: [],
});

/** The server's answer to a review: the record with the viewer's flag set or cleared. */
const answered = (flag: ReviewFlag, set: boolean) => (snapshot: AnyMachineSnapshot): SwmsReviewRecord => {
  const swms = snapshot.context.swms as SwmsReviewRecord;
  return flag === 'companyAdmin'
    ? { ...swms, companyAdminReviewedAt: set ? reviewer.at : null, companyAdminReviewedBy: set ? 'admin' : null }
    : { ...swms, supervisorReviewedAt: set ? reviewer.at : null, supervisorReviewedBy: set ? 'supervisor' : null };
};

const invokes = { companyAdmin: 'CompanyAdmin', supervisor: 'Supervisor' } as const;
const events: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'review.mark': [{ type: 'review.mark' }],
  'review.return': [{ type: 'review.return' }],
};
for (const flag of ['companyAdmin', 'supervisor'] as const) {
  const name = invokes[flag];
  events[`xstate.done.actor.mark${name}Reviewed`] = (snapshot) => [{ type: `xstate.done.actor.mark${name}Reviewed`, output: answered(flag, true)(snapshot) }];
  events[`xstate.error.actor.mark${name}Reviewed`] = [{ type: `xstate.error.actor.mark${name}Reviewed`, error: new Error('network') }];
  events[`xstate.done.actor.return${name}ForReview`] = (snapshot) => [{ type: `xstate.done.actor.return${name}ForReview`, output: answered(flag, false)(snapshot) }];
  events[`xstate.error.actor.return${name}ForReview`] = [{ type: `xstate.error.actor.return${name}ForReview`, error: new Error('network') }];
}

const start = (review: Review, name: string): BrowserTraversal<Review> => ({
  name,
  input: { swms: record(review.reviewed), viewerRoles: [review.viewer === 'admin' ? 'CompanyAdmin' : 'CompanySupervisor'] } satisfies SwmsReviewInput,
  arrange: review,
  events,
});

interface ReviewWorld extends World {
  readonly viewerFlag: ReviewFlag;
  readonly submission: SwmsSubmissionPage;
  held: HeldRequest | null;
}

const labels: Record<ReviewFlag, 'Company Admin review' | 'Supervisor review'> = { companyAdmin: 'Company Admin review', supervisor: 'Supervisor review' };
const reviewCall = /\/api\/company\/[^/]+\/swms$/;
const savedToast = 'Status updated successfully';
const failedToast = 'Status update failed';

/** One flag's line on the Review Status card, and the viewer's own buttons when it is theirs. */
function flagCheck(flag: ReviewFlag, state: 'forReview' | 'marking' | 'reviewed' | 'returning'): StateCheck<ReviewWorld> {
  return async ({ world, event }) => {
    const { submission, page } = world;
    const line = submission.review(labels[flag]);
    if (state === 'forReview' || state === 'marking') await expect(line).toHaveText(/^For Review/);
    else await expect(line).toHaveText(/^Reviewed by .+, /);
    if (world.viewerFlag !== flag) return;
    const reviewCard = submission.reviewCard;
    if (state === 'forReview') {
      await expect(submission.checkAsReviewed).toBeEnabled();
      await expect(submission.returnForReview).toBeHidden();
    } else if (state === 'marking') {
      await expect(submission.checkAsReviewed).toBeDisabled();
      await expect(submission.checkAsReviewed).toHaveAttribute('aria-busy', 'true');
    } else if (state === 'reviewed') {
      await expect(submission.checkAsReviewed).toBeHidden();
      await expect(reviewCard.getByRole('button', { name: 'Return to For Review' })).toBeEnabled();
    } else {
      // Returning: the confirmation has closed and neither action is offered until the server answers.
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(reviewCard.getByRole('button', { name: 'Return to For Review' })).toBeHidden();
      await expect(submission.checkAsReviewed).toBeHidden();
    }
    if (/^xstate\.done\.actor\./.test(event.type)) await expect(toast(page, savedToast).first()).toBeVisible();
    if (/^xstate\.error\.actor\./.test(event.type)) await expect(toast(page, failedToast).first()).toBeVisible();
  };
}

async function answer(world: ReviewWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

interface Shared {
  readonly companyId: string;
  readonly swmsId: string;
  readonly accounts: Record<Review['viewer'], Account>;
  readonly apis: Record<Review['viewer'], Api>;
  /** How the flags stood before the file, put back after it. */
  readonly before: Record<ReviewFlag, boolean>;
}

const flagOf: Record<Review['viewer'], ReviewFlag> = { admin: 'companyAdmin', supervisor: 'supervisor' };

/** Sets each flag as asked, each by the role that owns it (DESIGN.md: the caller's role picks the flag). */
async function setFlags(shared: Shared, wanted: Review['reviewed']): Promise<void> {
  const current = await shared.apis.admin.call<SwmsReviewRecord>('GET', `company/${shared.companyId}/swms/${shared.swmsId}`);
  for (const viewer of ['admin', 'supervisor'] as const) {
    const flag = flagOf[viewer];
    const isReviewed = (flag === 'companyAdmin' ? current.companyAdminReviewedAt : current.supervisorReviewedAt) !== null;
    if (isReviewed === wanted[flag]) continue;
    await shared.apis[viewer].call('PUT', `company/${shared.companyId}/swms`, { swmsId: shared.swmsId, status: wanted[flag] ? 'reviewed' : 'forReview' });
  }
}

const changesRequestedUi = 'the request dialog is walked in swms-changes-requested.spec.ts; its held-request steps in this model are not written yet';

export const swmsReviewModel = defineModel({
  title: 'SWMS dual review',
  machine: swmsReviewMachine,
  traversals: [
    start({ viewer: 'admin', reviewed: { companyAdmin: false, supervisor: true } }, 'the company admin, after the supervisor'),
    start({ viewer: 'supervisor', reviewed: { companyAdmin: true, supervisor: false } }, 'the site supervisor, after the company admin'),
  ],

  async prepare(browser): Promise<Shared> {
    const accounts = { admin: await account(browser, demo.admin), supervisor: await account(browser, demo.supervisor) };
    const apis = { admin: await Api.as(accounts.admin.token), supervisor: await Api.as(accounts.supervisor.token) };
    const companyId = accounts.admin.payload.company ?? '';
    // The company's oldest SWMS: the lists' other tests work from the newest.
    const oldest = await apis.admin.call<{ items: SwmsReviewRecord[] }>('GET', `company/${companyId}/swms?sort=createdAt.date.asc&pageSize=1`);
    const swms = oldest.items[0];
    if (!swms) throw new Error('The demo company has no SWMS to review');
    const before = { companyAdmin: swms.companyAdminReviewedAt !== null, supervisor: swms.supervisorReviewedAt !== null };
    return { companyId, swmsId: swms._id, accounts, apis, before };
  },

  async finish(shared) {
    await setFlags(shared, shared.before);
  },

  async open({ browser, shared, traversal }): Promise<ReviewWorld> {
    const { viewer, reviewed } = traversal.arrange;
    await setFlags(shared, reviewed);
    const world = await openContext(browser, shared.accounts[viewer]);
    const submission = new SwmsSubmissionPage(world.page);
    await submission.goto(shared.companyId, shared.swmsId);
    return { ...world, viewerFlag: flagOf[viewer], submission, held: null };
  },

  states: {
    'swmsReview.companyAdmin': async ({ world }) => expect(world.submission.review(labels.companyAdmin)).toBeVisible(),
    'swmsReview.companyAdmin.forReview': flagCheck('companyAdmin', 'forReview'),
    'swmsReview.companyAdmin.marking': flagCheck('companyAdmin', 'marking'),
    'swmsReview.companyAdmin.reviewed': flagCheck('companyAdmin', 'reviewed'),
    'swmsReview.companyAdmin.returning': flagCheck('companyAdmin', 'returning'),
    'swmsReview.supervisor': async ({ world }) => expect(world.submission.review(labels.supervisor)).toBeVisible(),
    'swmsReview.supervisor.forReview': flagCheck('supervisor', 'forReview'),
    'swmsReview.supervisor.marking': flagCheck('supervisor', 'marking'),
    'swmsReview.supervisor.reviewed': flagCheck('supervisor', 'reviewed'),
    'swmsReview.supervisor.returning': flagCheck('supervisor', 'returning'),
  },

  events: {
    'review.mark': async ({ world }) => {
      world.held = await HeldRequest.hold(world.page, 'PUT', reviewCall);
      await world.submission.checkAsReviewed.click();
      await world.held.arrived();
    },
    'review.return': async ({ world }) => {
      world.held = await HeldRequest.hold(world.page, 'PUT', reviewCall);
      await world.submission.returnToForReview();
      await world.held.arrived();
    },
    ...Object.fromEntries(
      Object.keys(events)
        .filter((type) => type.startsWith('xstate.'))
        .map((type) => [type, ({ world }: { world: ReviewWorld }) => answer(world, type.startsWith('xstate.done.') ? 'done' : 'error')]),
    ),
  },

  excluded: {
    states: {
      'swmsReview.companyAdmin.requestingChanges': changesRequestedUi,
      'swmsReview.companyAdmin.changesRequested': changesRequestedUi,
      'swmsReview.supervisor.requestingChanges': changesRequestedUi,
      'swmsReview.supervisor.changesRequested': changesRequestedUi,
    },
    events: {
      'swms.received': 'the app never sends it: a reload reads the SWMS again and starts a new review from that record',
      'review.requestChanges': changesRequestedUi,
      'xstate.done.actor.requestCompanyAdminChanges': changesRequestedUi,
      'xstate.error.actor.requestCompanyAdminChanges': changesRequestedUi,
      'xstate.done.actor.requestSupervisorChanges': changesRequestedUi,
      'xstate.error.actor.requestSupervisorChanges': changesRequestedUi,
    },
    transitions: {
      'swmsReview.companyAdmin.forReview --always[isChangesRequested]--> swmsReview.companyAdmin.changesRequested':
        changesRequestedUi,
      'swmsReview.companyAdmin.reviewed --always[isChangesRequested]--> swmsReview.companyAdmin.changesRequested':
        changesRequestedUi,
      'swmsReview.companyAdmin.changesRequested --review.mark[isViewerFlag]--> swmsReview.companyAdmin.marking':
        changesRequestedUi,
      'swmsReview.companyAdmin.changesRequested --review.return[isViewerFlag]--> swmsReview.companyAdmin.returning':
        changesRequestedUi,
      'swmsReview.companyAdmin.changesRequested --always[isReviewed]--> swmsReview.companyAdmin.reviewed':
        changesRequestedUi,
      'swmsReview.companyAdmin.changesRequested --always[isForReview]--> swmsReview.companyAdmin.forReview':
        changesRequestedUi,
      'swmsReview.supervisor.forReview --always[isChangesRequested]--> swmsReview.supervisor.changesRequested':
        changesRequestedUi,
      'swmsReview.supervisor.reviewed --always[isChangesRequested]--> swmsReview.supervisor.changesRequested':
        changesRequestedUi,
      'swmsReview.supervisor.changesRequested --review.mark[isViewerFlag]--> swmsReview.supervisor.marking':
        changesRequestedUi,
      'swmsReview.supervisor.changesRequested --review.return[isViewerFlag]--> swmsReview.supervisor.returning':
        changesRequestedUi,
      'swmsReview.supervisor.changesRequested --always[isReviewed]--> swmsReview.supervisor.reviewed':
        changesRequestedUi,
      'swmsReview.supervisor.changesRequested --always[isForReview]--> swmsReview.supervisor.forReview':
        changesRequestedUi,
      'swmsReview.companyAdmin.reviewed --always[isForReview]--> swmsReview.companyAdmin.forReview':
        'follows a fresh read of a SWMS whose flag was cleared elsewhere (swms.received), which the app never sends',
      'swmsReview.supervisor.reviewed --always[isForReview]--> swmsReview.supervisor.forReview':
        'follows a fresh read of a SWMS whose flag was cleared elsewhere (swms.received), which the app never sends',
    },
  },
});
