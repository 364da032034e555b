import { describeModel } from './runner';
import { swmsSignOnModel } from './swms-signon.model';

describeModel(swmsSignOnModel);
