import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { Role } from '../src/domain/roles';
import { reviewFlagFor, reviewStatusOf, swmsMessages, type ReviewFlag, type ReviewStatus, type Swms, type SwmsCommentPart } from '../src/domain/swms';
import { mustBeProvided } from './must-be-provided';

/** The review fields of a SWMS, as GET company/{id}/swms/{swmsId} and PUT company/{id}/swms answer them. */
export type SwmsReviewRecord = Pick<
  Swms,
  | '_id'
  | 'companyAdminReviewedAt'
  | 'companyAdminReviewedBy'
  | 'companyAdminReviewerDetails'
  | 'supervisorReviewedAt'
  | 'supervisorReviewedBy'
  | 'supervisorReviewerDetails'
  | 'companyAdminChangesRequestedAt'
  | 'supervisorChangesRequestedAt'
  | 'comments'
>;

export interface SwmsReviewInput {
  readonly swms: SwmsReviewRecord;
  /** The signed-in user's roles (token payload); they pick the flag the viewer acts on. */
  readonly viewerRoles: readonly Role[];
}

interface SwmsReviewContext {
  /** Always the server's latest answer: reviewer fields are never set locally. */
  readonly swms: SwmsReviewRecord;
  /** The flag the viewer may set and return; null for a viewer who reviews neither. */
  readonly viewerFlag: ReviewFlag | null;
}

type SwmsReviewEvent =
  | { type: 'review.mark' }
  | { type: 'review.return' }
  /** Issue 57: the request dialog's comment (1 to 2,000 characters, checked by the dialog and the server) and part. */
  | { type: 'review.requestChanges'; comment: string; part?: SwmsCommentPart }
  | { type: 'swms.received'; swms: SwmsReviewRecord };

export interface SetReviewStatusInput {
  readonly swmsId: string;
  readonly status: ReviewStatus;
  /** With 'changesRequested' only: what needs to change, and the part it is about. */
  readonly comment?: string;
  readonly part?: SwmsCommentPart;
}

export type SwmsReviewEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export function reviewedAtOf(swms: SwmsReviewRecord, flag: ReviewFlag): string | null {
  return flag === 'companyAdmin' ? swms.companyAdminReviewedAt : swms.supervisorReviewedAt;
}

export function changesRequestedAtOf(swms: SwmsReviewRecord, flag: ReviewFlag): string | null {
  return flag === 'companyAdmin' ? swms.companyAdminChangesRequestedAt : swms.supervisorChangesRequestedAt;
}

/** The flag's status as the record has it. */
export const flagStatusOf = (swms: SwmsReviewRecord, flag: ReviewFlag): ReviewStatus => reviewStatusOf(reviewedAtOf(swms, flag), changesRequestedAtOf(swms, flag));

const reviewSetup = setup({
  types: {} as {
    context: SwmsReviewContext;
    events: SwmsReviewEvent;
    input: SwmsReviewInput;
    emitted: SwmsReviewEmitted;
    tags: 'busy';
  },
  actors: {
    setStatus: fromPromise<SwmsReviewRecord, SetReviewStatusInput>(mustBeProvided('setStatus')),
  },
  actions: {
    acceptAnswer: assign((_, { swms }: { swms: SwmsReviewRecord }) => ({ swms })),
    toastSaved: emit({ type: 'toast', tone: 'success', message: swmsMessages.toast.success } as const),
    toastFailed: emit({ type: 'toast', tone: 'error', message: swmsMessages.toast.failure } as const),
  },
  guards: {
    isViewerFlag: ({ context }, { flag }: { flag: ReviewFlag }) => context.viewerFlag === flag,
    isReviewed: ({ context }, { flag }: { flag: ReviewFlag }) => flagStatusOf(context.swms, flag) === 'reviewed',
    isForReview: ({ context }, { flag }: { flag: ReviewFlag }) => flagStatusOf(context.swms, flag) === 'forReview',
    isChangesRequested: ({ context }, { flag }: { flag: ReviewFlag }) => flagStatusOf(context.swms, flag) === 'changesRequested',
    isSameSwms: ({ context }, { swms }: { swms: SwmsReviewRecord }) => swms._id === context.swms._id,
  },
});

const flagNames: Record<ReviewFlag, string> = { companyAdmin: 'CompanyAdmin', supervisor: 'Supervisor' };

/**
 * One review flag: 'For Review' until its reviewer marks it Reviewed (spec §4) or requests changes with a comment
 * (issue 57). The state follows the record.
 */
