import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { flagStatusOf, swmsReviewMachine, type SwmsReviewInput, type SwmsReviewRecord } from '../../../machines/swms-review.machine';
import type { ReviewFlag, ReviewStatus } from '../../../src/domain/swms';
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
  readonly flags: Readonly<Record<ReviewFlag, ReviewStatus>>;
}

const reviewer = { name: 'Reviewer', at: '2026-01-01T00:00:00.000Z' };
const requestComment = 'Add the exclusion zone below the scaffold';
const flagFields = (flag: ReviewFlag, status: ReviewStatus): Partial<SwmsReviewRecord> => {
  const reviewedAt = status === 'reviewed' ? reviewer.at : null;
  const changesAt = status === 'changesRequested' ? reviewer.at : null;
  return flag === 'companyAdmin'
    ? { companyAdminReviewedAt: reviewedAt, companyAdminReviewedBy: reviewedAt && 'admin', companyAdminChangesRequestedAt: changesAt }
    : { supervisorReviewedAt: reviewedAt, supervisorReviewedBy: reviewedAt && 'supervisor', supervisorChangesRequestedAt: changesAt };
};
const record = (flags: Review['flags']): SwmsReviewRecord => ({
  _id: 'swms',
  companyAdminReviewerDetails: null,
  supervisorReviewerDetails: null,
  comments: [],
  ...(flagFields('companyAdmin', flags.companyAdmin) as Pick<SwmsReviewRecord, 'companyAdminReviewedAt' | 'companyAdminReviewedBy' | 'companyAdminChangesRequestedAt'>),
  ...(flagFields('supervisor', flags.supervisor) as Pick<SwmsReviewRecord, 'supervisorReviewedAt' | 'supervisorReviewedBy' | 'supervisorChangesRequestedAt'>),
});

/** The server's answer to a review: the record with the viewer's flag in its new status. */
const answered = (flag: ReviewFlag, status: ReviewStatus) => (snapshot: AnyMachineSnapshot): SwmsReviewRecord => ({
  ...(snapshot.context.swms as SwmsReviewRecord),
  ...flagFields(flag, status),
});

const invokes = { companyAdmin: 'CompanyAdmin', supervisor: 'Supervisor' } as const;
const events: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'review.mark': [{ type: 'review.mark' }],
  'review.return': [{ type: 'review.return' }],
  'review.requestChanges': [{ type: 'review.requestChanges', comment: requestComment, part: 'controls' }],
};
for (const flag of ['companyAdmin', 'supervisor'] as const) {
  const name = invokes[flag];
  const answers = { [`mark${name}Reviewed`]: 'reviewed', [`return${name}ForReview`]: 'forReview', [`request${name}Changes`]: 'changesRequested' } as const;
  for (const [id, status] of Object.entries(answers)) {
    events[`xstate.done.actor.${id}`] = (snapshot) => [{ type: `xstate.done.actor.${id}`, output: answered(flag, status)(snapshot) }];
    events[`xstate.error.actor.${id}`] = [{ type: `xstate.error.actor.${id}`, error: new Error('network') }];
  }
}

const start = (review: Review, name: string): BrowserTraversal<Review> => ({
  name,
  input: { swms: record(review.flags), viewerRoles: [review.viewer === 'admin' ? 'CompanyAdmin' : 'CompanySupervisor'] } satisfies SwmsReviewInput,
  arrange: review,
  events,
});

interface ReviewWorld extends World {
  readonly viewerFlag: ReviewFlag;
  readonly submission: SwmsSubmissionPage;
  held: HeldRequest | null;
  /** The viewer's line before the change now held, which it must still show. */
  lineBefore: string | null;
}

const labels: Record<ReviewFlag, 'Company Admin review' | 'Supervisor review'> = { companyAdmin: 'Company Admin review', supervisor: 'Supervisor review' };
const reviewCall = /\/api\/company\/[^/]+\/swms$/;
const savedToast = 'Status updated successfully';
const failedToast = 'Status update failed';

type FlagState = 'forReview' | 'marking' | 'reviewed' | 'returning' | 'requestingChanges' | 'changesRequested';

const lineText: Record<FlagState, RegExp> = {
  forReview: /^For Review/,
  marking: /^(For Review|Changes requested)/,
  requestingChanges: /^For Review/,
  reviewed: /^Reviewed by .+, /,
  returning: /^(Reviewed by .+, |Changes requested)/,
  changesRequested: /^Changes requested/,
};

