import { describeModel } from './runner';
import { clientOnboardingModel } from './client-onboarding.model';

describeModel(clientOnboardingModel);
