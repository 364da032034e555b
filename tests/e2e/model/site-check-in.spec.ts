import { describeModel } from './runner';
import { siteCheckInModel } from './site-check-in.model';

describeModel(siteCheckInModel);
