import type { SnapshotFrom } from 'xstate';
import { reviewStatusLabels, type ReviewFlag, type ReviewStatus } from '../src/domain/swms';
import { flagStatusOf, reviewedAtOf, type swmsReviewMachine, type SwmsReviewRecord } from './swms-review.machine';

export type SwmsReviewSnapshot = SnapshotFrom<typeof swmsReviewMachine>;

export type ReviewStatusLabel = (typeof reviewStatusLabels)[ReviewStatus];

export interface FlagView {
  readonly status: ReviewStatus;
  readonly label: ReviewStatusLabel;
  /** The reviewer's first name and surname, as the server recorded them; null while For Review. */
  readonly reviewerName: string | null;
  /** ISO time of the review; null while For Review. */
  readonly reviewedAt: string | null;
}

function reviewerDetailsOf(swms: SwmsReviewRecord, flag: ReviewFlag) {
  return flag === 'companyAdmin' ? swms.companyAdminReviewerDetails : swms.supervisorReviewerDetails;
}

/** One flag as the submission page shows it (spec §2 'two review statuses'). */
export const flag =
  (which: ReviewFlag) =>
  (snapshot: SwmsReviewSnapshot): FlagView => {
    const { swms } = snapshot.context;
    const reviewedAt = reviewedAtOf(swms, which);
    const status = flagStatusOf(swms, which);
    const details = reviewedAt === null ? null : reviewerDetailsOf(swms, which);
    return {
      status,
      label: reviewStatusLabels[status],
      reviewerName: details ? `${details.firstName} ${details.surname}`.trim() : null,
      reviewedAt,
    };
  };

export const companyAdminFlag = flag('companyAdmin');
export const supervisorFlag = flag('supervisor');

export const viewerFlag = (snapshot: SwmsReviewSnapshot): ReviewFlag | null => snapshot.context.viewerFlag;

/** Spec §4: the viewer's own flag decides what the viewer sees; null for a viewer who reviews neither. */
export const viewerFlagStatus = (snapshot: SwmsReviewSnapshot): ReviewStatusLabel | null => {
  const own = viewerFlag(snapshot);
  return own === null ? null : flag(own)(snapshot).label;
};

export const isSaving = (snapshot: SwmsReviewSnapshot): boolean => snapshot.hasTag('busy');

/** Issue 57: the reviewers' requests for changes, oldest first, as the server's latest answer lists them. */
export const comments = (snapshot: SwmsReviewSnapshot): SwmsReviewRecord['comments'] => snapshot.context.swms.comments;

/** Spec §4: 'Check as Reviewed' is hidden once the viewer's own flag is set (and while a change runs). */
export const canCheckAsReviewed = (snapshot: SwmsReviewSnapshot): boolean => {
  const own = viewerFlag(snapshot);
  return own !== null && (snapshot.matches({ [own]: 'forReview' }) || snapshot.matches({ [own]: 'changesRequested' }));
};

/** Issue 57: 'Request changes' shows while the viewer's own flag is For Review. */
export const canRequestChanges = (snapshot: SwmsReviewSnapshot): boolean => {
  const own = viewerFlag(snapshot);
  return own !== null && snapshot.matches({ [own]: 'forReview' });
};

/** The viewer's request for changes is being saved: the dialog's button shows its spinner. */
export const isRequestingChanges = (snapshot: SwmsReviewSnapshot): boolean => {
  const own = viewerFlag(snapshot);
  return own !== null && snapshot.matches({ [own]: 'requestingChanges' });
};

/** The viewer's own flag is being set: 'Check as Reviewed' shows its spinner. */
export const isMarkingOwnFlag = (snapshot: SwmsReviewSnapshot): boolean => {
  const own = viewerFlag(snapshot);
  return own !== null && snapshot.matches({ [own]: 'marking' });
};

/** DESIGN.md: the same role can return its own flag to For Review. */
export const canReturnForReview = (snapshot: SwmsReviewSnapshot): boolean => {
  const own = viewerFlag(snapshot);
  return own !== null && (snapshot.matches({ [own]: 'reviewed' }) || snapshot.matches({ [own]: 'changesRequested' }));
};
