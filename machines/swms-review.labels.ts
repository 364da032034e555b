import type { MachineLabels } from './machine-labels';

export const swmsReviewLabels = {
  states: {
    swmsReview: 'Review of one SWMS',
    'swmsReview.companyAdmin': "Company admin's review",
    'swmsReview.companyAdmin.forReview': 'For Review',
    'swmsReview.companyAdmin.marking': 'Saving the review',
    'swmsReview.companyAdmin.reviewed': 'Reviewed',
    'swmsReview.companyAdmin.returning': 'Returning it for review',
    'swmsReview.supervisor': "Supervisor's review",
    'swmsReview.supervisor.forReview': 'For Review',
    'swmsReview.supervisor.marking': 'Saving the review',
    'swmsReview.supervisor.reviewed': 'Reviewed',
    'swmsReview.supervisor.returning': 'Returning it for review',
  },
  events: {
    'swms.received': 'the SWMS is read again',
    'review.mark': "'Check as Reviewed'",
    'review.return': "'Return for Review'",
    'xstate.done.actor.markCompanyAdminReviewed': 'when the review is saved',
    'xstate.error.actor.markCompanyAdminReviewed': 'when saving the review fails',
    'xstate.done.actor.returnCompanyAdminForReview': 'when the return is saved',
    'xstate.error.actor.returnCompanyAdminForReview': 'when saving the return fails',
    'xstate.done.actor.markSupervisorReviewed': 'when the review is saved',
    'xstate.error.actor.markSupervisorReviewed': 'when saving the review fails',
    'xstate.done.actor.returnSupervisorForReview': 'when the return is saved',
    'xstate.error.actor.returnSupervisorForReview': 'when saving the return fails',
  },
  guards: {
    isSameSwms: 'it is this SWMS',
    isViewerFlag: "the viewer's role acts on this flag",
    isReviewed: 'the record says Reviewed',
    isForReview: 'the record says For Review',
  },
} satisfies MachineLabels;
