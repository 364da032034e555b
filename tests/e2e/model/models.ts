import { bulkSelectionModel } from './bulk-selection.model';
import { clientOnboardingModel } from './client-onboarding.model';
import { inviteAcceptanceModel } from './invite-acceptance.model';
import type { ModelDefinition } from './runner';
import { sessionModel } from './session.model';
import { signInRedirectModel } from './sign-in-redirect.model';
import { siteCheckInModel } from './site-check-in.model';
import { siteEditorModel } from './site-editor.model';
import { swmsBuilderModel } from './swms-builder.model';
import { swmsOutboxModel } from './swms-outbox.model';
import { swmsReviewModel } from './swms-review.model';
import { swmsSignOnModel } from './swms-signon.model';
import { tradesHomeModel } from './trades-home.model';
import { tradesProfileModel } from './trades-profile.model';

/** Every machine driven in the browser; the drift test (tests/machines/browser-model-drift.test.ts) reads this list. */
export const browserModels: readonly ModelDefinition[] = [sessionModel, signInRedirectModel, inviteAcceptanceModel, clientOnboardingModel, bulkSelectionModel, swmsReviewModel, swmsOutboxModel, swmsBuilderModel, siteCheckInModel, siteEditorModel, tradesHomeModel, tradesProfileModel, swmsSignOnModel];