/** The viewer's line as it stands before a change is sent: a held change must leave it so. */
async function lineBefore(world: ReviewWorld): Promise<void> {
  world.lineBefore = (await world.submission.review(labels[world.viewerFlag]).textContent()) ?? '';
}

/** One flag's line on the Review Status card, and the viewer's own buttons when it is theirs. */
function flagCheck(flag: ReviewFlag, state: FlagState): StateCheck<ReviewWorld> {
  return async ({ world, event }) => {
    const { submission, page } = world;
    const line = submission.review(labels[flag]);
    // While a change is held on its way to the server, the line still shows the status before it.
    const busy = state === 'marking' || state === 'returning' || state === 'requestingChanges';
    await expect(line).toHaveText(lineText[state]);
    if (busy && world.lineBefore !== null) await expect(line).toHaveText(world.lineBefore);
    if (world.viewerFlag !== flag) return;
    const reviewCard = submission.reviewCard;
    const requestChanges = reviewCard.getByRole('button', { name: 'Request changes' });
    const returnButton = reviewCard.getByRole('button', { name: 'Return to For Review' });
    if (state === 'forReview') {
      await expect(submission.checkAsReviewed).toBeEnabled();
      await expect(requestChanges).toBeEnabled();
      await expect(submission.returnForReview).toBeHidden();
    } else if (state === 'marking') {
      await expect(submission.checkAsReviewed).toBeDisabled();
      await expect(submission.checkAsReviewed).toHaveAttribute('aria-busy', 'true');
    } else if (state === 'reviewed') {
      await expect(submission.checkAsReviewed).toBeHidden();
      await expect(requestChanges).toBeHidden();
      await expect(returnButton).toBeEnabled();
    } else if (state === 'changesRequested') {
      await expect(submission.checkAsReviewed).toBeEnabled();
      await expect(returnButton).toBeEnabled();
      await expect(requestChanges).toBeHidden();
      const comments = page.getByRole('region', { name: 'Review comments' });
      await expect(comments).toContainText(requestComment);
      if (event.type.startsWith('xstate.done.actor.request')) await expect(comments).toContainText('About: Controls');
    } else {
      // Returning or requesting changes: the dialog has closed and no action is offered until the server answers.
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(returnButton).toBeHidden();
      await expect(requestChanges).toBeHidden();
      await expect(submission.checkAsReviewed).toBeHidden();
    }
    if (/^xstate\.done\.actor\./.test(event.type)) await expect(toast(page, savedToast).first()).toBeVisible();
    if (/^xstate\.error\.actor\./.test(event.type)) await expect(toast(page, failedToast).first()).toBeVisible();
  };
}

