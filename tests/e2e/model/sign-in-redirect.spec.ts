import { describeModel } from './runner';
import { signInRedirectModel } from './sign-in-redirect.model';

describeModel(signInRedirectModel);