function flagRegion(flag: ReviewFlag) {
  const name = flagNames[flag];
  const saved = {
    type: 'acceptAnswer',
    params: ({ event }: { event: { output: SwmsReviewRecord } }) => ({ swms: event.output }),
  } as const;
  const who = flag === 'companyAdmin' ? 'company admin' : 'supervisor';
  return reviewSetup.createStateConfig({
    description: `The ${who} review flag. Only a viewer whose role acts on it can change it.`,
    initial: 'forReview',
    states: {
      forReview: {
        description: "'For Review': neither reviewed nor with changes requested.",
        always: [
          { guard: { type: 'isReviewed', params: { flag } }, target: 'reviewed' },
          { guard: { type: 'isChangesRequested', params: { flag } }, target: 'changesRequested' },
        ],
        on: {
          'review.mark': {
            description: "'Check as Reviewed', by the role that acts on this flag.",
            guard: { type: 'isViewerFlag', params: { flag } },
            target: 'marking',
          },
          'review.requestChanges': {
            description: "'Request changes' with a comment, by the role that acts on this flag.",
            guard: { type: 'isViewerFlag', params: { flag } },
            target: 'requestingChanges',
          },
        },
      },
      requestingChanges: {
        description: 'Asking the server to set Changes requested with the comment, which it stores with the audit event.',
        tags: ['busy'],
        invoke: {
          id: `request${name}Changes`,
          src: 'setStatus',
          input: ({ context, event }) => {
            assertEvent(event, 'review.requestChanges');
            return {
              swmsId: context.swms._id,
              status: 'changesRequested' as const,
              comment: event.comment,
              ...(event.part === undefined ? {} : { part: event.part }),
            };
          },
          onDone: { target: 'changesRequested', actions: [saved, 'toastSaved'] },
          onError: { description: 'Nothing changed.', target: 'forReview', actions: 'toastFailed' },
        },
      },
      changesRequested: {
        description: "'Changes requested': waiting on the SWMS's author; the reviewer may still mark it Reviewed or For Review.",
        always: [
          { guard: { type: 'isReviewed', params: { flag } }, target: 'reviewed' },
          { guard: { type: 'isForReview', params: { flag } }, target: 'forReview' },
        ],
        on: {
          'review.mark': {
            description: "'Check as Reviewed', by the role that acts on this flag.",
            guard: { type: 'isViewerFlag', params: { flag } },
            target: 'marking',
          },
          'review.return': {
            description: 'Back to For Review, by the same role only (recorded in the audit trail).',
            guard: { type: 'isViewerFlag', params: { flag } },
            target: 'returning',
          },
        },
      },
      marking: {
        description: "Asking the server to set the flag; the reviewer and the time come from the viewer's token.",
        tags: ['busy'],
        invoke: {
          id: `mark${name}Reviewed`,
          src: 'setStatus',
          input: ({ context }) => ({ swmsId: context.swms._id, status: 'reviewed' as const }),
          onDone: { target: 'reviewed', actions: [saved, 'toastSaved'] },
          onError: { description: 'Nothing changed.', target: 'forReview', actions: 'toastFailed' },
        },
      },
      reviewed: {
        description: "'Reviewed': reviewed-at, reviewed-by and the reviewer's name are set.",
        always: [
          { guard: { type: 'isForReview', params: { flag } }, target: 'forReview' },
          { guard: { type: 'isChangesRequested', params: { flag } }, target: 'changesRequested' },
        ],
        on: {
          'review.return': {
            description: 'Back to For Review, by the same role only (DESIGN.md; recorded in the audit trail).',
            guard: { type: 'isViewerFlag', params: { flag } },
            target: 'returning',
          },
        },
      },
      returning: {
        description: 'Asking the server to clear the flag.',
        tags: ['busy'],
        invoke: {
          id: `return${name}ForReview`,
          src: 'setStatus',
          input: ({ context }) => ({ swmsId: context.swms._id, status: 'forReview' as const }),
          onDone: { target: 'forReview', actions: [saved, 'toastSaved'] },
          onError: { description: 'Nothing changed.', target: 'reviewed', actions: 'toastFailed' },
        },
      },
    },
  });
}

/** Spec §4 SWMS review: two independent flags; the viewer's role picks the one it acts on. */
export const swmsReviewMachine = reviewSetup.createMachine({
  id: 'swmsReview',
  description: 'The company admin flag and the supervisor flag of one SWMS, each For Review, Reviewed or Changes requested.',
  context: ({ input }) => ({ swms: input.swms, viewerFlag: reviewFlagFor(input.viewerRoles) }),
  type: 'parallel',
  on: {
    'swms.received': {
      description: 'A fresh read of the same SWMS (after a reload or a bulk change): both flags follow it.',
      guard: { type: 'isSameSwms', params: ({ event }) => event },
      actions: { type: 'acceptAnswer', params: ({ event }) => event },
    },
  },
  states: {
    companyAdmin: flagRegion('companyAdmin'),
    supervisor: flagRegion('supervisor'),
  },
});