async function answer(world: ReviewWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  world.lineBefore = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

interface Shared {
  readonly companyId: string;
  readonly swmsId: string;
  readonly accounts: Record<Review['viewer'], Account>;
  readonly apis: Record<Review['viewer'], Api>;
  /** How the flags stood before the file, put back after it. */
  readonly before: Record<ReviewFlag, ReviewStatus>;
}

const flagOf: Record<Review['viewer'], ReviewFlag> = { admin: 'companyAdmin', supervisor: 'supervisor' };

/** Sets each flag as asked, each by the role that owns it (DESIGN.md: the caller's role picks the flag). */
async function setFlags(shared: Shared, wanted: Review['flags']): Promise<void> {
  const current = await shared.apis.admin.call<SwmsReviewRecord>('GET', `company/${shared.companyId}/swms/${shared.swmsId}`);
  for (const viewer of ['admin', 'supervisor'] as const) {
    const flag = flagOf[viewer];
    const status = flagStatusOf(current, flag);
    if (status === wanted[flag]) continue;
    const call = (body: Record<string, string>) => shared.apis[viewer].call('PUT', `company/${shared.companyId}/swms`, { swmsId: shared.swmsId, ...body });
    // A request for changes is made on a flag For Review, as the review card offers it.
    if (wanted[flag] === 'changesRequested' && status === 'reviewed') await call({ status: 'forReview' });
    await call(wanted[flag] === 'changesRequested' ? { status: 'changesRequested', comment: requestComment } : { status: wanted[flag] });
  }
}

const onlyOnReload = 'follows a fresh read of a SWMS whose flag was changed elsewhere (swms.received), which the app never sends';

export const swmsReviewModel = defineModel({
  title: 'SWMS dual review',
  machine: swmsReviewMachine,
  traversals: [
    start({ viewer: 'admin', flags: { companyAdmin: 'forReview', supervisor: 'reviewed' } }, 'the company admin, after the supervisor'),
    start({ viewer: 'supervisor', flags: { companyAdmin: 'reviewed', supervisor: 'forReview' } }, 'the site supervisor, after the company admin'),
  ],

  async prepare(browser): Promise<Shared> {
    const accounts = { admin: await account(browser, demo.admin), supervisor: await account(browser, demo.supervisor) };
    const apis = { admin: await Api.as(accounts.admin.token), supervisor: await Api.as(accounts.supervisor.token) };
    const companyId = accounts.admin.payload.company ?? '';
    // The company's oldest SWMS: the lists' other tests work from the newest.
    const oldest = await apis.admin.call<{ items: SwmsReviewRecord[] }>('GET', `company/${companyId}/swms?sort=createdAt.date.asc&pageSize=1`);
    const swms = oldest.items[0];
    if (!swms) throw new Error('The demo company has no SWMS to review');
    const before = { companyAdmin: flagStatusOf(swms, 'companyAdmin'), supervisor: flagStatusOf(swms, 'supervisor') };
    return { companyId, swmsId: swms._id, accounts, apis, before };
  },

  async finish(shared) {
    await setFlags(shared, shared.before);
  },

  async open({ browser, shared, traversal }): Promise<ReviewWorld> {
    const { viewer, flags } = traversal.arrange;
    await setFlags(shared, flags);
    const world = await openContext(browser, shared.accounts[viewer]);
    const submission = new SwmsSubmissionPage(world.page);
    await submission.goto(shared.companyId, shared.swmsId);
    return { ...world, viewerFlag: flagOf[viewer], submission, held: null, lineBefore: null };
  },

  states: {
    'swmsReview.companyAdmin': async ({ world }) => expect(world.submission.review(labels.companyAdmin)).toBeVisible(),
    'swmsReview.supervisor': async ({ world }) => expect(world.submission.review(labels.supervisor)).toBeVisible(),
    ...Object.fromEntries(
      (['companyAdmin', 'supervisor'] as const).flatMap((flag) =>
        (['forReview', 'marking', 'reviewed', 'returning', 'requestingChanges', 'changesRequested'] as const).map((state) => [
          `swmsReview.${flag}.${state}`,
          flagCheck(flag, state),
        ]),
      ),
    ),
  },

  events: {
    'review.mark': async ({ world }) => {
      await lineBefore(world);
      world.held = await HeldRequest.hold(world.page, 'PUT', reviewCall);
      await world.submission.checkAsReviewed.click();
      await world.held.arrived();
    },
    'review.return': async ({ world }) => {
      await lineBefore(world);
      world.held = await HeldRequest.hold(world.page, 'PUT', reviewCall);
      await world.submission.returnToForReview();
      await world.held.arrived();
    },
    'review.requestChanges': async ({ world }) => {
      const { page, submission } = world;
      await lineBefore(world);
      world.held = await HeldRequest.hold(page, 'PUT', reviewCall);
      await submission.reviewCard.getByRole('button', { name: 'Request changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request changes to this SWMS' });
      await dialog.getByRole('textbox', { name: 'What needs to change' }).fill(requestComment);
      await dialog.getByRole('combobox', { name: 'Part of the SWMS (optional)' }).click();
      await page.getByRole('option', { name: 'Controls' }).click();
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await world.held.arrived();
    },
    ...Object.fromEntries(
      Object.keys(events)
        .filter((type) => type.startsWith('xstate.'))
        .map((type) => [type, ({ world }: { world: ReviewWorld }) => answer(world, type.startsWith('xstate.done.') ? 'done' : 'error')]),
    ),
  },

  excluded: {
    events: {
      'swms.received': 'the app never sends it: a reload reads the SWMS again and starts a new review from that record',
    },
    transitions: {
      'swmsReview.companyAdmin.reviewed --always[isForReview]--> swmsReview.companyAdmin.forReview': onlyOnReload,
      'swmsReview.supervisor.reviewed --always[isForReview]--> swmsReview.supervisor.forReview': onlyOnReload,
      'swmsReview.companyAdmin.changesRequested --always[isReviewed]--> swmsReview.companyAdmin.reviewed': onlyOnReload,
      'swmsReview.supervisor.changesRequested --always[isReviewed]--> swmsReview.supervisor.reviewed': onlyOnReload,
      'swmsReview.companyAdmin.changesRequested --always[isForReview]--> swmsReview.companyAdmin.forReview': onlyOnReload,
      'swmsReview.supervisor.changesRequested --always[isForReview]--> swmsReview.supervisor.forReview': onlyOnReload,
    },
  },
});
